import UDFDiff
import UDFJSON

/// Takes the plain path beside `StepEncoder`'s shortcuts, step by step, and
/// names the first place where they part.
///
/// The plain path is a full `JSONValueEncoder` encode, whole redaction, the
/// canonical text, its size and the session's hash computed plainly, and the stored patch (the shortcut diff)
/// applied to the previous plain state, which must give the plain state. Equality is canonical bytes, the one equality a recording
/// knows. It costs a full encode per step, so it is for tests and for
/// checking a new host, not for production (`RecorderOptions.shadowCheck`).
struct ShadowCheck {
    let redactor: Redactor
    private(set) var previous: JSONValue?

    init(redactor: Redactor) {
        self.redactor = redactor
    }

    /// Checks one state as the encoder stored it.
    ///
    /// - Parameters:
    ///   - state: the host's value, encoded again here the plain way.
    ///   - recorded: the redacted value the encoder produced.
    ///   - canonical: the canonical bytes the encoder wrote, when it wrote
    ///     them (the text hash, or a keyframe).
    ///   - hash, size: the stored `state_hash` and `state_size`.
    ///   - patch: the stored patch text, when the step stores one.
    mutating func check(
        step: Int, state: any Encodable, recorded: JSONValue, canonical: [UInt8]?,
        hash: String, size: Int, algorithm: StateHashAlgorithm, patch: String?
    ) throws(RecordingError) {
        let plain: JSONValue
        do {
            plain = redactor.redact(try JSONValueEncoder().encode(state)).value
        } catch {
            throw mismatch(step, "the plain encoder fails: \(error)")
        }
        let plainBytes = plain.canonicalBytes
        if plainBytes != canonical ?? recorded.canonicalBytes || plain != recorded {
            throw mismatch(step, "the state differs from the plain encoding \(Self.where(recorded, plain))")
        }
        let plainHash = switch algorithm {
        case .canonicalText: StateHash.of(plainBytes)
        case .tree: StateTreeHash.of(plain)
        }
        if plainHash != hash {
            throw mismatch(step, "hash \(hash) differs from the plain hash \(plainHash)")
        }
        if plainBytes.count != size {
            throw mismatch(step, "size \(size) differs from the plain canonical size \(plainBytes.count)")
        }
        if let patch {
            guard let previous else { throw mismatch(step, "a patch is stored with no state before it") }
            do {
                let patched = try JSONPatch(jsonValue: try JSONParser(limits: .patchText).parse(Array(patch.utf8))).apply(to: previous)
                if patched.canonicalBytes != plainBytes {
                    throw mismatch(step, "the stored patch gives another state than the plain one \(Self.where(patched, plain))")
                }
            } catch let error as RecordingError {
                throw error
            } catch {
                throw mismatch(step, "the stored patch does not apply to the plain previous state: \(error)")
            }
        }
        previous = plain
    }

    /// Checks an action's redaction against redacting it whole.
    func checkAction(step: Int, raw: JSONValue, recorded: JSONValue) throws(RecordingError) {
        let plain = redactor.redact(raw).value
        if plain.canonicalBytes != recorded.canonicalBytes {
            throw mismatch(step, "the action differs from its plain redaction \(Self.where(recorded, plain))")
        }
    }

    /// Checks a keyframe's text, written by the incremental writer, against
    /// the plain canonical text of the state it was written from.
    func checkKeyframe(step: Int, written: [UInt8], state: JSONValue) throws(RecordingError) {
        if written != state.canonicalBytes {
            throw mismatch(step, "the keyframe's text differs from the plain canonical text of its state")
        }
    }

    /// Forgets the previous state, as the encoder does after a failed batch.
    mutating func restore(previous: JSONValue?) {
        self.previous = previous
    }

    private func mismatch(_ step: Int, _ detail: String) -> RecordingError {
        .shadowMismatch(step: step, detail: detail)
    }

    /// Where two values first differ, and how: `at .todos[id=3].title:
    /// recorded "a", plain "b"`.
    private static func `where`(_ recorded: JSONValue, _ plain: JSONValue) -> String {
        guard let first = JSONDiff.diff(recorded, plain)?.changes.first else { return "in bytes only" }
        let detail = switch first.kind {
        case .replaced(let old, let new): "recorded \(excerpt(old)), plain \(excerpt(new))"
        case .added(let value): "only the plain path has \(excerpt(value))"
        case .removed(let value): "only the recorded state has \(excerpt(value))"
        case .moved(let from, let to): "moved from \(from) to \(to)"
        }
        return "at \(first.path): \(detail)"
    }

    private static func excerpt(_ value: JSONValue) -> String {
        let text = value.canonicalText
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}
