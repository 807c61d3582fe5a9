import UDFJSON

/// A set of `id` values, hashed by their bytes with FNV-1a.
///
/// Ids are short numbers and strings; hashing their UTF-8 directly costs
/// a fraction of `Hasher`, whose seeding and finalizing dominate for a few
/// bytes. Equal ids (the recording's equality: numbers by text, strings by
/// scalars) have equal bytes, so equal hashes; `==` decides membership.
struct IDSet {
    /// Positions in `ids` plus one, by hash; 0 is an empty slot.
    private var slots: [Int32]
    private var ids: [JSONValue] = []
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        ids.reserveCapacity(capacity)
    }

    /// A set of `ids`, which need not be unique.
    init(_ ids: [JSONValue]) {
        self.init(capacity: ids.count)
        for id in ids { _ = insert(id) }
    }

    /// Adds `id`; false when an equal id is already in the set.
    mutating func insert(_ id: JSONValue) -> Bool {
        var slot = Int(truncatingIfNeeded: Self.hash(id)) & mask
        while slots[slot] != 0 {
            if ids[Int(slots[slot]) - 1] == id { return false }
            slot = (slot + 1) & mask
        }
        ids.append(id)
        slots[slot] = Int32(ids.count)
        if ids.count * 2 > slots.count { grow() }
        return true
    }

    func contains(_ id: JSONValue) -> Bool {
        var slot = Int(truncatingIfNeeded: Self.hash(id)) & mask
        while slots[slot] != 0 {
            if ids[Int(slots[slot]) - 1] == id { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    private mutating func grow() {
        var larger = IDSet(capacity: ids.count * 2)
        for id in ids { _ = larger.insert(id) }
        self = larger
    }

    private static func hash(_ id: JSONValue) -> UInt64 {
        switch id {
        case .number(let number): fnv(number.text, seed: 0xcbf2_9ce4_8422_2325)
        case .string(let string): fnv(string, seed: 0x8422_2325_cbf2_9ce4)
        default: UInt64(bitPattern: Int64(id.hashValue))
        }
    }

    private static func fnv(_ text: String, seed: UInt64) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        // FNV's low bits mix poorly; fold the high ones in before masking.
        return hash ^ (hash >> 29)
    }
}
