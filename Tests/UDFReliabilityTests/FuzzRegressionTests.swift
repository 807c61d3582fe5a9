import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON
import UDFLog

/// Replays every input kept under fixtures/fuzz/<target>/ through what the
/// fuzz target of the same name runs (fuzz/<target>/main.swift), so an input
/// that once crashed stays fixed.
@Suite struct FuzzRegressionTests {
    static let targets = ["json-parser", "json-patch", "path-predicate", "redux-importer"]

    static func inputs(_ target: String) -> [(name: String, bytes: [UInt8])] {
        let directory = Fixtures.root.appendingPathComponent("fixtures/fuzz/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { (name, [UInt8]($0)) }
        }
    }

    @Test(arguments: targets)
    func everyTargetKeepsRegressionInputs(_ target: String) {
        #expect(Self.inputs(target).count >= 3, "fixtures/fuzz/\(target) holds too few inputs")
    }

    @Test func jsonParserInputsParseOrThrowAndRoundTrip() throws {
        for (name, bytes) in Self.inputs("json-parser") {
            guard let value = try? JSONParser(limits: .init(maxDepth: 256, maxBytes: 1 << 20)).parse(bytes) else { continue }
            #expect(try JSONParser().parse(value.canonicalText) == value, "\(name)")
        }
    }

    @Test func jsonPatchInputsApplyOrThrowAndMadePatchesWork() throws {
        for (name, bytes) in Self.inputs("json-patch") {
            guard case .array(let pair)? = try? JSONParser(limits: .init(maxDepth: 64, maxBytes: 1 << 16)).parse(bytes),
                  pair.count == 2 else { continue }
            // Splicing gives the plain result's canonical text, or refuses.
            if let patch = try? JSONPatch(jsonValue: pair[1]), let spliced = patch.splicing(intoCanonical: pair[0].canonicalBytes) {
                #expect((try? patch.apply(to: pair[0]))?.canonicalBytes == spliced, "\(name)")
            }
            let made = JSONPatch.make(from: pair[0], to: pair[1])
            #expect(try made.apply(to: pair[0]) == pair[1], "\(name)")
            if let spliced = made.splicing(intoCanonical: pair[0].canonicalBytes) {
                #expect(spliced == pair[1].canonicalBytes, "\(name)")
            }
            for text in [bytes, pair[1].canonicalBytes, made.jsonValue.canonicalBytes] {
                let limits = JSONParser.Limits(maxDepth: 64, maxBytes: 1 << 16)
                #expect(patchTextDisagreement(text, limits: limits) == nil, "\(name): \(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test func pathAndPredicateInputsParseOrThrowAndPathsRoundTrip() throws {
        let sample = try JSONParser().parse("""
            {"todos": [{"id": 1, "title": "Buy milk", "done": false}, {"id": 2, "title": "Walk the dog", "done": true}],
             "filter": "active", "count": 2, "login": {"email": "a@b.c", "token": null}, "tags": ["a", "b"]}
            """)
        for (name, bytes) in Self.inputs("path-predicate") {
            let text = String(decoding: bytes, as: UTF8.self)
            if let path = try? JSONPath(parsing: text) {
                _ = path.select(in: sample)
                #expect(try JSONPath(parsing: path.description).description == path.description, "\(name)")
            }
            if let predicate = try? Predicate.parse(text) {
                _ = predicate.evaluate(on: sample)
            }
        }
    }

    @Test func reduxImporterInputsImportOrThrow() {
        var imported = 0
        for (_, bytes) in Self.inputs("redux-importer") {
            guard let document = try? SharedDocumentParser.parse(bytes, source: "fuzz.json") else { continue }
            if (try? ReduxDevToolsImporter.read(document, source: "fuzz.json", now: Date(timeIntervalSince1970: 0))) != nil {
                imported += 1
            }
        }
        #expect(imported >= 1)
    }
}
