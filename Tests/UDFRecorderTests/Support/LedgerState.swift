/// A host state with about ten fields and a growing array, like a real app's.
struct LedgerState: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var id: Int
        var memo: String
        var cents: Int
    }

    var owner = "Ada"
    var currency = "EUR"
    var balance = 0
    var entryCount = 0
    var lastMemo: String?
    var isLocked = false
    var limit = 1_000_000
    var tags: [String] = ["personal"]
    var version = 1
    var entries: [Entry] = []
}

enum LedgerAction: Codable, Sendable, Equatable {
    case deposit(memo: String, cents: Int)
    case adjust(cents: Int)
    case rename(String)
    case lock
    case unlock
}
