import Testing
@testable import UDFInspect
import UDFJSON

/// A streamed `--json` document must read exactly as the whole model
/// printed at once by `Console.json`.
@Suite struct StreamedJSONDocumentTests {
    /// Members before and after the streamed one, a key that reads like it,
    /// and a nested object whose keys must be sorted too.
    private struct Envelope: Encodable {
        let at = 5
        let path = ".a[\"changes\"]"
        let timeline = "main"
        let zebra = ["b": 1, "a": 2]
    }

    @Test(arguments: [0, 1, 3])
    func readsAsTheWholeDocument(_ count: Int) throws {
        let elements: [JSONValue] = (0..<count).map { index in
            .object(["step": .number(JSONNumber(index)), "new": .array([.string("e\u{301}\n"), .object([:]), .array([])]), "old": .null])
        }
        guard case .object(var members) = try Console.jsonValue(Envelope()) else {
            Issue.record("the envelope is not an object")
            return
        }
        members["changes"] = .array(elements)
        let whole = Console.capturing()
        try whole.json(JSONValue.object(members))
        let streamed = Console.capturing()
        var document = try StreamedJSONDocument(streamed, envelope: Envelope(), streaming: "changes")
        try document.print { document throws(InspectError) in
            for element in elements { document.append(try StreamedJSONDocument.element(element)) }
        }
        #expect(streamed.stdout == whole.stdout)
        #expect(document.count == count)
    }

    /// A read that fails after an element closes the document over the
    /// elements before it; one that fails first prints nothing.
    @Test func aFailedReadLeavesOneDocumentOrNothing() throws {
        let failure = InspectError.invalidData("the read failed")
        for printedFirst in [0, 2] {
            let streamed = Console.capturing()
            var document = try StreamedJSONDocument(streamed, envelope: Envelope(), streaming: "changes")
            #expect(throws: failure) {
                try document.print { document throws(InspectError) in
                    for index in 0..<printedFirst { document.append(try StreamedJSONDocument.element(index)) }
                    throw failure
                }
            }
            if printedFirst == 0 {
                #expect(streamed.stdout == "")
            } else {
                let parsed = try JSONParser().parse(Array(streamed.stdout.utf8))
                #expect(parsed["changes"] == .array([.number(JSONNumber(0)), .number(JSONNumber(1))]))
                #expect(parsed["timeline"] == .string("main"))
            }
        }
    }
}
