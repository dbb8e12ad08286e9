#!/usr/bin/env bash
# One command on a fresh machine: installs and builds (scripts/setup.sh), runs the quickstart
# scenario, and draws the Gantt chart of its first replication.
#
# usage: scripts/run.sh [--KEY VALUE ...]     e.g. scripts/run.sh --engine model --cv "0.1 1 10"
#
# Extra arguments go to `hetcoll run scenarios/quickstart.ini` and override the file.
# Outputs (unless overridden): results/quickstart.csv, results/quickstart-trace.csv and
# results/quickstart-gantt.png.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh

# Where this run writes, as quickstart.ini says unless the arguments override it.
output=results/quickstart.csv
trace=results/quickstart-trace.csv
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
  case "${args[i]}" in
    --output) output="${args[i + 1]:-$output}" ;;
    --output=*) output="${args[i]#--output=}" ;;
    --trace) trace="${args[i + 1]:-$trace}" ;;
    --trace=*) trace="${args[i]#--trace=}" ;;
  esac
done
for file in "$output" "$trace"; do
  if [[ -n "$file" && "$file" != - ]]; then mkdir -p "$(dirname "$file")"; fi
done

# Only a trace written by this run is drawn, not one left over from an earlier run.
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT

echo "run: build/hetcoll run scenarios/quickstart.ini $*" >&2
build/hetcoll run scenarios/quickstart.ini "$@"

gantt=
status=0
if [[ -n "$trace" && "$trace" != - && -f "$trace" && "$trace" -nt "$stamp" ]]; then
  gantt="${trace%.csv}"
  gantt="${gantt%-trace}-gantt.png"
  echo "run: drawing the Gantt chart of $trace" >&2
  if ! scripts/python.sh scripts/plot.py gantt "$trace" --output "$gantt"; then
    echo "run: the Gantt chart could not be drawn" >&2
    gantt=
    status=1
  fi
fi

echo "results:"
if [[ "$output" != - ]]; then echo "  summary      $output"; fi
if [[ -n "$trace" && "$trace" != - && -f "$trace" && "$trace" -nt "$stamp" ]]; then
  echo "  trace        $trace"
fi
if [[ -n "$gantt" ]]; then echo "  gantt chart  $gantt"; fi
exit "$status"
