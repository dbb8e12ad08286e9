#!/usr/bin/env bash
# hetcoll-mpi over 3 ranks gives the very CSV, raw and trace files of a single run, for both
# engines, with a manifest of the same run identity; a bad key fails on every rank with exit
# status 2 and leaves no file.
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

"${mpi[@]}" "$launcher" --cluster platform --processors 8 --cv -1 --output "$dir/bad.csv" 2> "$dir/bad.err"
check test $? -eq 2
check test ! -e "$dir/bad.csv"
check test "$(wc -l < "$dir/bad.err")" -ge 1

echo "$passed passed, $failed failed"
test "$failed" -eq 0
