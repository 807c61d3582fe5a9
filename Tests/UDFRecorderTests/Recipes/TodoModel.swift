// An `@Observable` model whose methods are the actions. The recipe: each
// method records a case naming itself and its arguments, and the model,
// reflected at once on the caller's thread since it is a class.
import Observation
import UDFRecorder

@MainActor
@Observable
final class TodoModel {
    struct Item {
        var id: Int
        var title: String
        var done = false
    }

    /// The methods, as values the recording names.
    enum Method {
        case add(title: String)
        case toggle(id: Int)
        case remove(id: Int)
    }

    private(set) var items: [Item] = []
    private var nextID = 1
    @ObservationIgnored private let recorder: Recorder

    init(recorder: Recorder) {
        self.recorder = recorder
        recorder.start(state: self)
    }

    func add(title: String) {
        items.append(Item(id: nextID, title: title))
        nextID += 1
        recorder.record(action: Method.add(title: title), state: self)
    }

    func toggle(id: Int) {
        if let index = items.firstIndex(where: { $0.id == id }) { items[index].done.toggle() }
        recorder.record(action: Method.toggle(id: id), state: self)
    }

    func remove(id: Int) {
        items.removeAll { $0.id == id }
        recorder.record(action: Method.remove(id: id), state: self)
    }
}
