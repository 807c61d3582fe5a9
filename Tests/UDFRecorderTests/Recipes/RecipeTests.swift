import Foundation
import TestSupport
import Testing
import UDFRecorder

/// Each recipe of docs/embedding.md records a session with the shadow check
/// on; the built `udf-inspect` verifies it and `find` locates the change
/// planted in it.
@MainActor
@Suite struct RecipeTests {
    /// Runs `verify`, then `find --becomes` for `predicate`, which must
    /// first turn true at `step`.
    nonisolated static func check(_ path: String, finds predicate: String, at step: Int) throws {
        let verified = try Executables.run("udf-inspect", ["verify", path])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let found = try Executables.run("udf-inspect", ["find", path, "--where", predicate, "--becomes", "--json"])
        #expect(found.status == 0, "\(found.stderr)")
        let steps = try JSONParser().parse(Array(found.stdout.utf8))["steps"]?.arrayValue?.compactMap { $0["step"]?.numberValue?.intValue }
        #expect(steps == [step], "\(found.stdout)")
    }

    /// The recording at `path` and its main timeline.
    nonisolated static func main(_ path: String) throws -> (Recording, TimelineInfo) {
        let recording = try Recording(path: path)
        return (recording, try recording.timeline(nil, in: try recording.session(nil)))
    }

    private static func recorder(_ directory: TemporaryDirectory, _ name: String) throws -> (Recorder, String) {
        let path = directory.path("\(name).udf")
        return (try Recorder(path: path, app: name, options: RecorderOptions(shadowCheck: true)), path)
    }

    @Test func aTCAReducerRecordsThroughARecordOperator() throws {
        let directory = try TemporaryDirectory()
        let (recorder, path) = try Self.recorder(directory, "TCA")
        let initial = TodosFeature.State()
        recorder.start(state: initial)
        let store = TCA.Store(initialState: initial) { TodosFeature.reducer._record(into: recorder) }
        store.send(.add("Buy milk"))
        store.send(.add("Walk the dog"))
        store.send(.add("Call mum"))
        store.send(.askToDelete(id: 2))
        store.send(.confirmDelete) // the planted change: todo 2 goes, step 5; its effect clears the alert, step 6
        try recorder.close()
        #expect(store.state.todos.map(\.id) == [1, 3])
        let (recording, main) = try Self.main(path)
        let steps = try recording.steps(on: main)
        #expect(steps.map(\.actionName) == [nil, "add", "add", "add", "askToDelete", "confirmDelete", "dismissAlert"])
        try Self.check(path, finds: "not (.todos[id=2] exists)", at: 5)
    }

    @Test func aReSwiftStoreRecordsThroughAMiddleware() throws {
        let directory = try TemporaryDirectory()
        let (recorder, path) = try Self.recorder(directory, "ReSwift")
        let initial = CartState()
        recorder.start(state: initial)
        let store = ReSwift.Store<CartState>(reducer: CartState.reducer, state: initial, middleware: [recordingMiddleware(recorder)])
        store.dispatch(AddItem(name: "tea", cents: 450))
        store.dispatch(AddItem(name: "milk", cents: 120))
        store.dispatch(ApplyCoupon(code: "HALF", discount: { $0 / 2 }))
        try recorder.close()
        #expect(store.state.totalCents == 285)
        let (recording, main) = try Self.main(path)
        let steps = try recording.steps(on: main)
        #expect(steps.map(\.actionName) == [nil, "AddItem", "AddItem", "ApplyCoupon"])
        try Self.check(path, finds: ".totalCents < 500", at: 3)
    }

    @Test func theSeedsObserverStoreRecordsInAccept() throws {
        let directory = try TemporaryDirectory()
        let (recorder, path) = try Self.recorder(directory, "Observers")
        let store = ObserverStore(state: CounterState(), recorder: recorder)
        for event in [CounterEvent.increment, .increment, .decrement, .reset, .increment] {
            store.accept(event: event)
        }
        try recorder.close()
        #expect(store.state.history == [1, 2, 1, 0, 1])
        try Self.check(path, finds: ".count == 0 and .history[3] exists", at: 4)
    }

    @Test func theSeedsMVIViewModelRecordsItsIntents() throws {
        let directory = try TemporaryDirectory()
        let (recorder, path) = try Self.recorder(directory, "MVI")
        let model = LoginViewModel(recorder: recorder)
        model.onIntent(.updateEmail("ada@example.com"))
        model.onIntent(.updatePassword("hunter2"))
        model.onIntent(.submit)
        model.onIntent(.failed(LoginRejected(reason: "locked")))
        try recorder.close()
        let (recording, main) = try Self.main(path)
        #expect(try recording.steps(on: main).map(\.actionName) == [nil, "updateEmail", "updatePassword", "submit", "failed"])
        // Redacted by default: the password never reaches the file.
        #expect(try recording.state(at: 2, on: main)["password"] != "hunter2")
        try Self.check(path, finds: ".error exists and .error != null", at: 4)
    }

    @Test func anObservableModelRecordsEachMethodAsAnAction() throws {
        let directory = try TemporaryDirectory()
        let (recorder, path) = try Self.recorder(directory, "Observable")
        let model = TodoModel(recorder: recorder)
        model.add(title: "Buy milk")
        model.add(title: "Walk the dog")
        model.toggle(id: 1)
        model.remove(id: 2)
        try recorder.close()
        let (recording, main) = try Self.main(path)
        #expect(try recording.steps(on: main).map(\.actionName) == [nil, "add", "add", "toggle", "remove"])
        #expect(try recording.state(at: 3, on: main) == JSONParser().parse(Array(
            #"{"items":[{"done":true,"id":1,"title":"Buy milk"},{"done":false,"id":2,"title":"Walk the dog"}],"nextID":3}"#.utf8
        )))
        try Self.check(path, finds: "not (.items[id=2] exists) and .nextID == 3", at: 4)
    }
}

/// A TCA feature whose state is not `Codable`: an alert holding a closure.
enum TodosFeature {
    struct Todo: Identifiable {
        var id: Int
        var title: String
    }

    struct Alert {
        var title: String
        var confirm: () -> Void
    }

    struct State {
        var todos: [Todo] = []
        var nextID = 1
        var pendingDeletion: Int?
        var alert: Alert?
    }

    enum Action {
        case add(String)
        case askToDelete(id: Int)
        case confirmDelete
        case dismissAlert
    }

    nonisolated(unsafe) static let reducer = TCA.Reduce<State, Action> { state, action in
        switch action {
        case .add(let title):
            state.todos.append(Todo(id: state.nextID, title: title))
            state.nextID += 1
            return .none
        case .askToDelete(let id):
            state.pendingDeletion = id
            state.alert = Alert(title: "Delete?", confirm: {})
            return .none
        case .confirmDelete:
            state.todos.removeAll { $0.id == state.pendingDeletion }
            state.pendingDeletion = nil
            return .send(.dismissAlert)
        case .dismissAlert:
            state.alert = nil
            return .none
        }
    }
}

/// A ReSwift app state with a closure in it.
struct CartState {
    var items: [String] = []
    var totalCents = 0
    var pricing: (Int) -> Int = { $0 }

    nonisolated(unsafe) static let reducer: ReSwift.Reducer<CartState> = { action, state in
        var state = state ?? CartState()
        switch action {
        case let add as AddItem:
            state.items.append(add.name)
            state.totalCents += add.cents
        case let coupon as ApplyCoupon:
            state.pricing = coupon.discount
            state.totalCents = coupon.discount(state.totalCents)
        default:
            break
        }
        return state
    }
}

struct AddItem: ReSwift.Action {
    var name: String
    var cents: Int
}

struct ApplyCoupon: ReSwift.Action {
    var code: String
    var discount: (Int) -> Int
}
