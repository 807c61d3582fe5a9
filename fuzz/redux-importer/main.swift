import Foundation
import UDFJSON
import UDFLog

/// libFuzzer entry: any bytes as a Redux DevTools export, parsed with the
/// importer's limits and read into a timeline. Throwing is fine; trapping is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? SharedDocumentParser.parse(bytes, source: "fuzz.json") else { return 0 }
    _ = try? ReduxDevToolsImporter.read(document, source: "fuzz.json", now: Date(timeIntervalSince1970: 0))
    return 0
}
