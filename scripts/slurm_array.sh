#!/usr/bin/env bash
# Runs one hetcoll sweep as a Slurm job array of N shards plus a merge job that waits for them.
#
# usage: slurm_array.sh [--local | --dry-run] [--resubmit-failed] N OUTPUT.csv SCENARIO.ini [--KEY VALUE ...] [-- SBATCH_OPTIONS ...]
#
#   --local            run the same commands here, one task after the other (how the test checks them)
#   --dry-run          print the sbatch commands and the array's job script on stdout; submit nothing
#   --resubmit-failed  submit only the shards whose part is missing or unfinished, then the merge
#
# Task i runs `hetcoll run SCENARIO --shard i/N --output OUTPUT.shard<i>.csv --resume`; the merge
# job runs `hetcoll merge` on the N parts and removes them. Shards take work units (blocks of a
# point's replications, dealt round-robin), so N may exceed the point count. The merged CSV (and raw and trace
# files) is byte-identical to a single run's. Options after `--` go to sbatch (partition,
# account, time limit, --cpus-per-task). Each task runs `--jobs` processes: SLURM_CPUS_PER_TASK
# when sbatch sets it, so `--cpus-per-task=8` alone is enough; `--jobs 8` alone asks sbatch for
# `--cpus-per-task=8`; both must agree. The job script goes to sbatch on its standard input:
# nothing but results and Slurm's own logs is written. A task killed or requeued resumes from
# its checkpoint when run again; a part counts as done when its manifest is beside it and no
# checkpoint is left. `--dry-run` prints the two sbatch commands (the array's with its job
# script as a here-document, the merge's waiting for ARRAY_JOB_ID) and submits nothing; sbatch
# need not be installed. The hetcoll binary: $HETCOLL, else the build or install beside this script,
# else `hetcoll` on PATH.
set -euo pipefail

usage() { sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "slurm_array: $*" >&2; exit 2; }

local_run=false resubmit=false dry_run=false
while (($#)); do
  case $1 in
    --local) local_run=true; shift ;;
    --dry-run) dry_run=true; shift ;;
    --resubmit-failed) resubmit=true; shift ;;
    *) break ;;
  esac
done
(($# >= 3)) || usage
if $local_run && $dry_run; then fail "--local runs the tasks here and --dry-run submits nothing: give one of them"; fi
shards=$1 output=$2
shift 2
[[ $shards =~ ^[1-9][0-9]{0,5}$ ]] || fail "N expects a whole number from 1 to 999999, got '$shards'"

run_args=() sbatch_args=()
while (($#)); do
  if [[ $1 == -- ]]; then shift; sbatch_args=("$@"); break; fi
  run_args+=("$1"); shift
done

# --jobs in the run's arguments and --cpus-per-task (-c) in sbatch's: one sets the other.
jobs="" cpus=""
for ((i = 0; i < ${#run_args[@]}; i++)); do
  case ${run_args[i]} in
    --jobs) jobs=${run_args[i + 1]:-} ;;
    --jobs=*) jobs=${run_args[i]#--jobs=} ;;
  esac
done
# The merge is one process: it gets the sbatch options without the CPUs per task.
merge_sbatch_args=()
for ((i = 0; i < ${#sbatch_args[@]}; i++)); do
  case ${sbatch_args[i]} in
    --cpus-per-task | -c) cpus=${sbatch_args[i + 1]:-}; i=$((i + 1)) ;;
    --cpus-per-task=*) cpus=${sbatch_args[i]#--cpus-per-task=} ;;
    -c?*) cpus=${sbatch_args[i]#-c} ;;
    *) merge_sbatch_args+=("${sbatch_args[i]}") ;;
  esac
done
if [[ -n $jobs && -n $cpus && $jobs != "$cpus" ]]; then
  fail "--jobs $jobs and sbatch's --cpus-per-task=$cpus disagree: give one of them (the other follows)"
fi
if [[ -n $jobs && -z $cpus ]]; then sbatch_args+=("--cpus-per-task=$jobs"); fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
hetcoll=${HETCOLL:-}
if [[ -z $hetcoll ]]; then
  # The repository's build, or an install's bin/ (this script then lives in PREFIX/share/hetcoll/scripts).
  for candidate in "$here/../build/hetcoll" "$here/../../../bin/hetcoll"; do
    if [[ -x $candidate ]]; then hetcoll=$(cd "$(dirname "$candidate")" && pwd)/hetcoll; break; fi
  done
  [[ -n $hetcoll ]] || hetcoll=$(command -v hetcoll) || fail "no hetcoll binary: set HETCOLL, build the repository or put hetcoll on PATH"
fi
[[ -x $hetcoll && ! -d $hetcoll ]] || fail "HETCOLL=$hetcoll is not an executable"
[[ $hetcoll == */* && $hetcoll != /* ]] && hetcoll=$(cd "$(dirname "$hetcoll")" && pwd)/$(basename "$hetcoll")

part() { echo "$output.shard$1.csv"; }
done_part() { [[ -f $(part "$1") && -f $(part "$1").manifest.json && ! -e $(part "$1").partial ]]; }

# The shards to run: all, or with --resubmit-failed those whose part is not done.
todo=()
for ((i = 0; i < shards; i++)); do
  if ! $resubmit || ! done_part "$i"; then todo+=("$i"); fi
done
if $resubmit; then
  if ((${#todo[@]} == shards)) && [[ -f $output && -f $output.manifest.json ]]; then
    echo "slurm_array: $output is already merged; nothing to resubmit" >&2
    exit 0
  fi
  echo "slurm_array: ${#todo[@]} of $shards shards to run${todo[*]:+: ${todo[*]}}" >&2
fi

# The job script of every array task: it picks its shard by SLURM_ARRAY_TASK_ID.
job_script() {
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  echo "cd $(printf '%q' "$PWD")"
  echo 'i=$SLURM_ARRAY_TASK_ID'
  printf 'exec %q run' "$hetcoll"
  printf ' %q' "${run_args[@]}"
  printf ' --shard "$i/%s" --output %q"$i".csv --resume --quiet\n' "$shards" "$output.shard"
}
merge_command() {
  local parts=() i
  for ((i = 0; i < shards; i++)); do parts+=("$(part "$i")"); done
  printf '%q ' "$hetcoll" merge "${parts[@]}" --output "$output" --remove-parts
}

if $dry_run; then
  # What would go to sbatch, as shell words: the array (its job script on sbatch's standard
  # input), then the merge, which waits for the array's job id.
  echo "# slurm_array --dry-run: nothing is submitted"
  if ((${#todo[@]})); then
    if ((${#todo[@]} == shards)); then list="0-$((shards - 1))"; else list=$(IFS=,; echo "${todo[*]}"); fi
    echo "# the shards, a job array whose job script sbatch reads on its standard input:"
    printf '%q ' sbatch --parsable --array="$list" --job-name=hetcoll-shards "${sbatch_args[@]}"
    echo "<<'JOB_SCRIPT'"
    job_script
    echo JOB_SCRIPT
    dependency=(--dependency="afterok:ARRAY_JOB_ID")
  else
    dependency=()
  fi
  echo "# the merge, once the shards are done:"
  printf '%q ' sbatch --parsable "${dependency[@]}" --job-name=hetcoll-merge "${merge_sbatch_args[@]}" \
    --wrap "cd $(printf '%q' "$PWD") && $(merge_command)"
  echo
  exit 0
fi

if $local_run; then
  # As under Slurm, a failed task does not stop the others, and the merge waits for all of them.
  failed=()
  for i in "${todo[@]}"; do
    echo "slurm_array: shard $i of $shards" >&2
    job_script | SLURM_ARRAY_TASK_ID=$i bash || failed+=("$i")
  done
  if ((${#failed[@]})); then
    echo "slurm_array: shards ${failed[*]} failed; no merge (rerun with --resubmit-failed)" >&2
    exit 1
  fi
  eval "$(merge_command)"
  exit 0
fi

command -v sbatch >/dev/null || fail "sbatch not found (use --local to run here)"
dependency=()
if ((${#todo[@]})); then
  if ((${#todo[@]} == shards)); then list="0-$((shards - 1))"; else list=$(IFS=,; echo "${todo[*]}"); fi
  array_id=$(job_script | sbatch --parsable --array="$list" --job-name=hetcoll-shards "${sbatch_args[@]}")
  dependency=(--dependency="afterok:${array_id%%;*}")
  echo "submitted shards $list as job array $array_id" >&2
fi
merge_id=$(sbatch --parsable "${dependency[@]}" --job-name=hetcoll-merge "${merge_sbatch_args[@]}" \
  --wrap "cd $(printf '%q' "$PWD") && $(merge_command)")
echo "submitted the merge as job $merge_id; result: $output (rerun with --resubmit-failed if a shard fails)"
