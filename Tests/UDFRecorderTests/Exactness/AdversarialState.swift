import Foundation
import TestSupport
import UDF

/// A host state built to break shortcuts: look-alike strings, extreme and
/// signed-zero numbers, dates, decimals, optionals that come and go, enums
/// nested in enums, dictionaries keyed by numbers, nested dictionaries, and
/// class instances changed in place.
struct AdversarialState: Codable, Sendable {
    /// A class instance: its properties change while the reference does not.
    final class Box: Codable, @unchecked Sendable {
        var count: Int
        var label: String

        init(count: Int, label: String) {
            self.count = count
            self.label = label
        }
    }

    struct Detail: Codable, Sendable {
        var when: Date
        var amount: Decimal
        var flags: [Bool]
        var note: String?
    }

    indirect enum Shape: Codable, Sendable {
        case empty
        case circle(radius: Double)
        case label(String, size: Int?)
        case detailed(Detail)
        case pair(Shape, Shape)
        case boxed(Box)
    }

    /// `done` before `id` leaves padding inside the struct.
    struct Row: Codable, Sendable {
        var done: Bool
        var id: Int
        var title: String
        var shape: Shape
        var score: Double
        var big: Int64
    }

    var rows: [Row] = []
    var log: [String] = []
    var byID: [Int: String] = [:]
    var byName: [String: Int] = [:]
    var boxes: [Box] = []
    var nested: [String: [String: Double]] = [:]
    var detail: Detail?
    var shapes: [Shape] = []
}

enum AdversarialAction: Codable, Sendable {
    /// Any change but one to a box in place; the seed picks it.
    case edit(seed: UInt64)
    /// Changes a box's properties in place, behind an unchanged reference.
    case poke(box: Int, by: Int)
}

extension AdversarialState {
    static let strings: [String] = [
        "caf\u{E9}", "cafe\u{301}", "\u{212B}", "\u{C5}", "\u{2126}", "\u{3A9}", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}",
        "a\u{308}\u{301}", "a\u{301}\u{308}", "👩‍👩‍👧", "👩‍👩", "مرحبا", "שלום עולם", "\u{202E}abc", "", " ", "plain",
        "quote\"back\\slash", "line\nbreak", "\u{0}nul", "ﬁ", "fi",
    ]

    static let numbers: [Double] = [
        0.0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 2.2250738585072014e-308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1, 1.5, 0.1, 1e15, 1e16, 123_456.789,
    ]

    static let decimals: [Decimal] = [
        Decimal(0), Decimal(string: "-0")!, Decimal(string: "123.456")!, Decimal(string: "-98765432109876543210")!,
        Decimal(string: "0.000000000000000000000000000001")!,
    ]

    static let bigs: [Int64] = [.min, .max, 0, -1, 1 << 53, (1 << 53) + 1]

    static let reducer = Reducer<AdversarialState, AdversarialAction> { state, action in
        switch action {
        case .edit(let seed):
            var random = TestSupport.SplitMix64(seed: seed)
            state.edit(&random)
        case .poke(let box, let by):
            if state.boxes.indices.contains(box) {
                state.boxes[box].count += by
                state.boxes[box].label = AdversarialState.strings[abs(by) % AdversarialState.strings.count]
            }
        }
        return .none
    }

    private static func pick<T>(_ values: [T], _ random: inout TestSupport.SplitMix64) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    private static func shape(_ random: inout TestSupport.SplitMix64, depth: Int = 0) -> Shape {
        switch random.next() % (depth > 1 ? 4 : 6) {
        case 0: return .empty
        case 1: return .circle(radius: pick(numbers, &random))
        case 2: return .label(pick(strings, &random), size: random.next() % 2 == 0 ? nil : Int(random.next() % 9))
        case 3: return .detailed(detail(&random))
        case 4: return .pair(shape(&random, depth: depth + 1), shape(&random, depth: depth + 1))
        default: return .boxed(Box(count: Int(random.next() % 5), label: pick(strings, &random)))
        }
    }

    private static func detail(_ random: inout TestSupport.SplitMix64) -> Detail {
        Detail(
            when: Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000) / 1_000),
            amount: pick(decimals, &random),
            flags: (0..<Int(random.next() % 4)).map { _ in random.next() % 2 == 0 },
            note: random.next() % 3 == 0 ? nil : pick(strings, &random)
        )
    }

    private mutating func edit(_ random: inout TestSupport.SplitMix64) {
        let strings = Self.strings
        switch random.next() % 12 {
        case 0, 1:
            rows.append(Row(
                done: random.next() % 2 == 0, id: rows.count, title: Self.pick(strings, &random),
                shape: Self.shape(&random), score: Self.pick(Self.numbers, &random), big: Self.pick(Self.bigs, &random)
            ))
        case 2 where !rows.isEmpty:
            let index = Int(random.next() % UInt64(rows.count))
            rows[index].title = Self.pick(strings, &random)
        case 3 where !rows.isEmpty:
            let index = Int(random.next() % UInt64(rows.count))
            rows[index].score = Self.pick(Self.numbers, &random)
            rows[index].done.toggle()
        case 4 where !rows.isEmpty:
            let index = Int(random.next() % UInt64(rows.count))
            rows[index].shape = Self.shape(&random)
        case 5:
            log.append(Self.pick(strings, &random))
            if log.count > 24 { log.removeFirst(3) }
        case 6:
            byID[Int(random.next() % 8) - 4] = random.next() % 4 == 0 ? nil : Self.pick(strings, &random)
        case 7:
            // Keys that differ only in normalization replace one another.
            let key = Self.pick(strings, &random)
            if byName.count > 6 { byName.removeAll() }
            byName[key] = Int(random.next() % 100)
        case 8:
            boxes.append(Box(count: Int(random.next() % 10), label: Self.pick(strings, &random)))
            if boxes.count > 5 { boxes.removeFirst() }
        case 9:
            let outer = Self.pick(strings, &random)
            if nested.count > 4 { nested.removeAll() }
            if (nested[outer]?.count ?? 0) > 4 { nested[outer] = nil }
            nested[outer, default: [:]][Self.pick(strings, &random)] = Self.pick(Self.numbers, &random)
        case 10:
            detail = random.next() % 2 == 0 ? nil : Self.detail(&random)
        default:
            shapes.append(Self.shape(&random))
            if shapes.count > 8 { shapes.remove(at: Int(random.next() % 8)) }
        }
        if rows.count > 24 { rows.removeFirst(6) }
    }
}
