import Testing
@testable import UDFInspect
import UDFJSON

/// A streamed `--json` document must read exactly as the whole model
/// printed at once by `Console.json`.
@Suite struct StreamedJSONDocumentTests {
    private struct Envelope: Encodable {
        let at: Int
        let path: String
        let timeline: String
        let zebra: [String: Int]
    }

    private struct Whole: Encodable {
        let at: Int
        let path: String
        let timeline: String
        let zebra: [String: Int]
        let changes: [JSONValue]
    }

    @Test(arguments: [0, 1, 3])
    func readsAsTheWholeDocument(_ count: Int) throws {
        let elements: [JSONValue] = (0..<count).map { index in
            .object(["step": .number(JSONNumber(index)), "new": .array([.string("e\u{301}\n"), .object([:]), .array([])]), "old": .null])
        }
        let envelope = Envelope(at: 5, path: ".a[\"changes\"]", timeline: "main", zebra: ["b": 1, "a": 2])
        let whole = Console.capturing()
        try whole.json(Whole(at: 5, path: envelope.path, timeline: "main", zebra: envelope.zebra, changes: elements))
        let streamed = Console.capturing()
        var document = try StreamedJSONDocument(streamed, envelope: envelope, streaming: "changes")
        for element in elements { document.append(try StreamedJSONDocument.element(element)) }
        document.finish()
        #expect(streamed.stdout == whole.stdout)
    }
}
