/// The tree hash (`StateTreeHash`) of a state that changes by pointer
/// edits, paying for the paths the edits name: what a walk that applies
/// patches needs to check every state it builds.
///
/// Its memo is shaped like the state as far as edits have reached into it:
/// each container laid out there keeps its children's hashes and its sum
/// of their terms, not the values. So, unlike `IncrementalTreeHash`, it
/// holds nothing of the state alive, and a patch changes the state in
/// place instead of copying each container it goes through.
///
/// The edits say only which parts to measure again; every hash comes from
/// the state handed to `hash(of:)`, and a part whose layout does not match
/// the memo's is measured whole. An edit the memo is not told of leaves a
/// stale hash: tell it every edit made since the last `hash(of:)`, in order,
/// or `reset()` it.
///
/// Use one per state stream, from one thread at a time.
public final class EditedTreeHash {
    private var root = Node.unmeasured

    public init() {}

    /// Forgets the memo: the next state is measured whole.
    public func reset() {
        root = .unmeasured
    }

    /// The tree hash of `state`, which is the state last measured changed
    /// by the edits noted since.
    public func hash(of state: JSONValue) -> UInt64 {
        root.measure(state)
    }

    /// The value at `tokens` was replaced.
    public func replaced(at tokens: [String]) {
        root.edit(tokens[...], .replaced)
    }

    /// A member was added to an object at `tokens`, or an element inserted
    /// into an array there (`-` for its end).
    public func added(at tokens: [String]) {
        root.edit(tokens[...], .added)
    }

    /// The member or element at `tokens` was removed.
    public func removed(at tokens: [String]) {
        root.edit(tokens[...], .removed)
    }

    enum Edit {
        case replaced, added, removed
    }

    // MARK: Memo

    /// What is remembered of one value.
    struct Node {
        /// The value's hash when last measured; it is what the parent's
        /// sum counts, if `counted`, until the value is measured again.
        var hash: UInt64 = 0
        /// Whether the parent's sum counts `hash` (not for a value added since).
        var counted = true
        var status = Status.measure
        /// The container's children, once an edit reached below it.
        var body: Body?

        enum Status {
            case clean
            /// Some children changed; `body` says which.
            case dirty
            /// Measure from the value; with `layOut`, keep its children too,
            /// because an edit reached below it.
            case measure
            case layOut
        }

        /// A state not measured yet: laid out at once, as the walk's
        /// next patches reach into it.
        static var unmeasured: Node { Node(status: .layOut) }

        // MARK: Edits

        mutating func edit(_ tokens: ArraySlice<String>, _ edit: Edit) {
            guard let token = tokens.first else {
                // The whole value replaced.
                status = .measure
                body = nil
                return
            }
            let rest = tokens.dropFirst()
            let isLaidOut = status == .clean || status == .dirty
            if isLaidOut, var object = takeObject() {
                object.edit(token, rest, edit)
                body = .object(object)
                status = .dirty
            } else if isLaidOut, var array = takeArray(), array.edit(token, rest, edit) {
                body = .array(array)
                status = .dirty
            } else {
                // Not laid out, or not as the edit says: measured from the value, its children kept.
                status = .layOut
                body = nil
            }
        }

        /// The object's body, taken out so that changing it does not copy it.
        private mutating func takeObject() -> ObjectBody? {
            guard case .object(let object) = body else { return nil }
            body = nil
            return object
        }

        /// The array's body, taken out so that changing it does not copy it.
        private mutating func takeArray() -> ArrayBody? {
            guard case .array(let array) = body else { return nil }
            body = nil
            return array
        }

        /// Marks this child to be measured, when it was clean: true when it was.
        mutating func markChanged(below rest: ArraySlice<String>, _ edit: Edit) -> Bool {
            let wasClean = status == .clean
            self.edit(rest, edit)
            return wasClean
        }

        // MARK: Measuring

        mutating func measure(_ value: JSONValue) -> UInt64 {
            switch status {
            case .clean:
                return hash
            case .measure:
                // A scalar needs none of the plain hash's set-up.
                switch value {
                case .array, .object: hash = StateTreeHash.value(of: value)
                case .null, .bool, .number, .string: hash = StateTreeHash.scalar(value)
                }
                body = nil
            case .layOut:
                layOut(value)
            case .dirty:
                var measured: UInt64?
                if case .object(let members) = value, var object = takeObject() {
                    measured = object.measure(members)
                    body = .object(object)
                } else if case .array(let elements) = value, var array = takeArray() {
                    measured = array.measure(elements)
                    body = .array(array)
                }
                guard let measured else {
                    // The memo's layout is not the value's: measure it whole.
                    layOut(value)
                    break
                }
                hash = measured
            }
            status = .clean
            counted = true
            return hash
        }

        /// Measures `value` whole, keeping its children's hashes.
        private mutating func layOut(_ value: JSONValue) {
            switch value {
            case .object(let members):
                var object = ObjectBody(members: Dictionary(minimumCapacity: members.count))
                for (key, member) in members {
                    var child = Member(keyHash: StateTreeHash.string(key))
                    object.sum &+= StateTreeHash.memberTerm(key: child.keyHash, value: child.node.measure(member))
                    object.members[key] = child
                }
                hash = StateTreeHash.container(.object, count: members.count, sum: object.sum)
                body = .object(object)
            case .array(let elements):
                var array = ArrayBody(elements: [])
                array.elements.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    var child = Node()
                    array.sum &+= StateTreeHash.elementTerm(child.measure(element), at: index)
                    array.elements.append(child)
                }
                hash = StateTreeHash.container(.array, count: elements.count, sum: array.sum)
                body = .array(array)
            case .null, .bool, .number, .string:
                hash = StateTreeHash.scalar(value)
                body = nil
            }
        }
    }

    enum Body {
        case object(ObjectBody)
        case array(ArrayBody)
    }

    /// An object's member: its value's memo, and its key's hash.
    struct Member {
        var keyHash: UInt64
        var node = Node()

        /// A member added since the last measure: its hash is not counted yet.
        static func added(_ key: String) -> Member {
            Member(keyHash: StateTreeHash.string(key), node: Node(counted: false))
        }
    }

    struct ObjectBody {
        /// Each member, by its key as the state spells it: a state never
        /// holds two keys that `String` finds equal, so the lookup by an
        /// edit's token finds the one the patch reached by its scalars.
        var members: [String: Member]
        /// The wrapping sum of the counted members' terms.
        var sum: UInt64 = 0
        /// The members edited since the last measure, each once.
        var changed: [String] = []

        mutating func edit(_ token: String, _ rest: ArraySlice<String>, _ edit: Edit) {
            guard rest.isEmpty, edit == .removed else {
                // The member, or a part below it, changes; one missing is
                // added whole (a patch adds only a key the object lacks).
                if members[token]?.node.markChanged(below: rest, edit) ?? add(token) { changed.append(token) }
                return
            }
            guard let removed = members.removeValue(forKey: token) else { return }
            if removed.node.counted {
                sum &-= StateTreeHash.memberTerm(key: removed.keyHash, value: removed.node.hash)
            }
        }

        /// Adds `key` as a member to measure; true, as it is newly changed.
        private mutating func add(_ key: String) -> Bool {
            members[key] = .added(key)
            return true
        }

        /// The object's hash after measuring its changed members in
        /// `values`; nil when its members are not the memo's.
        mutating func measure(_ values: [String: JSONValue]) -> UInt64? {
            guard values.count == members.count else { return nil }
            for key in changed {
                // Measured in place, by index: a copy taken out would share, and so copy, its body.
                guard let index = members.index(forKey: key), members.values[index].node.status != .clean else { continue }
                guard let value = values.value(exactlyAt: key) else { return nil }
                let keyHash = members.values[index].keyHash
                if members.values[index].node.counted { sum &-= StateTreeHash.memberTerm(key: keyHash, value: members.values[index].node.hash) }
                sum &+= StateTreeHash.memberTerm(key: keyHash, value: members.values[index].node.measure(value))
            }
            changed.removeAll(keepingCapacity: true)
            return StateTreeHash.container(.object, count: members.count, sum: sum)
        }
    }

    struct ArrayBody {
        var elements: [Node]
        /// The wrapping sum of the elements' terms, when not `shifted`.
        var sum: UInt64 = 0
        /// The positions edited since the last measure, each once.
        var changed: [Int] = []
        /// Whether an element was inserted or removed before the end: every
        /// term is made again.
        var shifted = false

        /// False when `token` is not a position the edit can name.
        mutating func edit(_ token: String, _ rest: ArraySlice<String>, _ edit: Edit) -> Bool {
            let isEnd = token == "-"
            guard let index = isEnd ? elements.count : PointerToken.arrayIndex(token) else { return false }
            if !rest.isEmpty || edit == .replaced {
                guard index < elements.count else { return false }
                if elements[index].markChanged(below: rest, edit), !shifted { changed.append(index) }
                return true
            }
            // At the end, nothing shifts: a log that grows by one costs one term.
            let atEnd = isEnd || index == elements.count - (edit == .removed ? 1 : 0)
            switch edit {
            case .added:
                guard index <= elements.count else { return false }
                elements.insert(Node(counted: false), at: index)
                if atEnd, !shifted {
                    changed.append(index)
                    return true
                }
            case .removed:
                guard index < elements.count else { return false }
                let removed = elements.remove(at: index)
                if atEnd, !shifted {
                    if removed.counted { sum &-= StateTreeHash.elementTerm(removed.hash, at: index) }
                    return true
                }
            case .replaced:
                break
            }
            shifted = true
            changed.removeAll()
            return true
        }

        /// The array's hash after measuring its changed elements in
        /// `values`; nil when its length is not the memo's.
        mutating func measure(_ values: [JSONValue]) -> UInt64? {
            guard values.count == elements.count else { return nil }
            if shifted {
                sum = 0
                for index in elements.indices {
                    sum &+= StateTreeHash.elementTerm(elements[index].measure(values[index]), at: index)
                }
                shifted = false
            } else {
                // A position past the end was removed after it changed: its term is out already.
                for index in changed where index < elements.count && elements[index].status != .clean {
                    if elements[index].counted { sum &-= StateTreeHash.elementTerm(elements[index].hash, at: index) }
                    sum &+= StateTreeHash.elementTerm(elements[index].measure(values[index]), at: index)
                }
            }
            changed.removeAll(keepingCapacity: true)
            return StateTreeHash.container(.array, count: elements.count, sum: sum)
        }
    }
}
