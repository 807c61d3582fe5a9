import UDFJSON

/// Applies a `Redactor` to successive states in time proportional to what
/// changed: a subtree that shares storage with the previous input gets the
/// previous output back, and one with nothing to redact is returned as it
/// is, so unchanged subtrees keep sharing storage for the writer's shortcuts.
///
/// The result equals `redactor.redact(state).value`. Redaction by key is
/// local to each subtree, which is what makes reuse exact; a redactor with
/// path rules is applied whole on every state instead.
public final class IncrementalRedaction {
    private let redactor: Redactor
    private let byKeyOnly: Bool
    /// No rule at all: every value comes back as it is, unwalked.
    private let changesNothing: Bool
    private var secretKeys: [String: Bool] = [:]
    private var previous: (input: JSONValue, output: JSONValue)?

    public init(redactor: Redactor) {
        self.redactor = redactor
        byKeyOnly = !redactor.hasPathRules
        changesNothing = redactor.changesNothing
    }

    /// - Parameter edits: The encoder's proof of which positions changed in
    ///   the arrays it made from the previous state's: no other position of
    ///   those arrays is looked at.
    public func redact(_ state: JSONValue, edits: ContainerEdits = ContainerEdits()) -> JSONValue {
        if changesNothing { return state }
        guard byKeyOnly else { return redactor.redact(state).value }
        let output = redactKeys(state, previousInput: previous?.input, previousOutput: previous?.output, edits: edits)
        previous = (state, output)
        return output
    }

    /// `value` redacted on its own, not as the next of the stream: for
    /// actions, which share nothing with one another. Verdicts by key are
    /// still remembered, which is what makes it cheaper than `Redactor.redact`.
    public func redactAlone(_ value: JSONValue) -> JSONValue {
        if changesNothing { return value }
        guard byKeyOnly else { return redactor.redact(value).value }
        return redactKeys(value, previousInput: nil, previousOutput: nil, edits: ContainerEdits())
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
            // Nothing was redacted in the old object, and the encoder proved
            // every member but these unchanged: the others come out as they are.
            if let oldInput, previousOutputIsInput(previousInput, previousOutput),
               let proven = edits.changedKeys(of: members, from: oldInput) {
                for key in proven {
                    if let member = members.value(exactlyAt: key) { visit(key, member) }
                }
                return changed.map(JSONValue.object) ?? value
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
            if oldOutputIsInput, let oldInput, let proven = edits.changedPositions(of: elements, from: oldInput) {
                // The encoder proved every other position unchanged.
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

    /// Whether nothing was redacted in the previous input: its output is the input itself.
    private func previousOutputIsInput(_ input: JSONValue?, _ output: JSONValue?) -> Bool {
        guard let input, let output else { return false }
        return output.isIdentical(to: input)
    }
}
