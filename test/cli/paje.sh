#!/usr/bin/env bash
# Paje traces (`--paje FILE [--trace-replication R]`): SimGrid's trace of one replication per
# point, from a run of that replication alone.
#
# usage: test/cli/paje.sh path/to/hetcoll      (ctest runs it as cli_paje)
#
# Checks that pj_dump (Debian package pajeng, which scripts/setup.sh installs; its absence is a
# failure, not a skip) reads the trace, that it holds one container per host the run used and
# replication R only, that it is the same bytes for any --jobs and --block, that the CSV, raw
# and trace files are the bytes of the same run without --paje, that a sweep of several points
# gets a file per point (FILE.pN.EXT), and that bad uses are refused: exit status 2, one line,
# nothing written. Prints `N passed, M failed` last.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

if ! command -v pj_dump >/dev/null; then
  fail "pj_dump" "not installed (Debian package pajeng; scripts/setup.sh installs it)"
  finish
fi

# host_containers TRACE: the names of the trace's host containers, one a line, sorted.
host_containers() { pj_dump "$1" | awk -F', *' '$1 == "Container" && $3 == "HOST" { print $7 }' | sort; }

# trace_end TRACE: the latest end of any state in the trace.
trace_end() { pj_dump "$1" | awk -F', *' '$1 == "State" && $5 > m { m = $5 } END { printf "%.6f\n", m }'; }

# used_hosts TRACE_CSV: the hosts a CSV trace names (host and peer columns), one a line, sorted.
used_hosts() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
           { print "p" $col["host"]; if ($col["peer"] >= 0) print "p" $col["peer"] }' "$1" | sort -u
}

# replication_sum RAW R: the sum of the makespans of replication R over the algorithms, that is
# how long replication R runs back to back.
replication_sum() {
  awk -F, -v r="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                     $col["replication"] == r { s += $col["value"] } END { printf "%.6f\n", s }' "$1"
}

PROCESSORS=8
COMMON=(run --family reduce --cluster platform --algorithms "tree-dyn binomial-stat" --processors "$PROCESSORS"
  --ratio 0.5 --replications 10 --quiet)
RUN=("${COMMON[@]}" --engine simgrid)

# ---- one point: jobs 1 and jobs 2, blocks 3 and 7, the same trace ------------------------
d=$(new_dir)
if run_ok "paje, jobs 1, block 3" "${RUN[@]}" --cv 1 --jobs 1 --block 3 --output a.csv --raw a-raw.csv \
    --trace a-trace.csv --paje a.trace --trace-replication 4 &&
  run_ok "paje, jobs 2, block 7" "${RUN[@]}" --cv 1 --jobs 2 --block 7 --output b.csv --paje b.trace \
    --trace-replication 4 &&
  run_ok "no paje, jobs 2, block 3" "${RUN[@]}" --cv 1 --jobs 2 --block 3 --output c.csv --raw c-raw.csv \
    --trace c-trace.csv; then
  if pj_dump "$d/a.trace" >"$tmp/dump" 2>"$tmp/dump.err" && [[ -s "$tmp/dump" && ! -s "$tmp/dump.err" ]]; then
    pass "pj_dump reads the trace ($(wc -c <"$d/a.trace") bytes, $(count_lines "$tmp/dump") entities)"
  else
    fail "pj_dump reads the trace" "$(head -c 300 "$tmp/dump.err")"
  fi
  hosts=$(host_containers "$d/a.trace")
  used=$(used_hosts "$d/a-trace.csv")
  check "one host container per host of the run ($(echo "$hosts" | wc -l) of $PROCESSORS)" \
    [ "$(echo "$hosts" | wc -l)" -eq "$PROCESSORS" ]
  check "the host containers are the hosts the run used" [ "$hosts" == "$used" ]
  check "the trace is replication 4 alone (ends at $(trace_end "$d/a.trace") s)" \
    [ "$(trace_end "$d/a.trace")" == "$(replication_sum "$d/a-raw.csv" 4)" ]
  check "the trace is the same bytes with jobs 2 and block 7" cmp -s "$d/a.trace" "$d/b.trace"
  check "the CSV is the same bytes without --paje" cmp -s "$d/a.csv" "$d/c.csv"
  check "the raw file is the same bytes without --paje" cmp -s "$d/a-raw.csv" "$d/c-raw.csv"
  check "the trace CSV is the same bytes without --paje" cmp -s "$d/a-trace.csv" "$d/c-trace.csv"
  check "the manifests give the same run hash" \
    [ "$(grep '"hash"' "$d/a.csv.manifest.json")" == "$(grep '"hash"' "$d/c.csv.manifest.json")" ]
  check "no temporary file is left beside the outputs" [ -z "$(ls "$d" | grep '\.tmp\.')" ]
  check "no work directory is left in TMPDIR" [ -z "$(ls -A "$TMPDIR")" ]
fi

# ---- a sweep of two points: one trace per point, FILE.pN.EXT ------------------------------
d=$(new_dir)
if run_ok "paje of a sweep, jobs 1" "${RUN[@]}" --cv "0.5 1" --jobs 1 --block 4 --output a.csv --paje a.trace &&
  run_ok "paje of a sweep, jobs 2" "${RUN[@]}" --cv "0.5 1" --jobs 2 --block 10 --output b.csv --paje b.trace; then
  check "a sweep writes a.p0.trace and a.p1.trace, not a.trace" \
    [ -f "$d/a.p0.trace" -a -f "$d/a.p1.trace" -a ! -e "$d/a.trace" ]
  check "point 0's trace is the same bytes with jobs 2 and block 10" cmp -s "$d/a.p0.trace" "$d/b.p0.trace"
  check "point 1's trace is the same bytes with jobs 2 and block 10" cmp -s "$d/a.p1.trace" "$d/b.p1.trace"
  if cmp -s "$d/a.p0.trace" "$d/a.p1.trace"; then fail "the two points' traces differ" "they are the same"
  else pass "the two points' traces differ"; fi
  check "pj_dump reads point 1's trace" pj_dump "$d/a.p1.trace" >/dev/null
fi

# ---- refusals: exit status 2, one line, nothing written -----------------------------------
d=$(new_dir); write_two_host_platform "$d/two.xml"
ARGS=("${COMMON[@]}" --cv 1 --output o.csv --paje p.trace --engine model)
expect_bad_input "the model engine is refused" "$d" "$d/p.trace"
grep -q "key 'paje' needs --engine simgrid" "$tmp/stderr" || fail "the model engine's refusal" "$(excerpt)"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje p.trace --trace-replication 10)
expect_bad_input "trace-replication = replications is refused" "$d" "$d/p.trace"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje p.trace --trace-replication 1000000)
expect_bad_input "trace-replication far beyond the replications is refused" "$d" "$d/p.trace"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --trace-replication 1)
expect_bad_input "trace-replication without paje is refused" "$d"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje p.trace --cfg tracing:yes)
expect_bad_input "SimGrid tracing settings with paje are refused" "$d" "$d/p.trace"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje o.csv)
expect_bad_input "paje = output is refused" "$d"
ARGS=(run --family reduce --cluster platform --algorithms tree-dyn --processors 2 --replications 2 --quiet
  --platform two.xml --output o.csv --paje two.xml)
expect_bad_input "paje = the platform file is refused" "$d"
ARGS=("${RUN[@]}" --cv "0.5 1" --output o.csv --paje p.trace --raw p.p1.trace)
expect_bad_input "a point's trace = raw is refused" "$d" "$d/p.p0.trace"
mkdir "$d/sub"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje sub)
expect_bad_input "paje = a directory is refused" "$d"
ARGS=("${RUN[@]}" --cv 1 --output o.csv --paje -)
expect_bad_input "paje = standard output is refused" "$d"

finish
