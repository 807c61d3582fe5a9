import Foundation
import UDFJSON

/// What a step is apart from its state: its number, when it happened, its
/// action and what caused it. Writers that take a state's text in place of
/// the state read a step through it.
public protocol StepHeader {
    var step: Int { get }
    var time: Date { get }
    var action: JSONValue? { get }
    var actionName: String? { get }
    var cause: Int? { get }
    var reducerNanoseconds: Int? { get }
}

extension StepInput: StepHeader {}
