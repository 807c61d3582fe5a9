// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "udf-timetravel",
    products: [
        .library(name: "UDF", targets: ["UDF"]),
        .library(name: "UDFRecorder", targets: ["UDFRecorder"]),
        .library(name: "UDFInspect", targets: ["UDFInspect"]),
        .executable(name: "udf-inspect", targets: ["udf-inspect"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "UDF"),
        .target(name: "UDFJSON"),
        .target(name: "UDFDiff", dependencies: ["UDFJSON"]),
        .target(name: "UDFSQLite", dependencies: ["CSQLite"]),
        .target(name: "UDFLog", dependencies: ["UDFSQLite", "UDFDiff", "UDFJSON"]),
        .target(name: "UDFRecorder", dependencies: ["UDF", "UDFLog"]),
        .target(name: "UDFInspect", dependencies: ["UDFLog", "UDFDiff"]),
        .target(name: "TodoExample", dependencies: ["UDF", "UDFRecorder", "UDFInspect"]),
        .executableTarget(name: "udf-inspect", dependencies: ["UDFInspect", "TodoExample"]),
        .executableTarget(name: "todo-example", dependencies: ["TodoExample"]),

        .testTarget(name: "UDFTests", dependencies: ["UDF"]),
        .testTarget(name: "UDFJSONTests", dependencies: ["UDFJSON"]),
        .testTarget(name: "UDFDiffTests", dependencies: ["UDFDiff"]),
        .testTarget(name: "UDFSQLiteTests", dependencies: ["UDFSQLite"]),
        .testTarget(name: "UDFLogTests", dependencies: ["UDFLog"]),
        .testTarget(name: "UDFRecorderTests", dependencies: ["UDFRecorder", "UDF"]),
        .testTarget(
            name: "UDFInspectTests",
            dependencies: ["UDFInspect", "TodoExample"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
