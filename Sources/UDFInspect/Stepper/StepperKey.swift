/// One key press, as the terminal layer decodes it from bytes.
enum StepperKey: Equatable, Sendable {
    case character(Character)
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case enter
    case backspace
    case escape
    /// Ctrl-C typed while the terminal is raw, so no SIGINT was sent.
    case interrupt
}
