// The MVI screen of the seed article: a view model that takes intents and
// publishes an immutable state. The recipe records in `onIntent`.
import Foundation
import UDFRecorder

struct LoginState: Equatable {
    var email = ""
    var password = ""
    var isLoading = false
    var error: String?
}

enum LoginIntent {
    case updateEmail(String)
    case updatePassword(String)
    case submit
    case failed(any Error)
}

struct LoginRejected: Error {
    var reason: String
}

@MainActor
final class LoginViewModel {
    private(set) var state = LoginState()
    private let recorder: Recorder

    init(recorder: Recorder) {
        self.recorder = recorder
        recorder.start(state: state)
    }

    func onIntent(_ intent: LoginIntent) {
        switch intent {
        case .updateEmail(let email): state.email = email
        case .updatePassword(let password): state.password = password
        case .submit:
            state.isLoading = true
            state.error = nil
        case .failed(let error):
            state.isLoading = false
            state.error = "\(error)"
        }
        recorder.record(action: intent, state: state)
    }
}
