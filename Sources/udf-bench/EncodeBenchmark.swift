import UDFJSON

/// The writer thread's per-step stages on one state, for finding where time goes.
enum EncodeBenchmark {
    struct Result {
        let bytes: Int
        let encode: Double
        /// Encodable to canonical text: the value tree then its writer, and
        /// `JSONTextEncoder` straight, side by side.
        let encodeThenWrite: Double
        let textEncode: Double
        let canonical: Double
        let hash: Double
        /// The tree hash of the whole state, every part hashed.
        let treeHash: Double
        /// The tree hash of a state one leaf apart from the one hashed before.
        let incrementalTreeHash: Double
    }

    static func run(state: BenchState, samples: Int) throws -> Result {
        let value = try JSONValueEncoder().encode(state)
        let bytes = value.canonicalBytes
        var encode = Samples()
        var canonical = Samples()
        var hash = Samples()
        var tree = Samples()
        var incremental = Samples()
        let hasher = IncrementalTreeHash()
        _ = hasher.measure(value)
        var changed = value
        for sample in 0..<samples {
            encode.add(seconds: try measure { _ = try JSONValueEncoder().encode(state) })
            canonical.add(seconds: measure { _ = value.canonicalBytes })
            hash.add(seconds: measure { _ = StateHash.of(bytes) })
            tree.add(seconds: measure { _ = StateTreeHash.value(of: value) })
            changeOneLeaf(&changed, to: .number(JSONNumber(sample)))
            incremental.add(seconds: measure { _ = hasher.measure(changed) })
        }
        let text = try textAgainstTree(state, samples: samples)
        return Result(
            bytes: bytes.count, encode: encode.median, encodeThenWrite: text.tree, textEncode: text.straight,
            canonical: canonical.median, hash: hash.median,
            treeHash: tree.median, incrementalTreeHash: incremental.median
        )
    }

    /// Any value to canonical text, straight and through a `JSONValue`,
    /// medians of `samples` taken in turns; and the text's size.
    static func textAgainstTree<T: Encodable>(_ value: T, samples: Int) throws -> (straight: Double, tree: Double, bytes: Int) {
        var straight = Samples()
        var tree = Samples()
        var size = 0
        for _ in 0..<samples {
            tree.add(seconds: try measure {
                var text: [UInt8] = []
                JSONWriter.appendCanonical(try JSONValueEncoder().encode(value), to: &text)
            })
            straight.add(seconds: try measure {
                var text: [UInt8] = []
                try JSONTextEncoder(style: .canonical).append(value, to: &text)
                size = text.count
            })
        }
        return (straight.median, tree.median, size)
    }

    /// Replaces one leaf in place, down the largest container at each
    /// level, so everything else keeps its storage, as a reducer's edit does.
    static func changeOneLeaf(_ value: inout JSONValue, to leaf: JSONValue) {
        switch value {
        case .array(var elements) where !elements.isEmpty:
            value = .null
            changeOneLeaf(&elements[elements.count / 2], to: leaf)
            value = .array(elements)
        case .object(var members) where !members.isEmpty:
            value = .null
            let key = members.keys.sorted().max { width(members[$0]) < width(members[$1]) } ?? ""
            changeOneLeaf(&members[key]!, to: leaf)
            value = .object(members)
        default:
            value = leaf
        }
    }

    private static func width(_ value: JSONValue?) -> Int {
        value?.arrayValue?.count ?? value?.objectValue?.count ?? 0
    }
}
