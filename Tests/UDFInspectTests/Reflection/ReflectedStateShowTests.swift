import Foundation
import TestSupport
import Testing
import UDFRecorder

/// States that are not `Codable`, recorded by reflection and shown by the
/// built `udf-inspect show`, with the shadow check on.
@Suite struct ReflectedStateShowTests {
    /// Records `first` as step 0 and `action` with `second` as step 1, then shows step 1.
    private func showSecondStep<Action, State>(
        _ name: String, first: State, action: Action, second: State, redactor: Redactor = Redactor()
    ) throws -> String {
        let directory = try TemporaryDirectory()
        let path = directory.path("\(name).udf")
        let recorder = try Recorder(path: path, app: "Reflection", options: RecorderOptions(redactor: redactor, shadowCheck: true))
        recorder.start(state: first, time: Date(timeIntervalSince1970: 1_700_000_000))
        recorder.record(action: action, state: second, time: Date(timeIntervalSince1970: 1_700_000_001))
        try recorder.close()
        let verified = try Executables.run("udf-inspect", ["verify", path])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let shown = try Executables.run("udf-inspect", ["show", path, "1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        return shown.stdout
    }

    @Test func aStateHoldingAClosureShowsTheClosureAsADescription() throws {
        let before = InboxState(title: "Inbox", unread: 3, alert: nil)
        var after = before
        after.alert = AlertState(title: "Delete 3 messages?", onConfirm: {})
        let shown = try showSecondStep("closure", first: before, action: InboxAction.confirmDeletion(count: 3), second: after)
        assertSnapshot(shown, named: "reflection/closure-state.txt")
    }

    @Test func aClassGraphWithACycleShowsWhereTheCycleIsCut() throws {
        let root = Folder(name: "root")
        let before = FolderTree(root: root)
        let child = Folder(name: "notes")
        child.parent = root
        let after = FolderTree(root: Folder(name: "root", children: [child]))
        child.parent = after.root
        let shown = try showSecondStep("cycle", first: before, action: FolderAction.add(name: "notes"), second: after)
        assertSnapshot(shown, named: "reflection/class-cycle.txt")
    }

    @Test func anEnumWithANonCodablePayloadShowsItsCaseAndFields() throws {
        let before = ProfileScreen(load: .idle)
        let after = ProfileScreen(load: .loaded(Profile(name: "Ada", avatar: Avatar(symbol: "person")), attempts: 2))
        let shown = try showSecondStep("enum", first: before, action: ProfileAction.loaded, second: after)
        assertSnapshot(shown, named: "reflection/enum-payload.txt")
    }

    @Test func aRedactedPropertyOfAReflectedStateIsReplaced() throws {
        let before = SignInState(email: "", password: "", submit: { _ in })
        let after = SignInState(email: "ada@example.com", password: "hunter2", submit: { _ in })
        let shown = try showSecondStep(
            "redacted", first: before, action: SignInAction.typed(password: "hunter2"), second: after,
            redactor: Redactor(extraKeys: ["email"])
        )
        #expect(!shown.contains("hunter2"))
        #expect(!shown.contains("ada@example.com"))
        assertSnapshot(shown, named: "reflection/redacted-property.txt")
    }
}

struct AlertState {
    var title: String
    var onConfirm: () -> Void
}

struct InboxState {
    var title: String
    var unread: Int
    var alert: AlertState?
}

enum InboxAction {
    case confirmDeletion(count: Int)
}

final class Folder {
    let name: String
    var children: [Folder]
    var parent: Folder?

    init(name: String, children: [Folder] = []) {
        self.name = name
        self.children = children
    }
}

struct FolderTree {
    var root: Folder
}

enum FolderAction {
    case add(name: String)
}

struct Avatar {
    var symbol: String
}

struct Profile {
    var name: String
    var avatar: Avatar
}

enum Load {
    case idle
    case loaded(Profile, attempts: Int)
}

struct ProfileScreen {
    var load: Load
}

enum ProfileAction {
    case loaded
}

struct SignInState {
    var email: String
    var password: String
    var submit: (String) -> Void
}

enum SignInAction {
    case typed(password: String)
}
