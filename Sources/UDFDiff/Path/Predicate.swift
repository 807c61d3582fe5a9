import UDFJSON

/// A condition over a state, such as `.cart.total < 0 and not .user exists`.
///
/// For example:
/// ```swift
/// let predicate = try Predicate.parse(#".todos[*].title contains "milk""#)
/// predicate.evaluate(on: state) // true when any title contains "milk"
/// ```
///
/// Grammar:
/// ```
/// expr       := or
/// or         := and ('or' and)*
/// and        := unary ('and' unary)*
/// unary      := 'not' unary | '(' expr ')' | comparison
/// comparison := PATH (('=='|'!='|'<'|'<='|'>'|'>=') LITERAL
///                     | 'contains' LITERAL | 'exists' | 'matches' /regex/[i])
///               | 'length' '(' PATH ')' ('=='|'!='|'<'|'<='|'>'|'>=') LITERAL
/// ```
public indirect enum Predicate: Sendable, Hashable, CustomStringConvertible {
    case compare(JSONPath, ComparisonOperator, JSONValue)
    case contains(JSONPath, JSONValue)
    case exists(JSONPath)
    case matches(JSONPath, RegexPattern)
    /// `length(.todos) > 2`: the number of elements of an array, members of
    /// an object, or Unicode scalars of a string, compared with a literal.
    case length(JSONPath, ComparisonOperator, JSONValue)
    case not(Predicate)
    case and(Predicate, Predicate)
    case or(Predicate, Predicate)

    /// The operators of a `compare` predicate.
    public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// Parses predicate text.
    ///
    /// - Throws: `PredicateSyntaxError` with the 1-based column of the first problem.
    public static func parse(_ text: String) throws(PredicateSyntaxError) -> Predicate {
        do throws(SyntaxFailure) {
            return try PredicateParser.parse(text)
        } catch {
            throw PredicateSyntaxError(message: error.message, column: error.column)
        }
    }

    public var description: String {
        switch self {
        case .compare(let path, let op, let literal): "\(path) \(op.rawValue) \(compactJSON(literal))"
        case .contains(let path, let literal): "\(path) contains \(compactJSON(literal))"
        case .exists(let path): "\(path) exists"
        case .matches(let path, let pattern): "\(path) matches \(pattern)"
        case .length(let path, let op, let literal): "length(\(path)) \(op.rawValue) \(compactJSON(literal))"
        case .not(let inner): "not \(inner.parenthesisedDescription)"
        case .and(let left, let right): "\(left.parenthesisedDescription) and \(right.parenthesisedDescription)"
        case .or(let left, let right): "\(left.parenthesisedDescription) or \(right.parenthesisedDescription)"
        }
    }

    private var parenthesisedDescription: String {
        switch self {
        case .and, .or: "(\(description))"
        default: description
        }
    }
}
