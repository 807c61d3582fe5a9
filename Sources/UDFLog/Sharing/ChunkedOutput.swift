/// Gathers an exporter's bytes and hands them on in chunks of about 256 KiB,
/// so that an export streams: what it holds does not grow with the timeline.
struct ChunkedOutput {
    private var buffer: [UInt8] = []
    private let sink: ([UInt8]) throws -> Void
    /// Bytes handed on so far.
    private(set) var writtenCount = 0

    static let chunkSize = 256 << 10

    init(sink: @escaping ([UInt8]) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(Self.chunkSize + 4_096)
    }

    mutating func append(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Lets `build` append to the pending bytes in place, with no copy of its own.
    mutating func append(building build: (inout [UInt8]) -> Void) throws {
        build(&buffer)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    mutating func append(_ text: String) throws {
        try append(Array(text.utf8))
    }

    /// Hands on every byte not yet handed on.
    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        writtenCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
