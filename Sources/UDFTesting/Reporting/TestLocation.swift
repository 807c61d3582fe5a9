import Testing

/// Where in a test a check was written, in the forms both Swift Testing and
/// XCTest need: XCTest takes the file as a `StaticString`, Swift Testing as a
/// `SourceLocation`.
///
/// Every checking method takes `fileID`, `filePath`, `line` and `column`
/// defaulted to the caller's, and wraps them in one of these.
public struct TestLocation: Sendable {
    public let fileID: StaticString
    public let filePath: StaticString
    public let line: UInt
    public let column: UInt

    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The location as Swift Testing records it.
    public var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
