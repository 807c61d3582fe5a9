import Testing
import UDFJSON
@testable import UDFDiff

/// `EditedTreeHash` against the plain tree hash, along chains of patches
/// applied in place, as `verify`'s walk applies them.
@Suite struct EditedTreeHashTests {
    /// Values a shortcut by bits or by `==` would confuse: `-0` and `0`,
    /// canonically equivalent keys and strings, huge numbers, long strings.
    static let adversarial: [JSONValue] = [
        .number(JSONNumber(literal: "-0")!), .number(JSONNumber(literal: "0")!), .number(JSONNumber(literal: "-0.0")!),
        .number(JSONNumber(literal: "123456789012345678901234567890")!), .number(JSONNumber(literal: "1e300")!),
        .string("caf\u{E9}"), .string("cafe\u{301}"), .string(String(repeating: "long ", count: 40)),
        .object(["caf\u{E9}": .number(JSONNumber(1))]), .object(["cafe\u{301}": .number(JSONNumber(1))]), .array([]), .object([:]), .null,
    ]

    static let adversarialKeys = ["caf\u{E9}", "cafe\u{301}", "\u{212B}", "\u{C5}", "e/f", "g~h", ""]

    /// Walks chains of random patches: the patch between random edits of
    /// the state, and operations written here (moves, copies, tests, adds
    /// at `-`, the root replaced), each applied in place and noted, and
    /// every state's hash compared with the plain one.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everyPatchedStateHashesAsThePlainHash(seed: UInt64) throws {
        var random = RandomJSON(seed: seed)
        let hasher = EditedTreeHash()
        var state = random.value(depth: 4)
        #expect(hasher.hash(of: state) == StateTreeHash.value(of: state))
        var checked = 0
        for round in 0..<400 {
            let patch = round % 3 == 2 ? Self.written(on: state, &random) : JSONPatch.make(from: state, to: random.mutate(state))
            var next = state
            do {
                try patch.apply(inPlace: &next)
            } catch {
                // A written patch may not apply: the walk would stop, and the memo start over.
                hasher.reset()
                #expect(hasher.hash(of: state) == StateTreeHash.value(of: state))
                continue
            }
            state = next
            hasher.note(patch)
            let plain = StateTreeHash.value(of: state)
            #expect(hasher.hash(of: state) == plain, "round \(round), patch \(compactJSON(patch.jsonValue))")
            checked += 1
        }
        #expect(checked > 300)
    }

    /// A patch of one to three operations on random places of `state`.
    static func written(on state: JSONValue, _ random: inout RandomJSON) -> JSONPatch {
        var operations: [PatchOperation] = []
        for _ in 0..<random.int(1...3) {
            let target = place(in: state, &random)
            let value = random.chance(40) ? adversarial[random.int(0...(adversarial.count - 1))] : random.value(depth: 2)
            let parent = JSONPointer(tokens: Array(target.tokens.dropLast()))
            switch random.int(0...7) {
            case 0: operations.append(.replace(path: target, value: value))
            case 1: operations.append(.remove(path: target))
            case 2: operations.append(.add(path: JSONPointer(tokens: parent.tokens + ["-"]), value: value))
            case 3: operations.append(.add(path: JSONPointer(tokens: parent.tokens + [adversarialKeys[random.int(0...(adversarialKeys.count - 1))]]), value: value))
            case 4: operations.append(.move(from: target, path: place(in: state, &random)))
            case 5: operations.append(.copy(from: place(in: state, &random), path: target))
            case 6: operations.append(.test(path: target, value: value))
            default: operations.append(random.chance(20) ? .replace(path: JSONPointer(tokens: []), value: value) : .add(path: target, value: value))
            }
        }
        return JSONPatch(operations)
    }

    /// A pointer to a random value in `state`, the root included.
    static func place(in state: JSONValue, _ random: inout RandomJSON) -> JSONPointer {
        var tokens: [String] = []
        var current = state
        while random.chance(75) {
            switch current {
            case .object(let members) where !members.isEmpty:
                let key = members.keys.sorted()[random.int(0...(members.count - 1))]
                tokens.append(key)
                current = members[key] ?? .null
            case .array(let elements) where !elements.isEmpty:
                let index = random.int(0...(elements.count - 1))
                tokens.append(String(index))
                current = elements[index]
            default:
                return JSONPointer(tokens: tokens)
            }
        }
        return JSONPointer(tokens: tokens)
    }

    /// One wide array, edited at its front, middle and end, and a deep
    /// path edited again and again: the memo's sums by delta and by shift.
    @Test func aLongArrayEditedInPlaceAndShiftedHashesAsThePlainHash() throws {
        let hasher = EditedTreeHash()
        var state = JSONValue.object(["items": .array((0..<300).map { .object(["id": .number(JSONNumber($0)), "score": .number(JSONNumber(0))]) })])
        #expect(hasher.hash(of: state) == StateTreeHash.value(of: state))
        let patches: [[PatchOperation]] = (0..<60).map { round in
            switch round % 5 {
            case 0: [.replace(path: JSONPointer(tokens: ["items", String(round), "score"]), value: .number(JSONNumber(round)))]
            case 1: [.add(path: JSONPointer(tokens: ["items", "0"]), value: .number(JSONNumber(literal: "-0")!))]
            case 2: [.remove(path: JSONPointer(tokens: ["items", "0"]))]
            case 3: [.replace(path: JSONPointer(tokens: ["items", "299", "score"]), value: .string("caf\u{E9}")),
                     .replace(path: JSONPointer(tokens: ["items", "299", "score"]), value: .string("cafe\u{301}"))]
            default: [.move(from: JSONPointer(tokens: ["items", "5"]), path: JSONPointer(tokens: ["items", "-"]))]
            }
        }
        for operations in patches {
            let patch = JSONPatch(operations)
            try patch.apply(inPlace: &state)
            hasher.note(patch)
            #expect(hasher.hash(of: state) == StateTreeHash.value(of: state), "\(compactJSON(patch.jsonValue))")
        }
    }

    /// A log that grows at its end, is cut at its end, and changes in
    /// place, within one patch and across patches: appends are measured
    /// without making every term again.
    @Test func aLogThatGrowsAndShrinksAtItsEndHashesAsThePlainHash() throws {
        let hasher = EditedTreeHash()
        var state = JSONValue.object(["log": .array([]), "total": .number(JSONNumber(0))])
        #expect(hasher.hash(of: state) == StateTreeHash.value(of: state))
        func log(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: ["log"] + tokens) }
        for round in 0..<200 {
            let entry = JSONValue.string(round % 7 == 3 ? "caf\u{E9} \(round)" : "paid \(round) cents")
            let count = state["log"]?.arrayValue?.count ?? 0
            var operations: [PatchOperation] = [.add(path: log("-"), value: entry), .replace(path: JSONPointer(tokens: ["total"]), value: .number(JSONNumber(round)))]
            switch round % 6 {
            case 0 where count > 1:
                // The last, measured before, cut; then the new one, added this patch, cut.
                operations.insert(.remove(path: log(String(count - 1))), at: 0)
                operations.append(.remove(path: log(String(count - 1))))
            case 5 where count > 0:
                operations += [.replace(path: log(String(count)), value: .string("changed")), .remove(path: log(String(count))), .add(path: log(String(count)), value: entry)]
            case 1: operations.append(.remove(path: log(String(round / 2))))
            case 2: operations += [.replace(path: log("\(round / 2 - 1)"), value: .string("cafe\u{301}")), .remove(path: log("\(round / 2 - 1)"))]
            case 3: operations += [.add(path: log("\(round / 2)"), value: .number(JSONNumber(literal: "-0")!)), .remove(path: log("\(round / 2)"))]
            case 4: operations += [.replace(path: log("0"), value: .number(JSONNumber(literal: "-0.0")!)), .add(path: log("-"), value: entry)]
            default: break
            }
            let patch = JSONPatch(operations)
            try patch.apply(inPlace: &state)
            hasher.note(patch)
            #expect(hasher.hash(of: state) == StateTreeHash.value(of: state), "round \(round): \(compactJSON(patch.jsonValue))")
        }
    }
}
