import Foundation
import UDFJSON
import UDFSQLite

/// The one gateway to the `steps` table: its column list, its insert, and
/// rows read by column name.
///
/// Every read of a step goes through `StepColumn`, so a new column or a
/// reordered select list cannot shift what another query reads.
enum StepsTable {
    /// One row as it is stored.
    struct StoredRow {
        let timelineID: Int
        let step: Int
        let time: Date
        /// Canonical text of the redacted action; nil at step 0.
        var action: String?
        var actionName: String?
        let cause: Int?
        let reducerNanoseconds: Int?
        /// Exactly one of `keyframe` and `patch` is set once the row is
        /// finished (`RowFinisher` writes a keyframe's text last).
        var keyframe: String?
        let patch: String?
        let stateHash: String
        let stateSize: Int
        /// The step's `changed_members` entry, when the writer is handed it:
        /// for a keyframe, the keys of the patch from the previous step's
        /// state; for a copied patch, its text's entry, read on the thread
        /// that reads the rows. Nil reads a patch's from its text (which also
        /// gives its operations under each child) and indexes a keyframe
        /// under the root.
        var changes: ScannedPatch? = nil
    }

    static let insertSQL = """
        INSERT INTO steps (timeline_id, step, time, action, action_name, cause, duration_ns,
                           keyframe, patch, state_hash, state_size)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Inserts the rows `body` hands to its inserter, in the caller's
    /// transaction, with their `changed_members` keys: every writer goes
    /// through here, so every timeline it creates is indexed. `index` is a
    /// writer's own when it appends batch after batch (and merges lazily);
    /// by default the keys are merged at the end of this transaction.
    static func insert(into db: Database, index: ChangeIndexWriter = ChangeIndexWriter(lazily: false), _ body: (Inserter) throws -> Void) throws {
        let inserter = Inserter(statement: try db.cachedStatement(insertSQL), index: index, db: db)
        try body(inserter)
        try index.endOfTransaction(db)
    }

    /// Writes rows for `insert(into:_:)`, gathering their index keys.
    final class Inserter {
        fileprivate let statement: Statement
        fileprivate let index: ChangeIndexWriter
        fileprivate let db: Database

        fileprivate init(statement: Statement, index: ChangeIndexWriter, db: Database) {
            self.statement = statement
            self.index = index
            self.db = db
        }

        /// Step 0 has no previous state, so no keys.
        func insert(_ row: StoredRow) throws {
            try statement.execute([
                row.timelineID, row.step, row.time.timeIntervalSince1970, row.action, row.actionName,
                row.cause, row.reducerNanoseconds, row.keyframe, row.patch, row.stateHash, row.stateSize,
            ])
            guard row.step > 0 else { return }
            // One look at a patch's text gives its keys and its operations under each child.
            let entry = row.changes ?? row.patch.map { ChangedMembersTable.entry(ofPatchText: Array($0.utf8)) }
            try index.add(step: row.step, keys: entry?.keys ?? [""], childOperations: entry?.childOperations ?? [], timelineID: row.timelineID, db: db)
        }
    }

    /// `SELECT <columns> FROM steps`, for a query to complete with its `WHERE`.
    static func select(_ columns: [StepColumn]) -> String {
        "SELECT " + columns.map(\.expression).joined(separator: ", ") + " FROM steps"
    }

    /// `columns` of `steps` of one timeline (bound to `?`), in step order.
    /// Without a range beside the list, SQLite looks each step up in the
    /// index instead of scanning every entry between the first and last.
    static func select(_ columns: [StepColumn], steps: some Sequence<Int>) -> String {
        select(columns) + " WHERE timeline_id = ? AND step IN (" + steps.map(String.init).joined(separator: ",") + ") ORDER BY step"
    }

    /// `columns` of the rows with `ids` that are on one timeline (bound to
    /// `?`), in row id order. The timeline is only checked (`+`), so that
    /// SQLite finds each row by its id rather than through the index.
    static func select(_ columns: [StepColumn], rowIDs ids: some Sequence<Int>) -> String {
        select(columns) + " WHERE id IN (" + ids.map(String.init).joined(separator: ",") + ") AND +timeline_id = ? ORDER BY id"
    }

    /// The columns a `StepSummary` is made of.
    static let summaryColumns: [StepColumn] = [
        .step, .timelineID, .time, .action, .actionName, .cause, .reducerNanoseconds,
        .stateHash, .stateSize, .isKeyframe,
    ]

    /// The summary columns, then how the state is stored.
    static let summaryAndStorageColumns = summaryColumns + [.keyframe, .patch]
}

/// A column of a step as a query selects it; `StepRow` finds it by its place
/// in the query's select list.
enum StepColumn: CaseIterable {
    case step, timelineID, time, action, actionName, cause, reducerNanoseconds
    case stateHash, stateSize, isKeyframe, keyframe, patch

    var expression: String {
        switch self {
        case .step: "step"
        case .timelineID: "timeline_id"
        case .time: "time"
        case .action: "action"
        case .actionName: "action_name"
        case .cause: "cause"
        case .reducerNanoseconds: "duration_ns"
        case .stateHash: "state_hash"
        case .stateSize: "state_size"
        // `typeof`, not `IS NOT NULL`: SQLite answers it from the row's
        // header, where `IS NOT NULL` loads the text, a keyframe's megabytes.
        case .isKeyframe: "typeof(keyframe) != 'null'"
        case .keyframe: "keyframe"
        case .patch: "patch"
        }
    }
}

/// A row of a query built by `StepsTable.select`, read by column name.
struct StepRow {
    let row: Row
    let columns: [StepColumn]

    private func index(_ column: StepColumn) -> Int {
        guard let index = columns.firstIndex(of: column) else {
            preconditionFailure("the query did not select \(column)")
        }
        return index
    }

    func int(_ column: StepColumn) -> Int { row.int(index(column)) }
    func optionalInt(_ column: StepColumn) -> Int? { row.optionalInt(index(column)) }
    func double(_ column: StepColumn) -> Double { row.double(index(column)) }
    func text(_ column: StepColumn) -> String { row.text(index(column)) }
    func optionalText(_ column: StepColumn) -> String? { row.optionalText(index(column)) }
    func bytes(_ column: StepColumn) -> [UInt8]? { row.bytes(index(column)) }

    /// The step's metadata; the action is parsed, and a bad one is a corrupt
    /// step of `timeline`, the name of the timeline being read.
    /// - Parameter actions: The reading's memo of parsed action texts.
    func summary(on timeline: String, actions: TextMemo<JSONValue>) throws(RecordingError) -> StepSummary {
        StepSummary(
            step: int(.step),
            timelineID: int(.timelineID),
            time: Date(timeIntervalSince1970: double(.time)),
            action: try action(on: timeline, actions: actions),
            actionName: optionalText(.actionName),
            cause: optionalInt(.cause),
            reducerNanoseconds: optionalInt(.reducerNanoseconds),
            stateHash: text(.stateHash),
            stateSize: int(.stateSize),
            isKeyframe: int(.isKeyframe) != 0
        )
    }

    /// The step's action, each distinct text parsed once through
    /// `actions`; nil at step 0. A bad one is a corrupt step.
    func action(on timeline: String, actions: TextMemo<JSONValue>) throws(RecordingError) -> JSONValue? {
        guard let bytes = bytes(.action) else { return nil }
        let step = int(.step)
        return try actions.value(of: bytes) { bytes throws(RecordingError) in
            try Self.action(parsing: bytes, step: step, timeline: timeline)
        }
    }

    /// A stored action's text parsed; a bad one is a corrupt step.
    static func action(parsing bytes: [UInt8], step: Int, timeline: String) throws(RecordingError) -> JSONValue {
        do {
            return try JSONParser().parse(bytes)
        } catch {
            throw .unparsableAction(step: step, timeline: timeline, error)
        }
    }

    /// `action(parsing:)`, saying too whether the text is canonical.
    static func action(notingCanonical bytes: [UInt8], step: Int, timeline: String) throws(RecordingError) -> (JSONValue, isCanonical: Bool) {
        do {
            return try JSONParser().parseNotingCanonical(bytes)
        } catch {
            throw .unparsableAction(step: step, timeline: timeline, error)
        }
    }
}
