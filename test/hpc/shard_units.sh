#!/usr/bin/env bash
# Shards take work units. RR-8315 Figure 4 (13 points) with 3 units per point (39 units), cut
# into 1, 3 and 20 shards (more shards than points) by `hetcoll run --shard i/N` and joined by
# `hetcoll merge`, gives the single run's CSV, raw and trace files byte for byte, for
# quantiles = exact (3000 replications in blocks of 1000) and p2 (12000 replications in blocks of
# 4000: past the 10000 values p2 keeps exactly, so its estimator streams the merged values). A
# shard killed by kill -9 and resumed gives the same bytes. Merge refuses a missing, duplicated,
# misplaced or cut unit record (exit 2, one line naming the file, nothing written).
# usage: test/hpc/shard_units.sh HETCOLL
source "$(dirname "${BASH_SOURCE[0]}")/../cli/lib.sh" "$@"

check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name" "$* is false"; fi
}

fig4=("$REPO/scenarios/rr8315-fig4.ini" --quiet)
declare -A size=([exact]="--replications 3000 --block 1000" [p2]="--replications 12000 --block 4000")

# shard_and_merge DIR N QUANTILES: runs the N shards one after the other, then merges them.
shard_and_merge() {
  local dir=$1 n=$2 q=$3 i parts=()
  for ((i = 0; i < n; i++)); do
    (cd "$dir" && hetcoll run "${fig4[@]}" ${size[$q]} --quantiles "$q" --shard "$i/$n" --output "part$i.csv" \
      --raw raw.csv --trace trace.csv) || return 1
    parts+=("part$i.csv")
  done
  (cd "$dir" && hetcoll merge "${parts[@]}" --output merged.csv --remove-parts)
}

# One shard (merged in place) in exact mode only: it holds whole points, which p2 summarises as
# exact mode's code does.
declare -A counts=([exact]="1 3 20" [p2]="3 20")
for q in exact p2; do
  d=$(new_dir)
  (cd "$d" && hetcoll run "${fig4[@]}" ${size[$q]} --quantiles "$q" --output single.csv --raw single-raw.csv \
    --trace single-trace.csv)
  for n in ${counts[$q]}; do
    shard_and_merge "$d" "$n" "$q"
    check "$q, $n shards: merge exits 0" test $? -eq 0
    check "$q, $n shards: the merged CSV is the single run's" cmp -s "$d/single.csv" "$d/merged.csv"
    check "$q, $n shards: ... and its raw file" cmp -s "$d/single-raw.csv" "$d/raw.csv"
    check "$q, $n shards: ... and its trace file" cmp -s "$d/single-trace.csv" "$d/trace.csv"
    check "$q, $n shards: merge --remove-parts leaves no part, unit file or shard file" \
      test -z "$(ls "$d" | grep -E 'part|shard|units|tmp')"
    rm -f "$d"/merged.csv* "$d/raw.csv" "$d/trace.csv"
  done
done

# ---- kill -9 of a shard, then --resume -----------------------------------------------------
# The checkpoint keeps each finished unit of a shared point; the resumed shard runs the others.
# In p2's directory, beside its single run.
for i in 0 2; do
  (cd "$d" && hetcoll run "${fig4[@]}" ${size[$q]} --quantiles "$q" --shard "$i/3" --output "part$i.csv" --raw raw.csv)
done
(cd "$d" && exec "$bin" run "${fig4[@]}" ${size[$q]} --quantiles "$q" --shard 1/3 --output part1.csv --raw raw.csv) &
pid=$!
for ((t = 0; t < 600; t++)); do
  [[ -f $d/part1.csv.partial ]] && (($(grep -a -c '^@unit ' "$d/part1.csv.partial") >= 2)) && break
  sleep 0.05
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
check "the shard was killed with units in its checkpoint" test "$(grep -a -c '^@unit ' "$d/part1.csv.partial")" -ge 2
check "the killed shard left no units file" test ! -e "$d/part1.csv.units"
# A record cut by the kill (here: one of shard 1's units, shorter than its length says) is run again.
printf '@unit 0 4000 4000 384032 fields=64,1,0\n\001\002\003' >>"$d/part1.csv.partial"
(cd "$d" && hetcoll run "${fig4[@]}" ${size[$q]} --quantiles "$q" --shard 1/3 --output part1.csv --raw raw.csv --resume)
check "--resume of the killed shard exits 0 and removes its checkpoint" test $? -eq 0 -a ! -e "$d/part1.csv.partial"
(cd "$d" && hetcoll merge part0.csv part1.csv part2.csv --output merged.csv --raw merged-raw.csv)
check "... and the merge gives the single run's CSV" cmp -s "$d/single.csv" "$d/merged.csv"
check "... and its raw file" cmp -s "$d/single-raw.csv" "$d/merged-raw.csv"
rm -f "$d"/merged*

# ---- merge refuses damaged unit results ----------------------------------------------------
units=$d/part1.csv.units
cp "$units" "$d/saved-units"
# reseal: the manifest's SHA-256 of the units file, brought up to date after a change, so that
# the check below it is the one tested.
reseal() {
  local sum
  sum=$(sha256sum "$units" | cut -d' ' -f1)
  sed -i "s/\"units_sha256\": \"[0-9a-f]*\"/\"units_sha256\": \"$sum\"/" "$d/part1.csv.manifest.json"
}
cp "$d/part1.csv.manifest.json" "$d/saved-manifest"
restore() { cp "$d/saved-units" "$units"; cp "$d/saved-manifest" "$d/part1.csv.manifest.json"; }
ARGS=(merge part0.csv part1.csv part2.csv --output merged.csv)

tail -n +2 "$d/saved-units" >>"$units"
expect_bad_input "merge: a changed units file (its SHA-256 differs)" "$d"
reseal
expect_bad_input "merge: every unit of a part twice" "$d"
grep -q 'part1.csv.units: the work unit of point .* is given twice' "$tmp/stderr" ||
  fail "merge: a unit twice names the file and the unit" "$(excerpt)"
restore
head -n 1 "$d/saved-units" >"$units"
reseal
expect_bad_input "merge: a part's units missing" "$d"
grep -q 'part1.csv.units: the work unit of point .* is missing' "$tmp/stderr" ||
  fail "merge: a missing unit names the file of the shard that runs it" "$(excerpt)"
restore
{ head -n 1 "$d/saved-units"; tail -n +2 "$d/part0.csv.units"; } >"$units"
reseal
expect_bad_input "merge: another shard's units in a part" "$d"
restore
head -c -100 "$d/saved-units" >"$units"
reseal
expect_bad_input "merge: a units file cut short" "$d"
restore
(cd "$d" && hetcoll merge part0.csv part1.csv part2.csv --output merged.csv)
check "merge after the refusals gives the single run's CSV" cmp -s "$d/single.csv" "$d/merged.csv"

ARGS=(run "${fig4[@]}" ${size[exact]} --shard 1/3 --output -)
expect_bad_input "a shard of shared points cannot write to standard output" "$d"

finish
