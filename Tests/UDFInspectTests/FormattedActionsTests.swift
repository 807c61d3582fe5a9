import Testing
import UDFJSON
@testable import UDFInspect

@Suite struct FormattedActionsTests {
    /// Actions that a memo keyed carelessly would confuse: two spellings
    /// of one letter (equal as `String`s), `-0.0` and `0.0`, `1e2` and
    /// `100`, keys in two normalizations, a Redux action, a string, an
    /// action past the table's width, and nil.
    static let actions: [JSONValue?] = {
        func action(_ text: String) -> JSONValue { try! JSONParser().parse(Array(text.utf8)) }
        return [
            nil,
            action(#"{"rename":{"_0":"caf\u00e9"}}"#), action(#"{"rename":{"_0":"cafe\u0301"}}"#),
            action(#"{"move":{"by":-0.0}}"#), action(#"{"move":{"by":0.0}}"#),
            action(#"{"move":{"by":1e2}}"#), action(#"{"move":{"by":100}}"#),
            action(#"{"set":{"caf\u00e9":1}}"#), action(#"{"set":{"cafe\u0301":1}}"#),
            action(#"{"type":"todos/added","payload":{"id":7}}"#), action(#""submitLogin""#),
            .object(["load": .object(["_0": .string(String(repeating: "é", count: 300))])]),
            action(#"{"bump":{"index":3}}"#),
        ]
    }()

    /// `value` with every array and object rebuilt in storage of its own.
    static func copied(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.map(copied))
        case .object(let members): .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, copied($0.value)) }))
        default: value
        }
    }

    @Test(arguments: [StepTable.actionWidth, nil])
    func writesWhatTheFormatterWrites(maxWidth: Int?) {
        var memo = FormattedActions(maxWidth: maxWidth)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var action = Self.actions.randomElement(using: &random)!
            // Half the time an equal copy in storage of its own, which the
            // memo must find by value where it finds the original by storage.
            if Bool.random(using: &random), let original = action {
                action = Self.copied(original)
                #expect(action == original && !action!.isIdentical(to: original))
            }
            // By bytes: `String`'s `==` would take the two spellings as equal.
            #expect(Array(memo.text(of: action).utf8) == Array(ActionFormatter.format(action, maxWidth: maxWidth).utf8))
        }
    }

    @Test func startsAgainPastItsLimitAndStillAnswersRight() {
        var memo = FormattedActions(maxWidth: nil)
        for round in 0..<2 {
            for index in 0..<(FormattedActions.limit + 100) {
                let action = JSONValue.object(["bump": .object(["index": .number(JSONNumber(Double(index)))])])
                #expect(memo.text(of: action) == "bump(index: \(index))", "round \(round)")
            }
        }
    }

    /// A large action is written every time and never kept: the memo holds
    /// no action whose text is longer than `longest` bytes.
    @Test func keepsNoLargeAction() {
        var memo = FormattedActions(maxWidth: StepTable.actionWidth)
        for index in 0..<50 {
            let items = (0..<200).map { JSONValue.number(JSONNumber(Double(index * 1_000 + $0))) }
            let action = JSONValue.object(["load": .object(["_0": .array(items)])])
            #expect(memo.text(of: action) == ActionFormatter.format(action, maxWidth: StepTable.actionWidth))
        }
        #expect(memo.count == 0)
        _ = memo.text(of: .object(["bump": .object(["index": .number(JSONNumber(3))])]))
        #expect(memo.count == 1)
    }
}
