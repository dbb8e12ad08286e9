#!/usr/bin/env bash
# hetcoll-mpi over 3 ranks gives the very CSV, raw and trace files of a single run, for both
# engines, with a manifest of the same run identity; so does RR-8315 Figure 4 on 1, 3 and 20
# ranks, for exact and p2 quantiles; a failed rank is named with its log, and a launch after the
# failure resumes to a single run's bytes; a bad key fails on
# every rank with exit status 2 and leaves no file; --dry-run is refused in one line.
# usage: test/hpc/mpi_launcher.sh HETCOLL HETCOLL_MPI MPIEXEC
set -uo pipefail
hetcoll=$1 launcher=$2 mpiexec=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $*" >&2; fi; }
# Root and oversubscription are the norm in containers and CI; OpenMPI refuses both by default.
mpi=("$mpiexec" --allow-run-as-root --oversubscribe -n 3)
export OMPI_MCA_plm=isolated OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1

for engine in model simgrid; do
  # RR-8315's model (the reduce family's cluster = platform) and its algorithms, which take a ratio.
  args=(--cluster platform --algorithms binomial-stat,fibonacci-stat,tree-dyn,non-commut-tree-dyn --processors 16
    --cv "0.1 0.5 1 2" --ratio 0.5 --replications 400 --block 100 --engine "$engine" --quiet)
  "$hetcoll" run "${args[@]}" --output "$dir/single-$engine.csv" --raw "$dir/single-raw-$engine.csv" \
    --trace "$dir/single-trace-$engine.csv"
  "${mpi[@]}" "$launcher" "${args[@]}" --output "$dir/mpi-$engine.csv" --raw "$dir/mpi-raw-$engine.csv" \
    --trace "$dir/mpi-trace-$engine.csv"
  check cmp -s "$dir/single-$engine.csv" "$dir/mpi-$engine.csv"
  check cmp -s "$dir/single-raw-$engine.csv" "$dir/mpi-raw-$engine.csv"
  check cmp -s "$dir/single-trace-$engine.csv" "$dir/mpi-trace-$engine.csv"
  hash() { grep -m1 '"hash"' "$1"; }
  check test "$(hash "$dir/single-$engine.csv.manifest.json")" = "$(hash "$dir/mpi-$engine.csv.manifest.json")"
  check test -z "$(ls "$dir" | grep -E 'rank|shard|tmp')"
done

# RR-8315 Figure 4 (13 points) with 3 units per point (39 units) on 1, 3 and 20 ranks (more ranks
# than points): ranks take work units, and the merge summarises the points they share, for
# quantiles = exact and p2 (12000 replications: past the 10000 values p2 keeps exactly).
declare -A size=([exact]="--replications 3000 --block 1000" [p2]="--replications 12000 --block 4000")
# One rank (whose part holds whole points, merged in place) in exact mode only.
declare -A counts=([exact]="1 3 20" [p2]="3 20")
fig4=("$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scenarios/rr8315-fig4.ini")
for q in exact p2; do
  "$hetcoll" run "${fig4[@]}" ${size[$q]} --quantiles "$q" --quiet --output "$dir/fig4.csv" --raw "$dir/fig4-raw.csv" \
    --trace "$dir/fig4-trace.csv"
  for n in ${counts[$q]}; do
    # Without --quiet: rank 0 may print its summary of the ranks' progress, nobody else anything.
    "$mpiexec" --allow-run-as-root --oversubscribe -n "$n" "$launcher" "${fig4[@]}" ${size[$q]} --quantiles "$q" \
      --output "$dir/mpi.csv" --raw "$dir/mpi-raw.csv" --trace "$dir/mpi-trace.csv" 2> "$dir/mpi.err"
    check test $? -eq 0
    check cmp -s "$dir/fig4.csv" "$dir/mpi.csv"
    check cmp -s "$dir/fig4-raw.csv" "$dir/mpi-raw.csv"
    check cmp -s "$dir/fig4-trace.csv" "$dir/mpi-trace.csv"
    check test -z "$(grep -v '^hetcoll-mpi: [0-9]*/39 work units' "$dir/mpi.err")"
    check test -z "$(ls "$dir" | grep -E 'rank|shard|units|tmp')"
    rm -f "$dir"/mpi*
  done
  rm -f "$dir"/fig4*
done

# A rank that fails (here rank 2, whose part's path is a directory) is named with its log, which
# stays; the logs of the ranks that succeeded do not, and nothing is merged.
mkdir "$dir/fail.csv.rank2"
"${mpi[@]}" "$launcher" "${fig4[@]}" ${size[exact]} --quiet --output "$dir/fail.csv" 2> "$dir/fail.err"
check test $? -eq 2
check grep -q "rank 2 failed (exit status 2); its messages are in $dir/fail.csv.rank2.log" "$dir/fail.err"
check grep -q "is a directory" "$dir/fail.csv.rank2.log"
check test ! -e "$dir/fail.csv" -a ! -e "$dir/fail.csv.rank1.log" -a ! -e "$dir/fail.csv.rank0.log"
check test -z "$(ls "$dir" | grep -E 'progress')"
# Launched again once the cause is gone, the ranks resume from what the failed launch left (the
# parts and checkpoints of its ranks) and the merged CSV is a single run's. Rank 1's part is made
# a checkpoint of a killed run first: a launch without --resume would refuse to start over it.
rmdir "$dir/fail.csv.rank2"
rm -f "$dir/fail.csv.rank1" "$dir/fail.csv.rank1".*
"$hetcoll" run "${fig4[@]}" ${size[exact]} --shard 1/3 --output "$dir/fail.csv.rank1" --quiet &
pid=$!
for ((t = 0; t < 600; t++)); do
  [[ -f $dir/fail.csv.rank1.partial ]] && (($(grep -a -c '^@unit ' "$dir/fail.csv.rank1.partial") >= 1)) && break
  sleep 0.02
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
check test -f "$dir/fail.csv.rank1.partial"
"${mpi[@]}" "$launcher" "${fig4[@]}" ${size[exact]} --quiet --output "$dir/fail.csv" 2> "$dir/fail.err"
check test $? -eq 0
"$hetcoll" run "${fig4[@]}" ${size[exact]} --quiet --output "$dir/fail-single.csv"
check cmp -s "$dir/fail-single.csv" "$dir/fail.csv"
check test -z "$(ls "$dir" | grep -E 'rank|units|partial')"
rm -rf "$dir"/fail*

"${mpi[@]}" "$launcher" --cluster platform --processors 8 --cv -1 --output "$dir/bad.csv" 2> "$dir/bad.err"
check test $? -eq 2
check test ! -e "$dir/bad.csv"
check test "$(wc -l < "$dir/bad.err")" -ge 1

# --dry-run is hetcoll run's (a rank's share: --shard r/N): the launcher refuses it, one line.
"${mpi[@]}" "$launcher" --cluster platform --processors 8 --dry-run --output "$dir/dry.csv" >"$dir/dry.out" 2>"$dir/dry.err"
check test $? -eq 2
check test "$(grep -c '^hetcoll-mpi:' "$dir/dry.err")" -eq 1  # mpiexec adds its own lines
check grep -q -- "--dry-run is hetcoll run's" "$dir/dry.err"
check test ! -e "$dir/dry.csv" -a ! -s "$dir/dry.out"

echo "$passed passed, $failed failed"
test "$failed" -eq 0
