import Foundation

/// Types shared by the encoder and decoder tests.
enum TodoAction: Codable, Equatable {
    case add(title: String, priority: Int)
    case toggle(id: Int)
    case remove(Int)
    case rename(Int, to: String)
    case clearCompleted
}

enum Filter: String, Codable, Equatable {
    case all, active, completed
}

struct Todo: Codable, Equatable {
    var id: Int
    var title: String
    var done: Bool
    var note: String?
    var tags: [String]
}

struct TodoState: Codable, Equatable {
    var todos: [Todo]
    var filter: Filter
    var selected: Int?
}

struct Item: Codable, Equatable {
    var name: String
    var price: Double
}

struct Cart: Codable, Equatable {
    var items: [Item]
}

struct Foundations: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var amount: Decimal
}

struct Integers: Codable, Equatable {
    var int8 = Int8.min
    var int16 = Int16.min
    var int32 = Int32.min
    var int64 = Int64.max
    var int64Min = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
}

/// Writes `first` with `encode` (nil becomes null) and `second` with `encodeIfPresent`.
struct ExplicitOptionals: Codable, Equatable {
    var first: Int?
    var second: Int?

    enum CodingKeys: String, CodingKey {
        case first, second
    }

    init(first: Int?, second: Int?) {
        self.first = first
        self.second = second
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        first = try container.decode(Int?.self, forKey: .first)
        second = try container.decodeIfPresent(Int.self, forKey: .second)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(first, forKey: .first)
        try container.encodeIfPresent(second, forKey: .second)
    }
}

class Animal: Codable {
    var name: String

    init(name: String) {
        self.name = name
    }
}

/// Uses `superEncoder()`, nested keyed and unkeyed containers by hand.
final class Dog: Animal, @unchecked Sendable {
    var tricks: [String]
    var position: (x: Int, y: Int)

    enum CodingKeys: String, CodingKey {
        case tricks, position, x, y
    }

    init(name: String, tricks: [String], position: (Int, Int)) {
        self.tricks = tricks
        self.position = position
        super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var tricksContainer = try container.nestedUnkeyedContainer(forKey: .tricks)
        var tricks: [String] = []
        while !tricksContainer.isAtEnd {
            tricks.append(try tricksContainer.decode(String.self))
        }
        self.tricks = tricks
        let positionContainer = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .position)
        position = (try positionContainer.decode(Int.self, forKey: .x), try positionContainer.decode(Int.self, forKey: .y))
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var tricksContainer = container.nestedUnkeyedContainer(forKey: .tricks)
        for trick in tricks {
            try tricksContainer.encode(trick)
        }
        var positionContainer = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .position)
        try positionContainer.encode(position.x, forKey: .x)
        try positionContainer.encode(position.y, forKey: .y)
        try super.encode(to: container.superEncoder())
    }
}

/// Builds a nested array of pairs through unkeyed nested containers.
struct Matrix: Codable, Equatable {
    var rows: [[Int]]

    init(rows: [[Int]]) {
        self.rows = rows
    }

    init(from decoder: any Decoder) throws {
        var outer = try decoder.unkeyedContainer()
        var rows: [[Int]] = []
        while !outer.isAtEnd {
            var inner = try outer.nestedUnkeyedContainer()
            var row: [Int] = []
            while !inner.isAtEnd {
                row.append(try inner.decode(Int.self))
            }
            rows.append(row)
        }
        self.rows = rows
    }

    func encode(to encoder: any Encoder) throws {
        var outer = encoder.unkeyedContainer()
        for row in rows {
            var inner = outer.nestedUnkeyedContainer()
            for value in row {
                try inner.encode(value)
            }
        }
    }
}

/// Two-digit fixed-point money written through a single-value container.
struct Cents: Codable, Equatable {
    var value: Int

    init(_ value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// 2026-11-30T02:42:57.123Z, built from whole milliseconds as the encoder rounds.
let sampleDate = Date(timeIntervalSinceReferenceDate: Double(1_796_006_577_123 - 978_307_200_000) / 1000)
