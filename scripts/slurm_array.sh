#!/usr/bin/env bash
# Runs one hetcoll sweep as a Slurm job array of N shards plus a merge job that waits for them.
#
# usage: scripts/slurm_array.sh N OUTPUT.csv SCENARIO.ini [--KEY VALUE ...] [-- SBATCH_OPTIONS ...]
#        scripts/slurm_array.sh --local N OUTPUT.csv SCENARIO.ini [...]   # same commands, run here
#
# Task i runs `hetcoll run SCENARIO --shard i/N --output OUTPUT.shard<i>.csv`; the merge job runs
# `hetcoll merge` on the N parts. The merged CSV is byte-identical to a single run's: shards
# take whole points and every work unit starts a fresh engine. Options after `--` go to sbatch
# (partition, account, time limit). With --local the tasks run one after the other on this
# machine, which is how the test checks the commands.
set -euo pipefail

local_run=false
if [[ ${1:-} == --local ]]; then local_run=true; shift; fi
if (($# < 3)); then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
shards=$1 output=$2
shift 2
if ! [[ $shards =~ ^[1-9][0-9]*$ ]]; then echo "slurm_array: N expects a whole number >= 1, got '$shards'" >&2; exit 2; fi

run_args=() sbatch_args=()
while (($#)); do
  if [[ $1 == -- ]]; then shift; sbatch_args=("$@"); break; fi
  run_args+=("$1"); shift
done

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
hetcoll=${HETCOLL:-$repo/build/hetcoll}
part() { echo "$output.shard$1.csv"; }

task_command() {  # the command of array task $1, as words
  printf '%q ' "$hetcoll" run "${run_args[@]}" --shard "$1/$shards" --output "$(part "$1")" --quiet
}
merge_command() {
  local parts=() i
  for ((i = 0; i < shards; i++)); do parts+=("$(part "$i")"); done
  printf '%q ' "$hetcoll" merge "${parts[@]}" --output "$output" --remove-parts
}

# One job script serves every array task: it picks its command by SLURM_ARRAY_TASK_ID.
job="$output.slurm.sh"
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  echo "cd $(printf '%q' "$PWD")"
  echo 'case $SLURM_ARRAY_TASK_ID in'
  for ((i = 0; i < shards; i++)); do echo "  $i) $(task_command "$i") ;;"; done
  echo '  *) echo "no shard $SLURM_ARRAY_TASK_ID" >&2; exit 2 ;;'
  echo 'esac'
} > "$job"

if $local_run; then
  for ((i = 0; i < shards; i++)); do SLURM_ARRAY_TASK_ID=$i bash "$job"; done
  eval "$(merge_command)"
  rm -f "$job"
  exit 0
fi

command -v sbatch >/dev/null || { echo "slurm_array: sbatch not found (use --local to run here)" >&2; exit 2; }
array_id=$(sbatch --parsable --array="0-$((shards - 1))" --job-name=hetcoll-shards "${sbatch_args[@]}" "$job")
merge_id=$(sbatch --parsable --dependency="afterok:${array_id%%;*}" --job-name=hetcoll-merge "${sbatch_args[@]}" \
  --wrap "cd $(printf '%q' "$PWD") && $(merge_command) && rm -f $(printf '%q' "$job")")
echo "submitted the shards as job array $array_id and the merge as job $merge_id; result: $output"
