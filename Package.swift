// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "udf-timetravel",
    // Observation and Synchronization (`Mutex`) set the floor on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "UDF", targets: ["UDF"]),
        .library(name: "UDFRecorder", targets: ["UDFRecorder"]),
        .library(name: "UDFInspect", targets: ["UDFInspect"]),
        .library(name: "UDFTesting", targets: ["UDFTesting"]),
        // Generated tests import the example app from a package that depends on this one.
        .library(name: "TodoExample", targets: ["TodoExample"]),
        .executable(name: "udf-inspect", targets: ["udf-inspect"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // glibc's allocator settings, which Swift's Glibc module does not import.
        .target(name: "CHeap"),
        .target(name: "UDF"),
        .target(name: "UDFJSON"),
        .target(name: "UDFDiff", dependencies: ["UDFJSON"]),
        .target(name: "UDFSQLite", dependencies: ["CSQLite"]),
        .target(name: "UDFLog", dependencies: ["UDFSQLite", "UDFDiff", "UDFJSON"]),
        .target(name: "UDFRecorder", dependencies: ["UDF", "UDFLog", "UDFJSON", "UDFDiff"]),
        .target(name: "UDFInspect", dependencies: ["UDFLog", "UDFDiff", "UDFJSON", "CHeap"]),
        .target(name: "TodoExample", dependencies: ["UDF", "UDFRecorder", "UDFInspect"]),
        // Regression tests from recordings: a test store and a replay check. No SQLite:
        // a generated test carries its recording as JSON literals.
        .target(name: "UDFTesting", dependencies: ["UDF", "UDFJSON", "UDFDiff"]),
        .executableTarget(name: "udf-inspect", dependencies: ["UDFInspect", "TodoExample"]),
        .executableTarget(name: "todo-example", dependencies: ["TodoExample"]),
        .executableTarget(
            name: "udf-bench",
            dependencies: ["UDF", "UDFJSON", "UDFDiff", "UDFSQLite", "UDFLog", "UDFRecorder", "UDFInspect", "TodoExample"]
        ),

        // Helpers every test target shares: temporary directories, subprocesses.
        .target(name: "TestSupport", dependencies: ["UDFSQLite", "UDFJSON", "UDFDiff"], path: "Tests/TestSupport"),
        .testTarget(name: "UDFTests", dependencies: ["UDF", "TestSupport"]),
        .testTarget(name: "UDFJSONTests", dependencies: ["UDFJSON", "TestSupport"]),
        .testTarget(name: "UDFDiffTests", dependencies: ["UDFDiff", "UDFJSON", "TestSupport"]),
        .testTarget(name: "UDFSQLiteTests", dependencies: ["UDFSQLite", "TestSupport"]),
        .testTarget(name: "UDFLogTests", dependencies: ["UDFLog", "UDFDiff", "UDFJSON", "UDFSQLite", "TestSupport"]),
        .testTarget(
            name: "UDFRecorderTests",
            dependencies: ["UDFRecorder", "UDF", "UDFLog", "UDFDiff", "UDFJSON", "TodoExample", "TestSupport"]
        ),
        .testTarget(
            name: "UDFReliabilityTests",
            dependencies: ["UDFLog", "UDFRecorder", "UDFInspect", "TodoExample", "UDF", "UDFJSON", "UDFDiff", "TestSupport"]
        ),
        .testTarget(
            name: "UDFInspectTests",
            dependencies: ["UDFInspect", "UDF", "UDFDiff", "UDFJSON", "UDFLog", "UDFRecorder", "TodoExample", "TestSupport"]
        ),
        .testTarget(
            name: "UDFTestingTests",
            dependencies: ["UDFTesting", "UDF", "UDFJSON", "UDFDiff", "UDFLog", "UDFInspect", "TodoExample", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
