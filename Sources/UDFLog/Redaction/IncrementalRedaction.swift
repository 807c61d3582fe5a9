import UDFJSON

/// Applies a `Redactor` to successive states in time proportional to what
/// changed: a subtree that shares storage with the previous input gets the
/// previous output back, and one with nothing to redact is returned as it
/// is, so unchanged subtrees keep sharing storage for the writer's shortcuts.
///
/// The result equals `redactor.redact(state).value`. Redaction by key is
/// local to each subtree, which is what makes reuse exact; the path rules,
/// which depend on where a value sits, are applied after it, as
/// `Redactor.redact` applies them, and rebuild only the containers on
/// their paths. The reuse remembers the output by key alone.
public final class IncrementalRedaction {
    private let redactor: Redactor
    /// No rule at all: every value comes back as it is, unwalked.
    private let changesNothing: Bool
    private var secretKeys: [String: Bool] = [:]
    private var previous: (input: JSONValue, output: JSONValue)?
    /// For each long container the last pass made from its own last
    /// output, by the identity of what it made: that output, and where it
    /// differs (`SpareContents`). This pass takes them and keeps its own for
    /// the next.
    private var spares = Spares()
    private var nextSpares = Spares()
    /// While a state is redacted: the edits handed in, and its own.
    private var edits = ContainerEdits()

    public init(redactor: Redactor) {
        self.redactor = redactor
        changesNothing = redactor.changesNothing
    }

    /// - Parameter edits: The encoder's proof of which positions changed in
    ///   the arrays it made from the previous state's: no other position of
    ///   those arrays is looked at.
    public func redact(_ state: JSONValue, edits: ContainerEdits = ContainerEdits()) -> JSONValue {
        redactHandingOnEdits(state, edits: edits).value
    }

    /// `redact`, with the edits that hold for the result: the encoder's
    /// (a container that comes out as it came in keeps its edit) and one
    /// more for each container made from the previous output, naming the
    /// positions or keys where it may differ from that output. The stages
    /// after the redaction take these instead of the encoder's.
    ///
    /// They are the caller's alone: the redaction keeps none of them, so
    /// that the encoder's next pass finds the buffers it wrote two passes
    /// ago held by nothing else, and writes into them in place. A container
    /// a path rule rebuilt is new storage, which no edit names.
    public func redactHandingOnEdits(_ state: JSONValue, edits: ContainerEdits) -> (value: JSONValue, edits: ContainerEdits) {
        if changesNothing { return (state, edits) }
        self.edits = edits
        defer { self.edits = ContainerEdits() }
        let byKey = redactKeys(state, previousInput: previous?.input, previousOutput: previous?.output, edits: edits)
        previous = (state, byKey)
        // Spares not taken this pass hold containers two passes old: let them go.
        spares = nextSpares
        nextSpares = Spares()
        return (redactor.redactPaths(byKey).value, self.edits)
    }

    /// `value` redacted on its own, not as the next of the stream: for
    /// actions, which share nothing with one another. Verdicts by key are
    /// still remembered, which is what makes it cheaper than `Redactor.redact`.
    public func redactAlone(_ value: JSONValue) -> JSONValue {
        if changesNothing { return value }
        return redactor.redactPaths(redactKeys(value, previousInput: nil, previousOutput: nil, edits: ContainerEdits())).value
    }

    private func isSecret(_ key: String) -> Bool {
        // By scalars: a key respelled in another normalization gets its own verdict.
        if let known = secretKeys.value(exactlyAt: key) { return known }
        let verdict = redactor.isSecret(key: key)
        if secretKeys.equivalentKey(to: key) == nil {
            secretKeys[key] = verdict
        }
        return verdict
    }

    private func redactKeys(_ value: JSONValue, previousInput: JSONValue?, previousOutput: JSONValue?, edits: ContainerEdits) -> JSONValue {
        if let previousInput, let previousOutput, value.isIdentical(to: previousInput) {
            return previousOutput
        }
        switch value {
        case .object(let members):
            let oldInput = previousInput?.objectValue
            let oldOutput = previousOutput?.objectValue
            var changed: [String: JSONValue]?
            func visit(_ key: String, _ member: JSONValue) {
                if isSecret(key) {
                    if member != Redactor.placeholder {
                        changed = changed ?? members
                        changed?[key] = Redactor.placeholder
                    }
                } else if member.isContainer {
                    let redacted = redactKeys(
                        member, previousInput: oldInput?.value(exactlyAt: key), previousOutput: oldOutput?.value(exactlyAt: key), edits: edits
                    )
                    if !redacted.isIdentical(to: member) {
                        changed = changed ?? members
                        changed?[key] = redacted
                    }
                }
            }
            if let oldInput, let oldOutput, let proven = edits.changedKeys(of: members, from: oldInput) {
                // The encoder proved every member but these unchanged.
                if previousOutputIsInput(previousInput, previousOutput) {
                    // Nothing was redacted in the old object: the others come out as they are.
                    for key in proven {
                        if let member = members.value(exactlyAt: key) { visit(key, member) }
                    }
                    return changed.map(JSONValue.object) ?? value
                }
                // The others come out as they did last time; these are redacted again.
                return .object(redactedAgain(members, keys: proven, oldInput: oldInput, oldOutput: oldOutput, edits: edits))
            }
            for (key, member) in members {
                visit(key, member)
            }
            return changed.map(JSONValue.object) ?? value
        case .array(let elements):
            let oldInput = previousInput?.arrayValue
            let oldOutput = previousOutput?.arrayValue
            // Nothing was redacted in the old array: an element with the same
            // bits as the old one at its index comes out as it is.
            let oldOutputIsInput = previousOutputIsInput(previousInput, previousOutput)
            var changed: [JSONValue]?
            func visit(_ index: Int) {
                guard elements[index].isContainer else { return }
                let redacted = redactKeys(
                    elements[index],
                    previousInput: oldInput.flatMap { index < $0.count ? $0[index] : nil },
                    previousOutput: oldOutput.flatMap { index < $0.count ? $0[index] : nil },
                    edits: edits
                )
                if !redacted.isIdentical(to: elements[index]) {
                    changed = changed ?? elements
                    changed?[index] = redacted
                }
            }
            if let oldInput, let oldOutput, let proven = edits.changedPositions(of: elements, from: oldInput) {
                // The encoder proved every other position unchanged.
                guard oldOutputIsInput else {
                    // Something was redacted in the old array: the others come
                    // out as they did last time; these are redacted again.
                    var output = oldOutput
                    var spare = spares.take(madeAs: oldOutput)
                    ArraySpare.writeInto(&output, from: &spare, caughtUpTo: oldOutput)
                    if output.count > elements.count { output.removeLast(output.count - elements.count) }
                    for index in proven {
                        output[index] = redactedElement(elements[index], previousInput: oldInput[index], previousOutput: oldOutput[index], edits: edits)
                    }
                    for index in output.count..<elements.count {
                        output.append(redactedElement(elements[index], previousInput: nil, previousOutput: nil, edits: edits))
                    }
                    nextSpares.keep(ArraySpare(elements: oldOutput, stale: proven), madeAs: output)
                    self.edits.record(before: oldOutput, after: output, changed: proven)
                    return .array(output)
                }
                // Nothing was redacted in the old array: the others come out as they are.
                for index in proven {
                    visit(index)
                }
                for index in min(oldInput.count, elements.count)..<elements.count {
                    visit(index)
                }
                return changed.map(JSONValue.array) ?? value
            }
            var index = 0
            while index < elements.count {
                if oldOutputIsInput, let oldInput {
                    let same = elements.sameBitsRun(with: oldInput, from: index)
                    if same > 0 {
                        index += same
                        continue
                    }
                }
                visit(index)
                index += 1
            }
            return changed.map(JSONValue.array) ?? value
        default:
            return value
        }
    }

    /// `members` redacted from the last output, when the encoder proved every
    /// member but `keys` unchanged since `oldInput`: the output keeps every
    /// other member as it came out then, and `keys` are redacted again.
    /// Removals come first, so that a key respelled in another normalization
    /// is removed in its old spelling before it is added in its new one.
    private func redactedAgain(
        _ members: [String: JSONValue], keys: [String], oldInput: [String: JSONValue], oldOutput: [String: JSONValue], edits: ContainerEdits
    ) -> [String: JSONValue] {
        var output = oldOutput
        var spare = spares.take(madeAs: oldOutput)
        DictionarySpare.writeInto(&output, from: &spare, caughtUpTo: oldOutput)
        for key in keys where members.value(exactlyAt: key) == nil {
            if let index = output.index(forKey: key), output.keys[index].hasSameScalars(as: key) {
                output.remove(at: index)
            }
        }
        for key in keys {
            guard let member = members.value(exactlyAt: key) else { continue }
            output[key] = isSecret(key) ? Redactor.placeholder : redactedElement(
                member, previousInput: oldInput.value(exactlyAt: key), previousOutput: oldOutput.value(exactlyAt: key), edits: edits
            )
        }
        nextSpares.keep(DictionarySpare(members: oldOutput, stale: keys), madeAs: output)
        self.edits.record(before: oldOutput, after: output, changed: keys)
        return output
    }

    /// A value that is not itself under a secret key, redacted: a scalar as it is.
    private func redactedElement(_ value: JSONValue, previousInput: JSONValue?, previousOutput: JSONValue?, edits: ContainerEdits) -> JSONValue {
        value.isContainer ? redactKeys(value, previousInput: previousInput, previousOutput: previousOutput, edits: edits) : value
    }

    /// Whether nothing was redacted in the previous input: its output is the input itself.
    private func previousOutputIsInput(_ input: JSONValue?, _ output: JSONValue?) -> Bool {
        guard let input, let output else { return false }
        return output.isIdentical(to: input)
    }
}

extension IncrementalRedaction {
    /// Spares by the identity of the output made from them. Each entry
    /// holds that output too, so no other container can take its storage
    /// while the entry lasts: the identity is a proof.
    struct Spares {
        private var arrays: [JSONStorageIdentity: (made: [JSONValue], spare: ArraySpare)] = [:]
        private var dictionaries: [JSONStorageIdentity: (made: [String: JSONValue], spare: DictionarySpare)] = [:]

        /// Shorter containers are copied faster than a spare is kept and found.
        static let minimumCount = 64

        mutating func keep(_ spare: ArraySpare, madeAs output: [JSONValue]) {
            guard spare.elements.count >= Self.minimumCount, let made = JSONValue.array(output).storageIdentity,
                  made != JSONValue.array(spare.elements).storageIdentity else { return }
            arrays[made] = (output, spare)
        }

        mutating func keep(_ spare: DictionarySpare, madeAs output: [String: JSONValue]) {
            guard spare.members.count >= Self.minimumCount, let made = JSONValue.object(output).storageIdentity,
                  made != JSONValue.object(spare.members).storageIdentity else { return }
            dictionaries[made] = (output, spare)
        }

        mutating func take(madeAs output: [JSONValue]) -> ArraySpare? {
            JSONValue.array(output).storageIdentity.flatMap { arrays.removeValue(forKey: $0)?.spare }
        }

        mutating func take(madeAs output: [String: JSONValue]) -> DictionarySpare? {
            JSONValue.object(output).storageIdentity.flatMap { dictionaries.removeValue(forKey: $0)?.spare }
        }
    }
}
