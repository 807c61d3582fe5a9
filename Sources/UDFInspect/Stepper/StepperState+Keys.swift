extension StepperState {
    /// Turns a key into an action, or edits the prompt being typed.
    ///
    /// `n` repeats the last find while one is active; any other move ends the
    /// find, and `n` steps again. Up and down scroll; left and right step.
    ///
    /// - Returns: The action to perform, or nil when the key only changed this state.
    mutating func action(for key: StepperKey) -> StepperAction? {
        if prompt != nil {
            return promptAction(for: key)
        }
        message = nil
        if showsHelp {
            showsHelp = false
            if key == .character("q") || key == .interrupt { return .quit }
            return nil
        }
        switch key {
        case .character("n"):
            return search != nil ? .find(nil) : .next
        case .character("p"), .left:
            search = nil
            return .previous
        case .right:
            search = nil
            return .next
        case .character("g"), .home:
            search = nil
            return .first
        case .character("G"), .end:
            search = nil
            return .last
        case .character(":"):
            prompt = StepperPrompt(kind: .jump)
        case .character("s"):
            prompt = StepperPrompt(kind: .path)
        case .character("/"):
            prompt = StepperPrompt(kind: .find)
        case .character("d"):
            return .toggleDiff
        case .character("b"):
            prompt = StepperPrompt(kind: .branch)
        case .character("?"):
            return .help
        case .character("q"), .interrupt:
            return .quit
        case .character("j"), .down:
            return .scroll(1)
        case .character("k"), .up:
            return .scroll(-1)
        case .character(" "), .pageDown:
            return .page(1)
        case .pageUp:
            return .page(-1)
        case .escape:
            search = nil
        default:
            message = "unknown key; press ? for help"
        }
        return nil
    }

    private mutating func promptAction(for key: StepperKey) -> StepperAction? {
        guard var typing = prompt else { return nil }
        switch key {
        case .character(let character):
            typing.text.append(character)
            prompt = typing
            return nil
        case .backspace:
            if typing.text.isEmpty {
                prompt = nil
            } else {
                typing.text.removeLast()
                prompt = typing
            }
            return nil
        case .escape, .interrupt:
            prompt = nil
            return nil
        case .enter:
            prompt = nil
            let text = typing.text.trimmingSpaces
            switch typing.kind {
            case .jump:
                guard let step = Int(text) else {
                    message = "':' needs a step number, not '\(text)'"
                    return nil
                }
                search = nil
                return .jump(step)
            case .path:
                return .showState(path: text.isEmpty ? nil : text)
            case .find:
                guard !text.isEmpty else { return search != nil ? .find(nil) : nil }
                return .find(text)
            case .branch:
                guard !text.isEmpty else {
                    message = "a branch needs a name"
                    return nil
                }
                return .branch(text)
            }
        default:
            return nil
        }
    }
}
