import Synchronization

/// The identity of an array's or object's storage buffer.
///
/// Arrays and dictionaries are copy-on-write: two values that share one
/// buffer hold the same contents for as long as both are alive, because a
/// shared buffer is copied before it is changed. So equal identities, taken
/// from two values that are both still alive, prove equal contents in O(1).
/// Different identities prove nothing.
public struct JSONStorageIdentity: Hashable, Sendable {
    let address: UInt
}

extension JSONValue {
    /// The identity of this array's or object's storage; nil for scalars.
    ///
    /// Meaningful only while the value it was taken from is alive: a freed
    /// buffer's address can be reused by a new one.
    public var storageIdentity: JSONStorageIdentity? {
        switch self {
        case .array(let elements):
            return JSONStorageIdentity.of(elements)
        case .object(let members):
            return JSONStorageIdentity.of(members)
        default:
            return nil
        }
    }

    /// Whether both are arrays or both objects sharing one storage buffer, so
    /// certainly equal; false says nothing about equality.
    public func isIdentical(to other: JSONValue) -> Bool {
        guard let mine = storageIdentity else { return false }
        return mine == other.storageIdentity
    }
}

extension JSONStorageIdentity {
    /// An array or dictionary is one reference to its buffer; read that reference's bits.
    ///
    /// That is the standard library's private layout, so it is read only
    /// while `layoutHolds`; otherwise there is no identity and every shortcut
    /// built on it falls back to the plain path.
    static func of<Storage>(_ storage: Storage) -> JSONStorageIdentity? {
        guard MemoryLayout<Storage>.size == MemoryLayout<UInt>.size, layoutHolds else { return nil }
        return bits(of: storage)
    }

    private static func bits<Storage>(of storage: Storage) -> JSONStorageIdentity {
        withUnsafeBytes(of: storage) { JSONStorageIdentity(address: $0.load(as: UInt.self)) }
    }

    /// Whether arrays and dictionaries still are one buffer reference: copies
    /// share the bits, a changed copy and an equal but separately built value
    /// do not, and an array's elements start just after the bits' address.
    static var layoutHolds: Bool {
        // Checked once; a global with a constant start needs no lazy-init guard on each read.
        switch layoutVerdict.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let holds = checkLayout()
            layoutVerdict.store(holds ? 1 : 2, ordering: .relaxed)
            return holds
        }
    }

    private static func checkLayout() -> Bool {
        let array: [JSONValue] = [.string("a"), .bool(true)]
        let sameArray = array
        var grown = array
        grown.append(.null)
        let rebuilt: [JSONValue] = [.string("a"), .bool(true)]
        let arrayHolds = MemoryLayout<[JSONValue]>.size == MemoryLayout<UInt>.size
            && bits(of: array) == bits(of: sameArray)
            && bits(of: array) != bits(of: grown)
            && bits(of: array) != bits(of: rebuilt)
            && array.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return false }
                let offset = Int(bitPattern: UInt(bitPattern: base)) - Int(bitPattern: bits(of: array).address)
                return offset > 0 && offset <= 64
            }
        let object: [String: JSONValue] = ["a": .null]
        let sameObject = object
        var changed = object
        changed["b"] = .null
        let rebuiltObject: [String: JSONValue] = ["a": .null]
        let objectHolds = MemoryLayout<[String: JSONValue]>.size == MemoryLayout<UInt>.size
            && bits(of: object) == bits(of: sameObject)
            && bits(of: object) != bits(of: changed)
            && bits(of: object) != bits(of: rebuiltObject)
        return arrayHolds && objectHolds
    }
}

/// 0 until the layout is checked, then 1 when it holds and 2 when it does not.
private let layoutVerdict = Atomic<UInt8>(0)
