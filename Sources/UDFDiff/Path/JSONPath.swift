import UDFJSON

/// A jq-like path into a JSON value, such as `.todos[id=3].title`.
///
/// For example:
/// ```swift
/// let path = try JSONPath(parsing: ".todos[*].done")
/// path.select(in: state).map(\.value) // [false, true]
/// ```
///
/// Syntax: `.` alone is the root; `.name` a member; `.["any key"]` a member
/// with a quoted JSON string; `[3]` an element; `[*]` every element or member;
/// `[id=42]` or `[id="abc"]` the element whose `id` equals the literal.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public var components: [PathComponent]

    public init(components: [PathComponent]) {
        self.components = components
    }

    /// The path to the whole value: `.`.
    public static let root = JSONPath(components: [])

    /// Parses a path.
    ///
    /// - Throws: `PathSyntaxError` with the 1-based column of the first problem.
    public init(parsing text: String) throws(PathSyntaxError) {
        var cursor = SyntaxCursor(text)
        do throws(SyntaxFailure) {
            components = try JSONPathParser.parse(&cursor).components
            if let extra = cursor.current {
                throw cursor.failure("unexpected '\(extra)'")
            }
        } catch {
            throw PathSyntaxError(message: error.message, column: error.column)
        }
    }

    public var description: String {
        components.isEmpty ? "." : components.map(\.description).joined()
    }

    /// This path with `component` appended.
    public func appending(_ component: PathComponent) -> JSONPath {
        JSONPath(components: components + [component])
    }
}
