@testable import UDFInspect
import UDFJSON

extension PathBlame.Change {
    /// The step and the two values, without the step's metadata: for files
    /// whose rows a test rewrote, which are stored in other sizes.
    var values: [String] {
        ["\(step)", old?.canonicalText ?? "(absent)", new?.canonicalText ?? "(absent)"]
    }
}
