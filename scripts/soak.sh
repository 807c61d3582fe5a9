#!/usr/bin/env bash
# Soak: records ACTIONS (default 1,000,000) actions in a release build,
# samples the host's resident memory every second, then verifies the file and
# asks the inspector about it. Figures go to stdout; docs/reliability.md keeps
# the last measured ones.
#
#   scripts/soak.sh [ACTIONS] [FILE]            # udf-bench's small-state host
#   HOST=todo scripts/soak.sh 40000 [FILE]      # the todo example's workload
#
# The todo workload's state grows with every action (about 7 bytes), so a
# million of its actions end with a 7 MB state re-encoded per step; the soak
# therefore uses udf-bench's host, whose state stays at 1,000 items.
set -euo pipefail
cd "$(dirname "$0")/.."

ACTIONS="${1:-1000000}"
FILE="${2:-$(mktemp -d)/soak.udf}"
rm -f "$FILE" "$FILE-wal" "$FILE-shm"

HOST="${HOST:-bench}"
swift build -c release --product udf-bench >/dev/null
swift build -c release --product todo-example >/dev/null
swift build -c release --product udf-inspect >/dev/null
BIN="$(swift build -c release --show-bin-path)"

echo "Recording $ACTIONS actions into $FILE …"
start=$(date +%s)
if [ "$HOST" = todo ]; then
    "$BIN/todo-example" workload "$FILE" --actions "$ACTIONS" --seed 42 >/dev/null &
else
    "$BIN/udf-bench" --record-long "$FILE" "$ACTIONS" >/dev/null &
fi
host=$!
samples="$(mktemp)"
while kill -0 "$host" 2>/dev/null; do
    awk '/^VmRSS:/ { print $2 }' "/proc/$host/status" 2>/dev/null >>"$samples" || true
    sleep 1
done
wait "$host"
elapsed=$(( $(date +%s) - start ))
sort -n "$samples" | awk -v elapsed="$elapsed" '
    { rss[NR] = $1 }
    END {
        if (NR == 0) { print "no RSS samples"; exit }
        printf "recorded in %d s; RSS over %d samples: first %d MB, median %d MB, max %d MB\n",
            elapsed, NR, rss[1] / 1024, rss[int((NR + 1) / 2)] / 1024, rss[NR] / 1024
    }'
# The first sample in time order, and the last, show whether memory grows.
head -1 "$samples" | awk '{ printf "RSS at the start: %d MB\n", $1 / 1024 }'
tail -1 "$samples" | awk '{ printf "RSS at the end:   %d MB\n", $1 / 1024 }'
rm -f "$samples"
ls -l "$FILE" | awk '{ printf "file: %d MB\n", $5 / 1048576 }'

timed() {
    local label=$1
    shift
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    awk -v label="$label" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%-28s %.2f s\n", label, t1 - t0 }'
}
last=$ACTIONS
timed "verify" "$BIN/udf-inspect" verify "$FILE"
timed "sessions" "$BIN/udf-inspect" sessions "$FILE"
timed "log --last 20" "$BIN/udf-inspect" log "$FILE" --last 20
timed "show $last" "$BIN/udf-inspect" show "$FILE" "$last"
timed "show $((last / 2))" "$BIN/udf-inspect" show "$FILE" "$((last / 2))"
timed "diff $last" "$BIN/udf-inspect" diff "$FILE" "$last"
timed "stats" "$BIN/udf-inspect" stats "$FILE"
echo "soak ok"
