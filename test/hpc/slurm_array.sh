#!/usr/bin/env bash
# The Slurm job-array script, run locally (--local runs each array task's job script, then the
# merge job's command) and against a stand-in sbatch that records what it is given, whose job
# script and merge command are then run as Slurm would: the merged CSV, raw and trace files equal
# a single run's, no part or helper file is left, a failed shard is resubmitted alone, and
# --jobs and --cpus-per-task follow each other.
# usage: test/hpc/slurm_array.sh HETCOLL
set -uo pipefail
real_hetcoll=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export HETCOLL=$real_hetcoll
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
script=$repo/scripts/slurm_array.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $*" >&2; fi; }
# Only the results: no part, job script or checkpoint.
only() { diff <(cd "$1" && ls -A | sort) <(if (($# > 1)); then printf '%s\n' "${@:2}" | sort; fi) >&2; }

# RR-8315's model (the reduce family's cluster = platform) and its algorithms, which take a ratio.
args=(--cluster platform --algorithms binomial-stat,fibonacci-stat,tree-dyn,non-commut-tree-dyn --processors 12
  --cv "0.2 1 3" --ratio "0 1" --replications 300 --block 100 --engine model --quiet)
"$HETCOLL" run "${args[@]}" --output "$dir/single.csv" --raw "$dir/single-raw.csv" --trace "$dir/single-trace.csv"
ref=$dir/ref && mkdir "$ref" && mv "$dir"/single* "$ref"

same_as_single() {  # DIR PREFIX: PREFIX.csv, PREFIX-raw.csv and PREFIX-trace.csv equal the single run's
  check cmp -s "$ref/single.csv" "$1/$2.csv"
  check cmp -s "$ref/single-raw.csv" "$1/$2-raw.csv"
  check cmp -s "$ref/single-trace.csv" "$1/$2-trace.csv"
}

# --local: every task, then the merge.
out=$dir/local && mkdir "$out"
bash "$script" --local 4 "$out/array.csv" "${args[@]}" --raw "$out/array-raw.csv" --trace "$out/array-trace.csv" 2>/dev/null
same_as_single "$out" array
check only "$out" array.csv array.csv.manifest.json array-raw.csv array-trace.csv

# A shard that fails leaves no merge; --resubmit-failed runs that shard alone, then merges.
out=$dir/resubmit && mkdir "$out"
cat > "$dir/failing-hetcoll" <<EOF
#!/usr/bin/env bash
for a in "\$@"; do [[ \$a == 2/4 ]] && { echo "shard 2 fails" >&2; exit 1; }; done
exec $(printf '%q' "$real_hetcoll") "\$@"
EOF
chmod +x "$dir/failing-hetcoll"
HETCOLL=$dir/failing-hetcoll bash "$script" --local 4 "$out/array.csv" "${args[@]}" --raw "$out/array-raw.csv" \
  --trace "$out/array-trace.csv" 2>/dev/null
check test $? -ne 0
check test ! -e "$out/array.csv"
check test -f "$out/array.csv.shard3.csv"
bash "$script" --local --resubmit-failed 4 "$out/array.csv" "${args[@]}" --raw "$out/array-raw.csv" \
  --trace "$out/array-trace.csv" 2> "$dir/resubmit.log"
check grep -q "1 of 4 shards to run: 2" "$dir/resubmit.log"
check test "$(grep -c "^slurm_array: shard " "$dir/resubmit.log")" -eq 1
same_as_single "$out" array
check only "$out" array.csv array.csv.manifest.json array-raw.csv array-trace.csv
bash "$script" --local --resubmit-failed 4 "$out/array.csv" "${args[@]}" 2> "$dir/again.log"
check grep -q "already merged" "$dir/again.log"

# Through sbatch: a stand-in records the options and the job script it reads on stdin.
out=$dir/sbatch && mkdir "$out" "$dir/bin"
cat > "$dir/bin/sbatch" <<EOF
#!/usr/bin/env bash
n=\$(ls $(printf '%q' "$dir")/submitted.*.args 2>/dev/null | wc -l)
printf '%s\n' "\$@" > $(printf '%q' "$dir")/submitted.\$n.args
[[ " \$* " == *" --wrap "* ]] || cat > $(printf '%q' "$dir")/submitted.\$n.script
echo "\$((1000 + n))"
EOF
chmod +x "$dir/bin/sbatch"
(cd "$out" && PATH=$dir/bin:$PATH bash "$script" 3 array.csv "${args[@]}" --raw array-raw.csv \
  --trace array-trace.csv --jobs 2 -- --partition=short >/dev/null 2>&1)
check grep -qx -- "--array=0-2" "$dir/submitted.0.args"
check grep -qx -- "--cpus-per-task=2" "$dir/submitted.0.args"
check grep -qx -- "--partition=short" "$dir/submitted.1.args"
check grep -qx -- "--dependency=afterok:1000" "$dir/submitted.1.args"
check test "$(grep -c cpus-per-task "$dir/submitted.1.args")" -eq 0
check only "$out"
# Slurm runs the array's script once per task (with the CPUs it gave), then the merge.
for i in 0 1 2; do (cd "$dir" && SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=2 bash "$dir/submitted.0.script"); done
(cd "$dir" && bash -c "$(sed -n '/^--wrap$/{n;p}' "$dir/submitted.1.args")")
same_as_single "$out" array
check only "$out" array.csv array.csv.manifest.json array-raw.csv array-trace.csv

# --dry-run: the same job script and options, printed instead of given to sbatch (never called).
rm -f "$dir"/submitted.*
out=$dir/dry && mkdir "$out"
(cd "$out" && PATH=$dir/bin:$PATH bash "$script" --dry-run 3 array.csv "${args[@]}" --raw array-raw.csv \
  --trace array-trace.csv --jobs 2 -- --partition=short >"$dir/dry.txt" 2>"$dir/dry.err")
check test $? -eq 0
check test -z "$(ls "$dir"/submitted.* 2>/dev/null)"
check only "$out"
(cd "$out" && PATH=$dir/bin:$PATH bash "$script" 3 array.csv "${args[@]}" --raw array-raw.csv \
  --trace array-trace.csv --jobs 2 -- --partition=short >/dev/null 2>&1)
check diff <(sed -n "/^sbatch .*<<'JOB_SCRIPT'$/,/^JOB_SCRIPT$/p" "$dir/dry.txt" | sed '1d;$d') "$dir/submitted.0.script"
for option in --array=0-2 --cpus-per-task=2 --partition=short; do
  check grep -q -- "^sbatch .* $option .*<<'JOB_SCRIPT'" "$dir/dry.txt"
done
check grep -q -- "^sbatch .*--dependency=afterok:ARRAY_JOB_ID .*--wrap" "$dir/dry.txt"
bash "$script" --local --dry-run 3 "$dir/bad.csv" "${args[@]}" 2>/dev/null
check test $? -eq 2
rm -f "$dir"/submitted.* "$out"/*

# --cpus-per-task alone is the tasks' --jobs (SLURM_CPUS_PER_TASK); disagreeing values are refused.
rm -f "$dir"/submitted.*
(cd "$out" && PATH=$dir/bin:$PATH bash "$script" 3 other.csv "${args[@]}" -- -c 4 >/dev/null 2>&1)
check grep -qx -- "4" "$dir/submitted.0.args"
check test "$(grep -c -- "--jobs" "$dir/submitted.0.script")" -eq 0
PATH=$dir/bin:$PATH bash "$script" 3 "$out/bad.csv" "${args[@]}" --jobs 2 -- --cpus-per-task=3 2>/dev/null
check test $? -eq 2
bash "$script" --local x "$dir/bad.csv" "${args[@]}" 2>/dev/null
check test $? -eq 2

# SLURM_CPUS_PER_TASK is the default of key jobs: a bad value stops the run, with no file.
SLURM_CPUS_PER_TASK=0 "$HETCOLL" run "${args[@]}" --output "$dir/bad.csv" 2> "$dir/bad.log"
check test $? -eq 2
check grep -q SLURM_CPUS_PER_TASK "$dir/bad.log"
check test ! -e "$dir/bad.csv"

echo "$passed passed, $failed failed"
test "$failed" -eq 0
