#!/usr/bin/env bash
# `hetcoll run --dry-run`: exit 0 with the report on stdout, and nothing written (no output,
# raw, trace, manifest, checkpoint, nothing left in TMPDIR). Its points, their parameter cells
# and hosts are those of the run itself; its work units are the run's and add up over the
# shards; its calibration stays within a unit; what the run refuses, it refuses.
#   bash test/cli/dry_run.sh path/to/hetcoll
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}

# field NAME: the value after "NAME: " in the last dry run's report.
field() { sed -n "s/^$1: //p" "$tmp/stdout"; }
# The report's table of points (header first), as CSV.
points_table() { sed -n '/^point,/,/^memory: /p' "$tmp/stdout" | sed '$d'; }

# Two algorithms and a sweep of 3 x 2 points, 10 replications in units of 3 (4 per point).
run=(run --family reduce --cluster uniform --algorithms "tree-dyn binomial-stat" --processors "4 6 9"
  --spread "2 4" --replications 10 --block 3 --quiet)
d=$(new_dir)
cd "$d" || exit 1
echo "a file the run would replace" >old.csv
before=$(snapshot "$d")
tmp_before=$(ls -A "$TMPDIR")
hetcoll "${run[@]}" --engine model --output old.csv --raw raw.csv --trace trace.csv --dry-run
check "a dry run exits 0" test $? -eq 0
check "... writes no file, changes none" test "$(snapshot "$d")" == "$before"
check "... leaves nothing in TMPDIR" test "$(ls -A "$TMPDIR")" == "$tmp_before"
check "... says its CPU time is an estimate" grep -q "^cpu time: about .* by estimate" "$tmp/stdout"
check "... and its memory too" grep -q "^memory: .* by estimate" "$tmp/stdout"
check "... counts the points" test "$(field points)" == 6
check "... and the work units, 4 per point" test "$(field 'work units' | cut -d' ' -f1)" == 24
points_table >dry-points.csv
cp "$tmp/stdout" report.txt

# The run itself: the same points in the same order, with the same parameter cells.
hetcoll "${run[@]}" --engine model --output run.csv
columns=$(head -n 1 run.csv | tr ',' '\n' | grep -c -v -x -e algorithm -e replications -e mean -e stddev -e stderr \
  -e q10 -e q50 -e q90 -e 'over_bound_.*' -e 'sender_spread_.*' -e root -e chosen -e chosen_segment)
check "the table's header is point, the CSV's parameter columns, hosts, units" \
  test "$(head -n 1 dry-points.csv)" == "point,$(head -n 1 run.csv | cut -d, -f2-$((columns + 1))),hosts,units"
check "its rows are the run's points, in the run's order" \
  diff <(tail -n +2 dry-points.csv | cut -d, -f2-$((columns + 1))) \
  <(awk -F, 'NR > 1 && $1 == "tree-dyn"' run.csv | cut -d, -f2-$((columns + 1)))
check "a point's hosts are its processors" \
  test -z "$(awk -F, 'NR > 1 && $2 != $(NF - 1)' dry-points.csv)"
check "its units add up to the work units" \
  test "$(awk -F, 'NR > 1 { s += $NF } END { print s }' dry-points.csv)" == 24

# The calibration runs whole units at most, and only this run's work units.
largest=$(sed -n 's/^calibration: .* units of \([0-9, ]*\) replications took.*/\1/p' report.txt | tr -d ' ' | tr ',' '\n' |
  sort -n | tail -n 1)
check "the calibration's units hold at most a unit's 3 replications" test "${largest:-0}" -ge 1 -a "${largest:-9}" -le 3

# Shards: each reports its own units, and together they make the run's.
total=0
for i in 0 1 2 3 4; do
  hetcoll "${run[@]}" --engine model --shard "$i/5" --output "part$i.csv" --dry-run
  units=$(field 'work units' | cut -d' ' -f1)
  total=$((total + units))
  sum=$(points_table | awk -F, 'NR > 1 { s += $NF } END { print s + 0 }')
  [[ $sum == "$units" ]] || fail "shard $i/5: units by point add up to the shard's" "$sum against $units"
done
check "five shards' dry runs hold every work unit once" test "$total" -eq 24
check "... and wrote nothing" test ! -e part0.csv -a ! -e part0.csv.units

# The default output is standard output: the report takes it, no CSV row is written.
hetcoll "${run[@]}" --engine model --dry-run
check "with output on stdout, stdout is the report" test "$(head -c 24 "$tmp/stdout")" == "# hetcoll run --dry-run:"
check "... with no CSV header in it" test "$(grep -c '^algorithm,' "$tmp/stdout")" -eq 0

# A checkpoint, a platform file and SimGrid: still nothing written.
echo "# hetcoll checkpoint {}" >kept.csv.partial
before=$(snapshot "$d")
hetcoll "${run[@]}" --engine simgrid --output kept.csv --dry-run
check "a SimGrid dry run exits 0" test $? -eq 0
check "... and leaves every file as it was" test "$(snapshot "$d")" == "$before"
check "... and TMPDIR empty" test "$(ls -A "$TMPDIR")" == "$tmp_before"
write_two_host_platform two.xml
hetcoll run --family reduce --cluster platform --algorithms tree-dyn --processors 2 --platform two.xml \
  --replications 5 --engine simgrid --output p.csv --dry-run
check "a platform file's dry run exits 0" test $? -eq 0
check "... names the file" grep -q "^platform: two.xml" "$tmp/stdout"
check "... and writes nothing" test ! -e p.csv -a ! -e p.csv.manifest.json

# What the run refuses, the dry run refuses: exit 2, one line, nothing written.
small_run "$d" processors 1
ARGS+=(--dry-run)
expect_bad_input "dry run: a bad key is refused" "$d"
small_run "$d" platform "$d/two.xml" processors 2 output "$d/two.xml"
ARGS+=(--dry-run)
expect_bad_input "dry run: an output that is an input is refused" "$d"
small_run "$d" platform "$d/two.xml" processors 3 cluster platform
ARGS+=(--dry-run)
expect_bad_input "dry run: a platform with too few hosts is refused" "$d"
small_run "$d"
ARGS+=(--dry-run maybe)
expect_bad_input "dry run: a bad flag value is refused" "$d"

finish
