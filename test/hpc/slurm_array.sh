#!/usr/bin/env bash
# The Slurm job-array script, run locally (--local executes the generated job script once per
# array task, then the merge job's command): its merged CSV, raw and trace files equal a single
# run's, and no part is left.
# usage: test/hpc/slurm_array.sh HETCOLL
set -uo pipefail
export HETCOLL=$1
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $*" >&2; fi; }

# RR-8315's model (the reduce family's cluster = platform) and its algorithms, which take a ratio.
args=(--cluster platform --algorithms binomial-stat,fibonacci-stat,tree-dyn,non-commut-tree-dyn --processors 12
  --cv "0.2 1 3" --ratio "0 1" --replications 300 --block 100 --engine model --quiet)
"$HETCOLL" run "${args[@]}" --output "$dir/single.csv" --raw "$dir/single-raw.csv" --trace "$dir/single-trace.csv"
bash "$repo/scripts/slurm_array.sh" --local 4 "$dir/array.csv" "${args[@]}" --raw "$dir/array-raw.csv" \
  --trace "$dir/array-trace.csv"
check cmp -s "$dir/single.csv" "$dir/array.csv"
check cmp -s "$dir/single-raw.csv" "$dir/array-raw.csv"
check cmp -s "$dir/single-trace.csv" "$dir/array-trace.csv"
check test -f "$dir/array.csv.manifest.json"
check test -z "$(ls "$dir" | grep -E 'shard|slurm')"
bash "$repo/scripts/slurm_array.sh" --local x "$dir/bad.csv" "${args[@]}" 2> /dev/null
check test $? -eq 2

echo "$passed passed, $failed failed"
test "$failed" -eq 0
