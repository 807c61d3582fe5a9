import UDFJSON

/// A `--json` document, indented with sorted keys as `Console.json` prints
/// it, whose one array member is printed an element at a time as the
/// elements arrive: a long answer (`blame` on a value that grows every step)
/// is never held whole, and the output reads the same as printed at once.
/// Nothing is printed before the first element or the end, so a read that
/// fails before its first answer prints no half document.
///
/// For example:
/// ```swift
/// var document = try StreamedJSONDocument(console, envelope: header, streaming: "changes")
/// try document.print { document in
///     document.append(try StreamedJSONDocument.element(change))
/// }
/// ```
struct StreamedJSONDocument {
    /// The spaces of one level of indentation.
    static let indent = 2

    private let console: Console
    /// The members before the array, and its opening bracket; printed with the first element.
    private let head: String
    /// What follows the array: the members after it, and the closing brace.
    private let tail: String
    /// The elements printed so far.
    private(set) var count = 0

    /// A document of `envelope`'s members and an array named `key`; the
    /// envelope must not have a member named `key`.
    init(_ console: Console, envelope: some Encodable, streaming key: String) throws(InspectError) {
        guard case .object(var members) = try Console.jsonValue(envelope) else {
            throw InspectError.invalidData("cannot write the JSON output: its envelope is not an object")
        }
        members[key] = .array([])
        var text: [UInt8] = [UInt8(ascii: "{")]
        var before: [UInt8] = []
        for (index, member) in JSONWriter.sortedMembers(members).enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONWriter.appendNewline(indentation: Self.indent, to: &text)
            JSONWriter.appendString(member.key, to: &text)
            text += Array(": ".utf8)
            if member.key == key {
                text.append(UInt8(ascii: "["))
                before = text
                text = []
            } else {
                JSONWriter.appendPretty(member.value, indent: Self.indent, level: 1, to: &text)
            }
        }
        JSONWriter.appendNewline(indentation: 0, to: &text)
        text += Array("}\n".utf8)
        self.console = console
        head = String(decoding: before, as: UTF8.self)
        tail = String(decoding: text, as: UTF8.self)
    }

    /// An element's text, indented for its place in the array. It can be
    /// made on any thread, such as the one that found the element.
    static func element(_ model: some Encodable) throws(InspectError) -> String {
        String(decoding: try Console.jsonText(model, style: .pretty(indent: indent, level: 2)), as: UTF8.self)
    }

    /// A step's text, as `element(_:)` makes it from its `Encodable` form.
    static func element(_ record: StepRecord) -> String {
        var bytes: [UInt8] = []
        record.appendPrettyJSON(indent: indent, level: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `read`, which appends the elements, then closes the document.
    /// A read that fails after an element was printed closes it too, so
    /// stdout stays one JSON document, of the elements before the failure;
    /// the error, thrown on, and its exit code say it is not whole.
    mutating func print<Result>(_ read: (inout StreamedJSONDocument) throws(InspectError) -> Result) throws(InspectError) -> Result {
        do {
            let result = try read(&self)
            finish()
            return result
        } catch {
            if count > 0 { finish() }
            throw error
        }
    }

    /// Prints one element, made by `element(_:)`.
    mutating func append(_ element: String) {
        console.write((count == 0 ? head + Self.firstSeparator : Self.separator) + element)
        count += 1
    }

    /// Closes the array and prints the rest of the document.
    private func finish() {
        console.write((count == 0 ? head : Self.lastSeparator) + "]" + tail)
    }

    /// What comes before the first element, between two, and after the last.
    private static let firstSeparator = "\n" + String(repeating: " ", count: 2 * indent)
    private static let separator = "," + firstSeparator
    private static let lastSeparator = "\n" + String(repeating: " ", count: indent)
}
