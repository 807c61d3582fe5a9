/// A line of line mode that is not a command, or has a bad argument.
struct StepperLineError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
