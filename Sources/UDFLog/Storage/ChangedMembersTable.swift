import UDFDiff
import UDFSQLite

/// The `changed_members` index (format v5): for each step after the first,
/// the top-level members it may have changed (for a patch, those its
/// operations name; for a keyframe, those whose values differ from the
/// previous state, or the root when the writer does not know), so that a
/// query about one member reads only the steps that may have changed it.
///
/// A member is named by the pointer to it (`/todos`, `/a~1b`); `""`, the
/// root, stands for an operation on the whole state. A timeline's rows are
/// complete only when `timelines.changes_indexed` is 1, which only the
/// writer that creates the timeline sets.
enum ChangedMembersTable {
    /// The index's name for the top-level member `key`.
    static func member(_ key: String) -> String {
        JSONPointer(tokens: [key]).description
    }

    /// The members `patch`'s operations name in `path` and `from`, each once.
    static func members(of patch: JSONPatch) -> [String] {
        var members: [String] = []
        func add(_ pointer: JSONPointer) {
            let member = pointer.tokens.first.map(Self.member) ?? ""
            if !members.contains(where: { $0.utf8.elementsEqual(member.utf8) }) { members.append(member) }
        }
        for operation in patch.operations {
            switch operation {
            case .move(let from, let path), .copy(let from, let path):
                add(from)
                add(path)
            case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _):
                add(path)
            }
        }
        return members
    }

    /// `members(of:)` of a stored patch text: scanned when it is in the
    /// recorder's canonical form, parsed otherwise. A text that does not
    /// parse is indexed under the root, which every query reads.
    static func members(ofPatchText text: [UInt8]) -> [String] {
        if let members = StoredTextScan.pointedMembers(ofCanonicalPatch: text) { return members }
        guard let patch = try? JSONPatch(text: text) else { return [""] }
        return members(of: patch)
    }

    static func insert(_ members: [String], timelineID: Int, step: Int, into db: Database) throws {
        let statement = try db.cachedStatement("INSERT INTO changed_members (timeline_id, member, step) VALUES (?, ?, ?)")
        for member in members {
            try statement.execute([timelineID, member, step])
        }
    }

    /// Whether every patch step of the timeline `id` has its rows.
    static func isIndexed(timelineID id: Int, in db: Database) throws -> Bool {
        let flag = try db.prepare("SELECT changes_indexed FROM timelines WHERE id = ?").firstRow([id]) { $0.optionalInt(0) }
        return flag == .some(1)
    }

    /// The steps of one timeline a query about some members reads: those
    /// indexed under one of them or the root.
    /// Bound: the timeline id, the range's bounds, then the members and `""`.
    static func stepsTouchingSQL(memberCount: Int) -> String {
        let members = (0...memberCount).map { "?\($0 + 4)" }.joined(separator: ", ")
        return "SELECT step FROM changed_members WHERE timeline_id = ?1 AND member IN (\(members)) AND step BETWEEN ?2 AND ?3"
    }
}
