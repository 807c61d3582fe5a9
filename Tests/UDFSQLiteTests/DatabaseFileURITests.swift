import Foundation
import TestSupport
import Testing
@testable import UDFSQLite

/// Paths become `file:` URIs (https://sqlite.org/uri.html): whatever a file
/// name holds, the connection opens that file and no other.
@Suite struct DatabaseFileURITests {
    @Test func specialCharactersAreEscapedWithTwoHexDigits() {
        #expect(Database.fileURI("/tmp/a b/x?y#z%w&v=1.udf") == "file:///tmp/a b/x%3Fy%23z%25w&v=1.udf")
        #expect(Database.fileURI("rel/ünï.udf") == "file:rel/ünï.udf")
        // A one-digit escape would read "%1b" as ESC.
        #expect(Database.fileURI("a\u{1}b.udf") == "file:a%01b.udf")
        // An empty authority, or `//tmp` would name a host.
        #expect(Database.fileURI("//tmp/x.udf") == "file:////tmp/x.udf")
        #expect(Database.fileURI("/x.udf", parameters: [("immutable", "1")]) == "file:///x.udf?immutable=1")
        #expect(Database.fileURI("/x.udf", parameters: [("a", "b&c=d"), ("e", "f")]) == "file:///x.udf?a=b%26c%3Dd&e=f")
    }

    static let names = [
        "with space.udf",
        "question?mark.udf",
        "hash#tag.udf",
        "per%25cent.udf",
        "per%cent.udf",
        "amp&er=sand.udf",
        "ünïcødé-日本.udf",
        "film-🎞.udf",
        "control\u{1}byte.udf",
    ]

    @Test(arguments: names)
    func aFileNamedLikeThisOpensItselfInEveryMode(_ name: String) throws {
        let directory = try TemporaryDirectory()
        // The folder's name is just as hostile as the file's.
        let folder = directory.path("dir ?#%&")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/" + name

        let writer = try Database(path: path, mode: .create)
        try writer.execute("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('\(name.count)')")
        writer.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])

        for mode in [Database.Mode.readWrite, .readOnly, .immutable] {
            let database = try Database(path: path, mode: mode)
            #expect(try database.scalarText("SELECT v FROM t") == "\(name.count)", "\(mode)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
    }

    @Test func anAbsolutePathStartingWithTwoSlashesOpens() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("slashes.udf")
        try Database(path: path, mode: .create).execute("CREATE TABLE t (v)")
        let database = try Database(path: "/" + path, mode: .readOnly)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 1)
    }
}
