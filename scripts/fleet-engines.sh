#!/usr/bin/env bash
# Loads udf-inspect's NDJSON into a real engine and asks it, in SQL, what
# `udf-inspect find --where '.totalCents < 0' --first` asks of the files:
# the first step of each session's timeline where the total is negative.
#
#   scripts/fleet-engines.sh check               exit 0 when DuckDB and PostgreSQL are installed
#   scripts/fleet-engines.sh duckdb FILE.ndjson  print "rows N", then "UUID TIMELINE STEP ACTION" lines
#   scripts/fleet-engines.sh postgres FILE.ndjson
#
# Nothing here contacts the network: DuckDB runs in memory with extension
# downloads off, and PostgreSQL listens on a unix socket in a temporary
# directory only, started here and stopped on exit. PostgreSQL refuses to run
# as root, so as root the server and psql run as the package's postgres user.
set -euo pipefail

postgres_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

case "${1:-}" in
check)
    python3 -c "import duckdb" 2>/dev/null || { echo "DuckDB is missing: pip install duckdb" >&2; exit 1; }
    [ -n "$(postgres_bin)" ] || { echo "PostgreSQL is missing: apt-get install postgresql" >&2; exit 1; }
    ;;
duckdb)
    python3 - "$2" <<'PY'
import sys
import duckdb

con = duckdb.connect(":memory:")
con.execute("SET autoinstall_known_extensions = false")
path = sys.argv[1].replace("'", "''")
con.execute(f"""
    CREATE TABLE steps AS SELECT * FROM read_json('{path}', format = 'newline_delimited',
        columns = {{sessionUUID: 'VARCHAR', timeline: 'VARCHAR', step: 'BIGINT',
                    actionName: 'VARCHAR', state: 'JSON'}})
""")
print("rows", con.execute("SELECT count(*) FROM steps").fetchone()[0])
rows = con.execute("""
    SELECT sessionUUID, timeline, step, coalesce(actionName, '-') FROM (
        SELECT *, row_number() OVER (PARTITION BY sessionUUID, timeline ORDER BY step) AS n
        FROM steps WHERE (state ->> 'totalCents')::BIGINT < 0)
    WHERE n = 1 ORDER BY sessionUUID, timeline
""").fetchall()
for row in rows:
    print(*row)
PY
    ;;
postgres)
    ndjson=$2
    bin=$(postgres_bin)
    [ -n "$bin" ] || { echo "PostgreSQL is missing: apt-get install postgresql" >&2; exit 1; }
    work=$(mktemp -d)
    as_postgres=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$work"
        as_postgres=(runuser -u postgres --)
    fi
    stop() {
        "${as_postgres[@]}" "$bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$work"
    }
    trap stop EXIT
    "${as_postgres[@]}" "$bin/initdb" -D "$work/data" -A trust -U postgres --locale=C -E UTF8 >/dev/null
    "${as_postgres[@]}" "$bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
        -o "-c listen_addresses='' -k '$work' -p 5432" start >/dev/null
    psql=("${as_postgres[@]}" "$bin/psql" -X -q -h "$work" -p 5432 -U postgres -d postgres -v ON_ERROR_STOP=1)
    "${psql[@]}" -c "CREATE TABLE steps (line jsonb NOT NULL)"
    # CSV with quote and delimiter bytes that JSON text never holds: each line
    # arrives whole, backslash escapes untouched (text format would undo them).
    "${psql[@]}" -c "COPY steps FROM STDIN WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')" < "$ndjson"
    "${psql[@]}" -At -F ' ' -c "SELECT 'rows', count(*) FROM steps"
    "${psql[@]}" -At -F ' ' -c "
        SELECT DISTINCT ON (line->>'sessionUUID', line->>'timeline')
               line->>'sessionUUID', line->>'timeline', (line->>'step')::bigint, coalesce(line->>'actionName', '-')
        FROM steps WHERE (line->'state'->>'totalCents')::numeric < 0
        ORDER BY line->>'sessionUUID', line->>'timeline', (line->>'step')::bigint"
    ;;
*)
    echo "usage: $0 check | duckdb FILE.ndjson | postgres FILE.ndjson" >&2
    exit 64
    ;;
esac
