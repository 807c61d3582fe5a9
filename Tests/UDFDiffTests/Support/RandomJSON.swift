import TestSupport
import UDFJSON

/// Random JSON values and random edits of them, for round-trip tests.
struct RandomJSON {
    var generator: SplitMix64
    private var nextID = 1_000

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func scalar() -> JSONValue {
        switch int(0...6) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .number(JSONNumber(int(-5...5)))
        case 3: return .number(JSONNumber(Double(int(-50...50)) / 4))
        case 4: return .string(["a", "b", "c~/", "line\nbreak", "x/y", ""][int(0...5)])
        case 5: return .string("s\(int(0...9))")
        default: return .number(JSONNumber(int(0...3)))
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        if depth <= 0 || chance(35) { return scalar() }
        switch int(0...2) {
        case 0:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(0...4) { members[key()] = value(depth: depth - 1) }
            return .object(members)
        case 1:
            return .array((0..<int(0...5)).map { _ in value(depth: depth - 1) })
        default:
            return identifiedArray(depth: depth)
        }
    }

    mutating func key() -> String {
        ["a", "b", "c", "d", "e/f", "g~h", "", "id2"][int(0...7)]
    }

    mutating func identifiedArray(depth: Int) -> JSONValue {
        .array((0..<int(0...6)).map { _ in identified(depth: depth) })
    }

    mutating func identified(depth: Int) -> JSONValue {
        nextID += 1
        let id: JSONValue = chance(50) ? .number(JSONNumber(nextID)) : .string("k\(nextID)")
        return .object(["id": id, "title": scalar(), "done": .bool(chance(50)), "child": value(depth: depth - 1)])
    }

    /// `value` with a few random edits anywhere in it.
    mutating func mutate(_ value: JSONValue, depth: Int = 0) -> JSONValue {
        if chance(10) { return self.value(depth: 2) }
        switch value {
        case .object(var members):
            if chance(30), let key = members.keys.sorted().randomElement(using: &generator) {
                members[key] = nil
            }
            if chance(30) { members[key()] = self.value(depth: 2) }
            for key in members.keys.sorted() where chance(40) {
                members[key] = mutate(members[key] ?? .null, depth: depth + 1)
            }
            return .object(members)
        case .array(var elements):
            let identifiedArray = !elements.isEmpty && elements.allSatisfy { $0["id"] != nil }
            if chance(30), !elements.isEmpty { elements.remove(at: int(0...(elements.count - 1))) }
            if chance(30) {
                let fresh = identifiedArray ? identified(depth: 2) : self.value(depth: 2)
                elements.insert(fresh, at: int(0...elements.count))
            }
            if chance(30), elements.count > 1 {
                let element = elements.remove(at: int(0...(elements.count - 1)))
                elements.insert(element, at: int(0...elements.count))
            }
            if chance(10) { elements.shuffle(using: &generator) }
            for index in elements.indices where chance(30) {
                if identifiedArray, case .object(var members) = elements[index] {
                    members["title"] = scalar()
                    if chance(50) { members["child"] = mutate(members["child"] ?? .null, depth: depth + 1) }
                    elements[index] = .object(members)
                } else {
                    elements[index] = mutate(elements[index], depth: depth + 1)
                }
            }
            return .array(elements)
        default:
            return chance(70) ? scalar() : value
        }
    }
}
