#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60).
#
#   fuzz/run.sh          # one minute per target
#   fuzz/run.sh 20       # what .ci/run does
#   fuzz/run.sh 3600     # the longer run docs/reliability.md describes
#
# Targets are built with `swiftc -sanitize=fuzzer,address` straight from the
# module sources, so a crash is a memory error or a trap in our code. A crash
# leaves its input in fixtures/fuzz/<target>/crash-*: keep it there, fix the
# product, and FuzzRegressionTests replays it in every `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${1:-60}"
BUILD=.build/fuzz
SWIFTC="${SWIFTC:-swiftc}"
mkdir -p "$BUILD"
# One package name for every module, so `package` declarations are visible across them as SwiftPM makes them.
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld -package-name udf_timetravel -I "$BUILD" -I Sources/CSQLite)

# module NAME SOURCES...: a static library and its module, instrumented.
module() {
    local name=$1
    shift
    "$SWIFTC" "${FLAGS[@]}" -module-name "$name" -emit-module -emit-module-path "$BUILD/$name.swiftmodule" \
        -emit-library -static -o "$BUILD/lib$name.a" "$@"
}

# target NAME LIBRARIES...: a fuzzer executable from fuzz/NAME/main.swift.
target() {
    local name=$1
    shift
    local libraries=()
    for library in "$@"; do libraries+=("$BUILD/lib$library.a"); done
    "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz${name//-/}" fuzz/"$name"/main.swift "${libraries[@]}" \
        -lsqlite3 -o "$BUILD/fuzz-$name"
}

echo "Building the fuzz targets into $BUILD …"
module UDFJSON $(find Sources/UDFJSON -name '*.swift')
module UDFDiff $(find Sources/UDFDiff -name '*.swift')
target json-parser UDFJSON
target json-patch UDFDiff UDFJSON
target path-predicate UDFDiff UDFJSON
TARGETS=(json-parser json-patch path-predicate)
if [ -d Sources/UDFLog/Sharing ]; then
    module UDFSQLite $(find Sources/UDFSQLite -name '*.swift')
    module UDFLog $(find Sources/UDFLog -name '*.swift')
    target redux-importer UDFLog UDFSQLite UDFDiff UDFJSON
    TARGETS+=(redux-importer)
fi

# A trap goes straight to libFuzzer's handler, not to Swift's backtracer,
# which does not get along with AddressSanitizer.
export SWIFT_BACKTRACE=enable=no

status=0
for name in "${TARGETS[@]}"; do
    corpus="$BUILD/corpus/$name"
    regressions="fixtures/fuzz/$name"
    mkdir -p "$corpus" "$regressions"
    echo "Fuzzing $name for ${SECONDS_PER_TARGET}s …"
    # The committed inputs seed the corpus; new crashes land beside them.
    if ! "$BUILD/fuzz-$name" "$corpus" "$regressions" -max_total_time="$SECONDS_PER_TARGET" \
        -max_len=4096 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$regressions/" \
        -print_final_stats=1 >"$BUILD/$name.log" 2>&1; then
        echo "fuzz target $name failed; see $BUILD/$name.log and the new file in $regressions/" >&2
        tail -30 "$BUILD/$name.log" >&2
        status=1
    else
        grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$BUILD/$name.log" | sed "s/^/  $name /"
    fi
done
exit $status
