#!/usr/bin/env bash
# Key `quantiles`: p2's bytes do not depend on how the work is split (jobs, shards and merge,
# kill -9 and --resume), the raw and trace files are those of exact mode, p2 is exact up to
# 10000 replications, the manifest says which mode ran, and a bad value is refused.
#   bash test/cli/quantiles.sh path/to/hetcoll
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}

# Units of 700 replications (36 per point), points completing in any order on 2 jobs; shards
# take work units, so the three share every point and the merge streams its values into p2.
run=(run --family reduce --cluster platform --algorithms "tree-dyn binomial-stat" --processors "2 4 8"
  --cv "0.5 1" --replications 25000 --block 700 --engine model --quiet)
d=$(new_dir)
cd "$d" || exit 1
hetcoll "${run[@]}" --quantiles p2 --jobs 1 --output j1.csv --raw j1-raw.csv --trace j1-trace.csv
check "p2, jobs 1 exits 0" test $? -eq 0
hetcoll "${run[@]}" --quantiles p2 --jobs 2 --output j2.csv --raw j2-raw.csv --trace j2-trace.csv
check "p2: jobs 2 gives the bytes of jobs 1" cmp -s j1.csv j2.csv
check "... and its raw file" cmp -s j1-raw.csv j2-raw.csv
check "... and its trace file" cmp -s j1-trace.csv j2-trace.csv
for i in 0 1 2; do
  hetcoll "${run[@]}" --quantiles p2 --jobs 2 --shard "$i/3" --output "s$i.csv" --raw sh-raw.csv --trace sh-trace.csv
done
hetcoll merge s0.csv s1.csv s2.csv --output merged.csv
check "p2: three shards merged give the bytes of one run" cmp -s j1.csv merged.csv
check "... and its raw file" cmp -s j1-raw.csv sh-raw.csv
check "... and its trace file" cmp -s j1-trace.csv sh-trace.csv
check "the manifest's identity says quantiles p2" grep -q '"quantiles": "p2"' j1.csv.manifest.json
check "... and so does the merged one" grep -q '"quantiles": "p2"' merged.csv.manifest.json
check "the manifest's scenario reruns in p2" grep -q 'quantiles = p2' j1.csv.manifest.json

hetcoll "${run[@]}" --jobs 2 --output exact.csv --raw exact-raw.csv --trace exact-trace.csv
check "the raw file does not depend on the quantiles" cmp -s j1-raw.csv exact-raw.csv
check "... nor the trace file" cmp -s j1-trace.csv exact-trace.csv
check "exact and p2 runs have different identity hashes" \
  test "$(grep '"hash"' exact.csv.manifest.json)" != "$(grep '"hash"' j1.csv.manifest.json)"
# Columns 12 to 14 are mean, stddev and stderr; 15 to 17 the quantiles.
check "p2's means are exact mode's, bit for bit" cmp -s <(cut -d, -f1-12 j1.csv) <(cut -d, -f1-12 exact.csv)
check "... and its quantiles differ (they are estimates)" test "$(cut -d, -f15-17 j1.csv)" != "$(cut -d, -f15-17 exact.csv)"
small=(run --family reduce --cluster platform --algorithms tree-dyn --processors 4 --cv 1 --replications 10000
  --engine model --quiet --jobs 2)
hetcoll "${small[@]}" --output small-exact.csv && hetcoll "${small[@]}" --quantiles p2 --output small-p2.csv
check "up to 10000 replications p2 gives exact mode's rows" cmp -s small-exact.csv small-p2.csv

# kill -9 in the middle, then --resume: the bytes of the run that was not interrupted.
base=(run --family reduce --cluster platform --algorithms "binomial-stat tree-dyn" --processors 64
  --cv "0.1 0.3 1 3" --replications 40000 --engine model --jobs 2 --quiet)
long=("${base[@]}" --quantiles p2)
hetcoll "${long[@]}" --output full.csv --raw full-raw.csv
(exec "$bin" "${long[@]}" --output o.csv --raw raw.csv) 2>/dev/null &
pid=$!
for ((i = 0; i < 600; i++)); do
  [[ -f o.csv.partial ]] && (($(grep -c '^@end ' o.csv.partial) >= 1)) && break
  sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
sleep 0.5
check "a killed p2 run left its raw rows in progress beside the raw file" \
  test -n "$(ls -A | grep -E '^raw\.csv\.(spool|tmp)\.')"
ARGS=("${base[@]}" --output o.csv --raw raw.csv --resume --quantiles exact)
expect_bad_input "--resume of a p2 run in exact mode is refused" "$d"
grep -q "key 'quantiles'" "$tmp/stderr" && pass "... naming key 'quantiles'" || fail "refusal" "$(excerpt)"
hetcoll "${long[@]}" --output o.csv --raw raw.csv --resume
check "p2: --resume after kill -9 exits 0" test $? -eq 0
check "p2: --resume after kill -9 gives the uninterrupted CSV" cmp -s full.csv o.csv
check "... and its raw file" cmp -s full-raw.csv raw.csv
check "... and leaves no temporary file, spool or checkpoint" test -z "$(ls -A | grep -E 'tmp|spool|partial')"
check "... nor a work directory" test -z "$(ls -A "$TMPDIR")"

ARGS=(run --family reduce --cluster platform --processors 2 --engine model --quantiles median --output q.csv --quiet)
expect_bad_input "quantiles = median is refused" "$d"
grep -q "key 'quantiles' expects exact or p2" "$tmp/stderr" && pass "... naming the key and its values" ||
  fail "refusal" "$(excerpt)"
cd / || exit 1
finish
