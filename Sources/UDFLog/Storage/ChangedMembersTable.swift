import UDFDiff
import UDFJSON
import UDFSQLite

/// The `changed_members` index: for each step after the first, the parts of
/// the state it may have changed (for a patch, those its operations name;
/// for a keyframe, those whose values differ from the previous state, or the
/// root when the writer does not know), so that a query about one part reads
/// only the steps that may have changed it.
///
/// A part is named by the pointer to it. Format v5 names top-level members
/// (`/todos`, `/a~1b`); v6 also names their children (`/todos/3`) and, as
/// `/todos/-`, a member written whole or whose children were added, removed
/// or moved, which every query under the member must read. `""`, the root,
/// stands for an operation on the whole state. Each row holds the steps of
/// one key in a stretch of 1,024 as a bitmap, so a writer adds a row per key
/// a batch touches, not one per step. A timeline's rows are complete only
/// when `timelines.changes_indexed` is set, which only the writer that
/// creates the timeline sets, to the depth it indexes.
enum ChangedMembersTable {
    /// The index's name for the top-level member `key`.
    static func member(_ key: String) -> String {
        JSONPointer(tokens: [key]).description
    }

    /// Whether `keys` holds `key`: keys compare by their UTF-8 bytes, not
    /// by canonical equivalence, as the recording's keys do.
    static func contains(_ keys: [String], _ key: String) -> Bool {
        keys.contains { $0.hasSameScalars(as: key) }
    }

    /// Appends `key` to `keys` unless it is there already.
    static func add(_ key: String, to keys: inout [String]) {
        if !contains(keys, key) { keys.append(key) }
    }

    /// The index's name for a member written whole or reshaped: `/m/-`.
    static func reshaped(_ key: String) -> String {
        JSONPointer(tokens: [key, "-"]).description
    }

    /// The keys `patch`'s operations name in `path` and `from`, each once:
    /// the root for an operation on the whole state; otherwise the member,
    /// and `/m/-` for an operation on the member itself or one that adds,
    /// removes or moves its child (shifting the elements after it), else the
    /// child `/m/c` the operation writes in or reads.
    static func keys(of patch: JSONPatch) -> [String] {
        var keys: [String] = []
        func add(_ key: String) { Self.add(key, to: &keys) }
        func note(_ pointer: JSONPointer, reshapes: Bool) {
            let tokens = pointer.tokens
            guard let first = tokens.first else { return add("") }
            add(member(first))
            if tokens.count == 1 || (tokens.count == 2 && reshapes) {
                add(reshaped(first))
            } else {
                add(JSONPointer(tokens: [first, tokens[1]]).description)
            }
        }
        for operation in patch.operations {
            switch operation {
            case .move(let from, let path):
                note(from, reshapes: true)
                note(path, reshapes: true)
            case .copy(let from, let path):
                note(from, reshapes: false)
                note(path, reshapes: true)
            case .add(let path, _), .remove(let path):
                note(path, reshapes: true)
            case .replace(let path, _), .test(let path, _):
                note(path, reshapes: false)
            }
        }
        return keys
    }

    /// `keys(of:)` of a stored patch text: scanned when it is in the
    /// recorder's canonical form, parsed otherwise. A text that does not
    /// parse is indexed under the root, which every query reads.
    static func keys(ofPatchText text: [UInt8]) -> [String] {
        entry(ofPatchText: text).keys
    }

    /// What the index keeps of a stored patch text: its keys and, when the
    /// text is in canonical form, its operations under each child
    /// (`StoredTextScan.scan`); a text in another form gives its keys
    /// alone, parsed, and one that does not parse the root. The writer and
    /// `verify` both take it from here.
    static func entry(ofPatchText text: [UInt8]) -> ScannedPatch {
        if let scanned = StoredTextScan.scan(canonicalPatch: text) { return scanned }
        guard let patch = try? JSONPatch(text: text) else { return ScannedPatch(keys: [""]) }
        return ScannedPatch(keys: keys(of: patch))
    }

    /// Of `keys`, the root and the top-level members: what a v5 index names.
    static func members(in keys: [String]) -> [String] {
        keys.filter(isMemberOrRoot)
    }

    /// Whether `key` is the root or a top-level member: one a v5 index names.
    static func isMemberOrRoot(_ key: String) -> Bool {
        !key.utf8.dropFirst().contains(UInt8(ascii: "/"))
    }

    /// How deep the index of timeline `id` goes and through which step;
    /// nil when its steps are not all indexed. `indexed_through` exists from
    /// format v6 (`hasWatermark`).
    static func coverage(timelineID id: Int, hasWatermark: Bool, in db: Database) throws -> ChangeIndexCoverage? {
        let sql = "SELECT changes_indexed" + (hasWatermark ? ", indexed_through" : ", NULL") + " FROM timelines WHERE id = ?"
        let row = try db.prepare(sql).firstRow([id]) { ($0.optionalInt(0), $0.optionalInt(1)) }
        guard let (flag, through) = row, let depth = flag.flatMap(ChangeIndexDepth.init(rawValue:)) else { return nil }
        return ChangeIndexCoverage(depth: depth, through: through)
    }

    /// Steps a row covers: its `first_step` is a multiple of this, and bit
    /// `i` of its `steps` (byte `i / 8`, from the least significant bit) is
    /// step `first_step + i`.
    static let stepsPerRow = 1_024
    static let bytesPerRow = stepsPerRow / 8

    /// The steps in `range` of timeline `id` indexed under one of `members`
    /// or the root: a bitmap whose bit `i` is step `base + i`, `base` being
    /// `range.lowerBound` rounded down to a row's first step, so each
    /// stored row is OR-ed in a byte at a time. Bits outside `range` may be
    /// set. Nil when a row is misshapen (`wellShapedBits`): the caller reads
    /// every step instead, and `verify` names the row.
    static func steps(timelineID id: Int, members: [String], in range: ClosedRange<Int>, db: Database) throws -> (base: Int, bits: [UInt8])? {
        let base = range.lowerBound - range.lowerBound % stepsPerRow
        var bits = [UInt8](repeating: 0, count: (range.upperBound - base) / stepsPerRow * bytesPerRow + bytesPerRow)
        let names = members + [""]
        let placeholders = names.indices.map { "?\($0 + 4)" }.joined(separator: ", ")
        let sql = """
            SELECT first_step, steps FROM changed_members
            WHERE timeline_id = ?1 AND member IN (\(placeholders)) AND first_step BETWEEN ?2 AND ?3
            """
        var misshapen = false
        try db.cachedStatement(sql).forEachRow([id, base, range.upperBound] + names) { row in
            let first = row.int(0)
            guard let stored = wellShapedBits(row, firstStep: first) else {
                misshapen = true
                return
            }
            let offset = (first - base) / 8
            for (index, byte) in stored.enumerated() where offset + index < bits.count {
                bits[offset + index] |= byte
            }
        }
        return misshapen ? nil : (base, bits)
    }

    /// Whether `key` names a member's child `/m/c`, whose rows on a v7
    /// timeline hold their steps' operations: not the root, a member, or
    /// `/m/-` (which every query under `m` reads whole, a member's child
    /// named `-` included). The one rule for the writer and the readers.
    static func isChild(_ key: String) -> Bool {
        // Tokens hold no raw `/` (RFC 6901 escapes it), so two slashes make two tokens.
        var slashes = 0
        var last: UInt8 = 0
        var beforeLast: UInt8 = 0
        for byte in key.utf8 {
            if byte == UInt8(ascii: "/") { slashes += 1 }
            (beforeLast, last) = (last, byte)
        }
        return slashes == 2 && !(beforeLast == UInt8(ascii: "/") && last == UInt8(ascii: "-"))
    }

    /// For a query by `keys` on a timeline indexed with operations (v7):
    /// the steps in `range` to read whole, as `steps` gives them, and the
    /// others the index names, each with its operations under the keys'
    /// children as one patch, ascending. A step is read whole when it is
    /// indexed under the root or a key that is not a child, or under a
    /// child whose row keeps no operations for it (a keyframe, a `move` or
    /// `copy`, a patch not in canonical form) or keeps misshapen ones. Nil
    /// when a row's bitmap is misshapen.
    static func described(
        timelineID id: Int, keys: [String], in range: ClosedRange<Int>, db: Database
    ) throws -> (whole: (base: Int, bits: [UInt8]), described: [(step: Int, patch: JSONPatch)])? {
        let children = keys.filter(isChild)
        guard var whole = try steps(timelineID: id, members: keys.filter { !isChild($0) }, in: range, db: db) else { return nil }
        guard !children.isEmpty else { return (whole, []) }
        let placeholders = children.indices.map { "?\($0 + 4)" }.joined(separator: ", ")
        let sql = """
            SELECT m.first_step, m.steps, o.operations, m.member FROM changed_members AS m
            LEFT JOIN changed_operations AS o USING (timeline_id, member, first_step)
            WHERE m.timeline_id = ?1 AND m.member IN (\(placeholders)) AND m.first_step BETWEEN ?2 AND ?3
            """
        var found: [(step: Int, operations: [PatchOperation])] = []
        var misshapen = false
        // Keyed by bytes: `/m/toke\u{F1}` and `/m/token\u{303}` are two children.
        var childTokens: [[UInt8]: [String]?] = [:]
        try db.cachedStatement(sql).forEachRow([id, whole.base, range.upperBound] + children) { row in
            let first = row.int(0)
            guard let bits = wellShapedBits(row, firstStep: first) else {
                misshapen = true
                return
            }
            let member = row.text(3)
            let key = Array(member.utf8)
            if childTokens[key] == nil { childTokens[key] = .some((try? JSONPointer(parsing: member))?.tokens) }
            // A row whose key is not a pointer keeps nothing a reader trusts.
            let tokens = childTokens[key] ?? nil
            let entries = tokens == nil ? [] : row.bytes(2).flatMap(ChildOperationsBlob.entries) ?? []
            var next = 0
            for step in Self.steps(inRowAt: first, bits) where range.contains(step) {
                while next < entries.count, first + entries[next].offset < step { next += 1 }
                if next < entries.count, first + entries[next].offset == step,
                   let tokens, let operations = ChildOperationsBlob.operations(entries[next].operations, child: tokens) {
                    found.append((step, operations))
                } else {
                    let index = step - whole.base
                    whole.bits[index / 8] |= 1 << (index % 8)
                }
            }
        }
        if misshapen { return nil }
        // Rows come child by child: a step several children name is one patch.
        if children.count > 1 { found.sort { $0.step < $1.step } }
        var described: [(step: Int, patch: JSONPatch)] = []
        var index = 0
        while index < found.count {
            let step = found[index].step
            var end = index + 1
            while end < found.count, found[end].step == step { end += 1 }
            if !IndexedReads.isNamed(step, in: whole) {
                described.append((step, JSONPatch(found[index..<end].flatMap(\.operations))))
            }
            index = end
        }
        return (whole, described)
    }

    /// The bitmap in `column` of `row` when the row starts at a multiple of
    /// `stepsPerRow` and holds a blob of `bytesPerRow` bytes; nil for a
    /// misshapen row. The one rule for every reader and for `verify`.
    private static func wellShapedBits(_ row: Row, firstStep: Int, column: Int = 1) -> [UInt8]? {
        guard firstStep % stepsPerRow == 0, row.isBlob(column), let stored = row.bytes(column), stored.count == bytesPerRow else { return nil }
        return stored
    }

    /// Every well-shaped row of timeline `id`, and the first step of the
    /// earliest misshapen one, if any.
    static func bitmaps(timelineID id: Int, db: Database) throws -> (rows: [(firstStep: Int, member: String, bits: [UInt8])], misshapen: Int?) {
        var rows: [(firstStep: Int, member: String, bits: [UInt8])] = []
        var misshapen: Int?
        try db.prepare("SELECT first_step, member, steps FROM changed_members WHERE timeline_id = ?").forEachRow([id]) { row in
            let first = row.int(0)
            guard let bits = wellShapedBits(row, firstStep: first, column: 2) else {
                misshapen = min(misshapen ?? first, first)
                return
            }
            rows.append((first, row.text(1), bits))
        }
        return (rows, misshapen)
    }

    /// Every `changed_operations` row of timeline `id` (v7).
    static func operationRows(timelineID id: Int, db: Database) throws -> [(firstStep: Int, member: String, operations: [UInt8])] {
        try db.prepare("SELECT first_step, member, operations FROM changed_operations WHERE timeline_id = ?").rows([id]) { row in
            (row.int(0), row.text(1), row.bytes(2) ?? [])
        }
    }

    /// Every (step, member) of timeline `id`, ordered by step, then member.
    static func rows(timelineID id: Int, db: Database) throws -> [(step: Int, member: String)] {
        var rows: [(step: Int, member: String)] = []
        for (first, member, bits) in try bitmaps(timelineID: id, db: db).rows {
            rows += steps(inRowAt: first, bits).map { ($0, member) }
        }
        return rows.sorted { $0.step != $1.step ? $0.step < $1.step : $0.member.utf8.lexicographicallyPrecedes($1.member.utf8) }
    }

    /// The steps a row's bitmap names, ascending.
    static func steps(inRowAt firstStep: Int, _ bits: [UInt8]) -> [Int] {
        var steps: [Int] = []
        forEachStep(inRowAt: firstStep, bits) { steps.append($0) }
        return steps
    }

    /// Hands `body` each step a row's bitmap names, ascending.
    static func forEachStep(inRowAt firstStep: Int, _ bits: [UInt8], _ body: (Int) -> Void) {
        for (offset, byte) in bits.enumerated() where byte != 0 {
            var rest = byte
            while rest != 0 {
                body(firstStep + offset * 8 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}
