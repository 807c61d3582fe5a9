import Foundation
import UDFJSON
import UDFSQLite

/// Whether a file's schema is the one its format version promises.
///
/// SQLite's integrity check does not read the schema's text, and a
/// read-only connection does not resolve a table's CHECK constraints: a
/// byte changed there (`NOT NULL` → `NOTZNULL`, `TEXT` → `TEXZ`, whose
/// column then turns text into numbers) passes both, and only a writer
/// would later fail or garble what it appends. Every file of version *n*
/// went through the same first *n* migrations, so their schema is rebuilt
/// in memory and compared, object by object, with the file's.
enum SchemaCheck {
    /// One line per object of version `version`'s schema that the file
    /// lacks or defines otherwise; empty when they agree. Objects the file
    /// adds (a user's own index) are not this format's, and are left alone.
    static func problems(in db: Database, version: Int) throws -> [String] {
        let expected = try objects(in: try schema(ofVersion: version))
        let found = Dictionary(try objects(in: db).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return expected.compactMap { object -> String? in
            guard let actual = found[object.name] else {
                return "the \(object.type) '\(object.name)' of format \(version) is missing"
            }
            guard actual.type == object.type else {
                return "the \(object.type) '\(object.name)' of format \(version) is here of type '\(actual.type)'"
            }
            guard actual.table == object.table else {
                return "the \(object.type) '\(object.name)' of format \(version) is on '\(actual.table)', not '\(object.table)'"
            }
            let (text, expectedText) = (actual.meaningfulText, object.meaningfulText)
            guard text != expectedText else { return nil }
            // Where they part, in the file's own text and in the format's.
            let at = zip(text, expectedText).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(text.count, expectedText.count)
            return "the \(object.type) '\(object.name)' is not format \(version)'s: "
                + "'\(actual.excerpt(around: at))' where format \(version) has '\(object.excerpt(around: at))'"
        }
    }

    /// An empty database in memory, brought to `version` by the migrations.
    private static func schema(ofVersion version: Int) throws -> Database {
        let database = try Database(path: ":memory:", mode: .create)
        let migrations = RecordingFormat.migrator.migrations.prefix(version)
        try database.write { db in
            for migration in migrations { try migration.apply(db) }
        }
        return database
    }

    private static func objects(in db: Database) throws -> [SchemaObject] {
        try db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name").rows { row in
            SchemaObject(type: row.text(0), name: row.text(1), table: row.text(2), sql: row.optionalText(3))
        }
    }
}

/// A row of `sqlite_schema`.
private struct SchemaObject {
    let type: String
    let name: String
    let table: String
    let sql: String?

    /// The SQL without its white space: a file migrated by another SQLite
    /// may space its text otherwise. A byte that becomes or stops being
    /// white space still shows; one blank turned into another means the
    /// same to SQLite.
    var meaningfulText: [UInt8] {
        (sql ?? "").utf8.filter { !$0.isJSONWhitespace }
    }

    /// A few words of the SQL, on one line, around its `index`th byte that
    /// is not white space.
    func excerpt(around index: Int) -> String {
        let bytes = Array((sql ?? "").utf8)
        let offset = bytes.indices.lazy.filter { !bytes[$0].isJSONWhitespace }.dropFirst(index).first ?? bytes.endIndex
        // About 20 bytes either side, widened to whole words.
        var start = max(0, offset - 20)
        while start > 0, !bytes[start - 1].isJSONWhitespace { start -= 1 }
        var end = min(bytes.count, offset + 20)
        while end < bytes.count, !bytes[end].isJSONWhitespace { end += 1 }
        var line: [UInt8] = []
        for byte in bytes[start..<end] {
            if !byte.isJSONWhitespace {
                line.append(byte)
            } else if line.last != 0x20 {
                line.append(0x20)
            }
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
