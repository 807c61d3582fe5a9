import UDFLog

/// The characters of untrusted text that must not reach a reader as they
/// are: those that end a line, drive a terminal (an escape sequence starts
/// with one) or reorder or hide what is shown (bidirectional controls, the
/// byte order mark). A recording is untrusted: an action's name or a key can
/// hold any of them.
enum HiddenScalars {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// `text` with each of these characters but `kept` written as JSON
    /// writes it, a `\uXXXX` escape of each UTF-16 unit.
    static func escaped(_ text: String, keeping kept: Unicode.Scalar? = nil) -> String {
        // Printable ASCII holds none of them: most names, and every row of a
        // long `blame`, are judged a byte at a time instead of a scalar.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
        guard text.unicodeScalars.contains(where: contains) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if contains(scalar), scalar != kept {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

extension SessionInfo {
    /// The app's name as people see it, with hidden characters escaped.
    var shownApp: String { HiddenScalars.escaped(app) }
}

extension TimelineInfo {
    /// The timeline's name as people see it, with hidden characters escaped.
    var shownName: String { HiddenScalars.escaped(name) }
}

extension StepSummary {
    /// The action's name as people see it, with hidden characters escaped.
    var shownActionName: String? { actionName.map { HiddenScalars.escaped($0) } }
}
