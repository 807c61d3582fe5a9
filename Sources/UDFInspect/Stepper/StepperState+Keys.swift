extension StepperState {
    /// Turns a key into an action, or edits the prompt being typed, following
    /// ``StepperKeyTable``.
    ///
    /// `n` repeats the last search or find while one is active (`N` goes back
    /// through a search); any other move ends it, and `n` steps again. Up and
    /// down scroll; left and right step.
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
        guard let binding = StepperKeyTable.binding(for: key) else {
            message = "unknown key; press h for help"
            return nil
        }
        switch binding.command {
        case .next:
            if textSearch != nil, key == .character("n") { return .searchText(nil, backward: false) }
            if search != nil, key == .character("n") { return .find(nil) }
            endSearches()
            return .next
        case .previousMatch:
            guard textSearch != nil else {
                message = "N goes back through a text search: search with / or ? first"
                return nil
            }
            return .searchText(nil, backward: true)
        case .previous:
            endSearches()
            return .previous
        case .first:
            endSearches()
            return .first
        case .last:
            endSearches()
            return .last
        case .jump:
            prompt = StepperPrompt(kind: .jump)
        case .cause:
            endSearches()
            return .cause
        case .toggleDiff:
            return .toggleDiff
        case .statePath:
            prompt = StepperPrompt(kind: .path)
        case .find:
            prompt = StepperPrompt(kind: .find)
        case .searchForward:
            prompt = StepperPrompt(kind: .search(backward: false))
        case .searchBackward:
            prompt = StepperPrompt(kind: .search(backward: true))
        case .fold:
            return .fold
        case .branch:
            prompt = StepperPrompt(kind: .branch)
        case .scrollDown:
            return .scroll(1)
        case .scrollUp:
            return .scroll(-1)
        case .pageDown:
            return .page(1)
        case .pageUp:
            return .page(-1)
        case .cancel:
            endSearches()
        case .help:
            return .help
        case .quit:
            return .quit
        }
        return nil
    }

    private mutating func endSearches() {
        search = nil
        textSearch = nil
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
                guard let reference = StepReference(text) else {
                    message = "':' needs a step such as 40, last~2 or fix@40, not '\(text)'"
                    return nil
                }
                endSearches()
                if let timeline = reference.timeline {
                    return .jumpTimeline(timeline, reference.position)
                }
                return .jump(reference.position)
            case .path:
                return .showState(path: text.isEmpty ? nil : text)
            case .find:
                guard !text.isEmpty else { return search != nil ? .find(nil) : nil }
                textSearch = nil
                return .find(text)
            case .search(let backward):
                guard !typing.text.isEmpty else {
                    return textSearch != nil ? .searchText(nil, backward: backward) : nil
                }
                search = nil
                return .searchText(typing.text, backward: backward)
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
