import Observation

/// Any Swift value, encoded by reflection when it is not `Encodable`.
///
/// It lets a state or action that is not `Codable` (one holding closures,
/// alerts or collections of non-Codable types) go through the same
/// `Encodable` pipeline as every other value, in the spirit of
/// swift-custom-dump:
///
/// - an `Encodable` part encodes as it always does, so a state that is
///   `Codable` but for one field records that field alone by reflection;
/// - structs and tuples become objects of their stored properties (a
///   tuple's unlabeled elements are `_0`, `_1`, as `Codable` names them);
/// - an enum case becomes `{"case": {…payload…}}`, the shape synthesized
///   `Codable` gives, so action names and filters work unchanged;
/// - arrays and sets become arrays (a set sorted by each element's
///   description, so equal sets record alike), dictionaries objects keyed
///   by the key's description, optionals their value or null;
/// - a class instance becomes an object of its properties, its
///   superclasses' included (an `@Observable` class, of its tracked ones); an instance already being encoded further up
///   becomes `"<cycle TypeName>"`, which cuts the cycle;
/// - a closure or any other value with no parts becomes its description,
///   `"(Function)"` for a closure.
///
/// Reflection reads the value when it is encoded, on the recorder's writer
/// thread. Value types are copies, so that is safe; a class instance in a
/// state must not be mutated after the state was handed over, the same
/// contract `Sendable` states already keep. Hence `@unchecked Sendable`.
///
/// For example:
/// ```swift
/// struct Screen { var title: String; var onTap: () -> Void }
/// try JSONValueEncoder().encode(ReflectedValue(Screen(title: "Hi", onTap: {})))
/// // {"onTap":"(Function)","title":"Hi"}
/// ```
public struct ReflectedValue: Encodable, @unchecked Sendable {
    public let value: Any

    public init(_ value: Any) {
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var path: [ObjectIdentifier] = []
        try Self.encode(value, to: encoder, classPath: &path)
    }

    /// Encodes `value`, with `classPath` the instances being encoded above it.
    static func encode(_ value: Any, to encoder: any Encoder, classPath: inout [ObjectIdentifier]) throws {
        if let encodable = value as? any Encodable {
            // Through a container, not `encode(to:)`, so that the encoder's own
            // handling of dates, data and reused arrays applies.
            var container = encoder.singleValueContainer()
            try container.encode(encodable)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                try encode(wrapped, to: encoder, classPath: &classPath)
            } else {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            }
        case .collection:
            var container = encoder.unkeyedContainer()
            for child in mirror.children {
                try container.encode(Part(value: child.value, classPath: classPath))
            }
        case .set:
            var container = encoder.unkeyedContainer()
            let elements = mirror.children.map(\.value).sorted { String(describing: $0) < String(describing: $1) }
            for element in elements {
                try container.encode(Part(value: element, classPath: classPath))
            }
        case .dictionary:
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                let key = JSONCodingKey(stringValue: String(describing: pair[0].value))
                try container.encode(Part(value: pair[1].value, classPath: classPath), forKey: key)
            }
        case .enum:
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            guard let payload = mirror.children.first else {
                // A case without a payload: `Codable`'s shape is an empty object.
                let name = JSONCodingKey(stringValue: String(describing: value))
                _ = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: name)
                return
            }
            let name = JSONCodingKey(stringValue: payload.label ?? "case")
            let payloadMirror = Mirror(reflecting: payload.value)
            var fields = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: name)
            if payloadMirror.displayStyle == .tuple {
                try encodeFields(payloadMirror, into: &fields, classPath: classPath)
            } else {
                try fields.encode(Part(value: payload.value, classPath: classPath), forKey: JSONCodingKey(stringValue: "_0"))
            }
        case .class:
            let identity = ObjectIdentifier(value as AnyObject)
            if classPath.contains(identity) {
                var container = encoder.singleValueContainer()
                try container.encode("<cycle \(type(of: value))>")
                return
            }
            classPath.append(identity)
            defer { classPath.removeLast() }
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            let observable = value is any Observable
            var level: Mirror? = mirror
            while let current = level {
                try encodeFields(current, into: &container, classPath: classPath, observable: observable)
                level = current.superclassMirror
            }
        case .struct, .tuple, .foreignReference:
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try encodeFields(mirror, into: &container, classPath: classPath)
        default:
            if mirror.children.isEmpty {
                var container = encoder.singleValueContainer()
                try container.encode(String(describing: value))
            } else {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                try encodeFields(mirror, into: &container, classPath: classPath)
            }
        }
    }

    /// Stored properties or tuple elements; an unlabeled element `.0` is `_0`.
    ///
    /// The `@Observable` macro stores `title` as `_title` beside a registrar;
    /// an observable class records its properties under their own names.
    private static func encodeFields(
        _ mirror: Mirror,
        into container: inout KeyedEncodingContainer<JSONCodingKey>,
        classPath: [ObjectIdentifier],
        observable: Bool = false
    ) throws {
        for (offset, child) in mirror.children.enumerated() {
            var label = child.label ?? "_\(offset)"
            if label.hasPrefix("."), Int(label.dropFirst()) != nil {
                label = "_" + label.dropFirst()
            }
            if observable {
                // Tracked properties are `_name`; the rest (the registrar,
                // `@ObservationIgnored` dependencies) are not state.
                guard label.hasPrefix("_"), !label.hasPrefix("_$") else { continue }
                label.removeFirst()
            }
            try container.encode(Part(value: child.value, classPath: classPath), forKey: JSONCodingKey(stringValue: label))
        }
    }

    /// A part of a reflected value, carrying the instances above it.
    private struct Part: Encodable {
        let value: Any
        let classPath: [ObjectIdentifier]

        func encode(to encoder: any Encoder) throws {
            var path = classPath
            try ReflectedValue.encode(value, to: encoder, classPath: &path)
        }
    }
}
