import UDFJSON

extension Predicate {
    /// Whether the predicate holds on `state`.
    ///
    /// A path that selects several values (through `[*]`) holds when any of
    /// them satisfies the comparison; a path that selects nothing makes every
    /// comparison false. Numbers compare by value, strings lexicographically;
    /// ordering values of different types is false, and `!=` is true for them.
    public func evaluate(on state: JSONValue) -> Bool {
        evaluate { $0.values(in: state) }
    }

    /// Whether the predicate holds where each of its paths selects what
    /// `select` gives for it: a caller that knows those values without the
    /// whole state (the one value a step wrote) judges without it.
    public func evaluate(selecting select: (JSONPath) -> [JSONValue]) -> Bool {
        switch self {
        case .compare(let path, let op, let literal):
            return select(path).contains { Self.compare($0, op, literal) }
        case .contains(let path, let literal):
            return select(path).contains { Self.value($0, contains: literal) }
        case .exists(let path):
            return !select(path).isEmpty
        case .matches(let path, let pattern):
            return select(path).contains { selected in
                selected.stringValue.map(pattern.matches) ?? false
            }
        case .length(let path, let op, let literal):
            return select(path).contains { selected in
                Self.length(of: selected).map { Self.compare(.number(JSONNumber($0)), op, literal) } ?? false
            }
        case .not(let inner):
            return !inner.evaluate(selecting: select)
        case .and(let left, let right):
            return left.evaluate(selecting: select) && right.evaluate(selecting: select)
        case .or(let left, let right):
            return left.evaluate(selecting: select) || right.evaluate(selecting: select)
        }
    }

    private static func compare(_ value: JSONValue, _ op: ComparisonOperator, _ literal: JSONValue) -> Bool {
        switch op {
        case .equal: return value.isValueEqual(to: literal)
        case .notEqual: return !value.isValueEqual(to: literal)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            switch (value, literal) {
            case (.number(let left), .number(let right)):
                if let leftInt = left.intValue, let rightInt = right.intValue {
                    return order(leftInt, op, rightInt)
                }
                return order(left.doubleValue, op, right.doubleValue)
            case (.string(let left), .string(let right)):
                return order(left, op, right)
            default:
                return false
            }
        }
    }

    /// Elements, members or Unicode scalars; nil for a value without a length.
    private static func length(of value: JSONValue) -> Int? {
        switch value {
        case .array(let elements): elements.count
        case .object(let members): members.count
        case .string(let string): string.unicodeScalars.count
        default: nil
        }
    }

    private static func order<T: Comparable>(_ left: T, _ op: ComparisonOperator, _ right: T) -> Bool {
        switch op {
        case .less: left < right
        case .lessOrEqual: left <= right
        case .greater: left > right
        case .greaterOrEqual: left >= right
        case .equal: left == right
        case .notEqual: left != right
        }
    }

    private static func value(_ value: JSONValue, contains literal: JSONValue) -> Bool {
        switch (value, literal) {
        case (.string(let string), .string(let part)):
            // By scalars, like `==`: Swift's `contains` matches canonical equivalents.
            return string.containsScalars(part)
        case (.array(let elements), _):
            return elements.contains { $0.isValueEqual(to: literal) }
        case (.object(let members), .string(let key)):
            return members.value(exactlyAt: key) != nil
        default:
            return false
        }
    }
}
