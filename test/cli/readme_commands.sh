#!/usr/bin/env bash
# Every command of every code block of README.md and docs/*.md runs and exits 0, so that a
# documented command can never fail again (a code block in those pages holds commands only).
# Each runs as written, from a scratch directory that looks like the repository (scenarios/,
# platforms/, scripts/ and build/ linked in), so the files it writes land there.
# What is scaled down, and why:
#  - `build/hetcoll run` of a scenario file gets --replications 20 when the file asks for more
#    (a shim in the scratch build/), so the papers' million-replication figures take seconds;
#  - HPC commands run locally: `mpirun -n 64` on 2 ranks, `scripts/slurm_array.sh 64` with
#    --local on 2 tasks (Slurm is not here);
#  - not run here: the block of docs/hpc.md's "Building without root" (test/hpc/cluster_build.sh
#    runs it), scripts/test.sh (this test is part of it), scripts/run.sh (setup.sh, which
#    test.sh runs, then the quickstart scenario, which runs below), scripts/reproduce.sh (.ci/run
#    runs `scripts/reproduce.sh --quick` after the tests; the full run takes long), and the
#    measurements of docs/performance.md (scripts/bench.sh, build/hetcoll_bench: minutes each,
#    and a measurement, not a check).
#
# usage: test/cli/readme_commands.sh path/to/hetcoll
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"
LIMIT=600
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
real_hetcoll=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

work=$(new_dir)
for entry in scenarios platforms scripts; do ln -s "$repo/$entry" "$work/$entry"; done
mkdir -p "$work/build" "$work/results"
cat >"$work/build/hetcoll" <<EOF
#!/usr/bin/env bash
# Caps a scenario file's replications at 20 unless the command line sets them.
args=("\$@")
if [[ "\${1:-}" == run && " \$* " != *" --replications "* && -f "\${2:-}" ]]; then
  wanted=\$(sed -n 's/^replications *= *\([0-9]*\).*/\1/p' "\$2" | tail -n 1)
  if [[ -n "\$wanted" && "\$wanted" -gt 20 ]]; then args+=(--replications 20); fi
fi
exec "$real_hetcoll" "\${args[@]}"
EOF
chmod +x "$work/build/hetcoll"
if [[ -x "$(dirname "$real_hetcoll")/hetcoll-mpi" ]]; then ln -s "$(dirname "$real_hetcoll")/hetcoll-mpi" "$work/build/hetcoll-mpi"; fi

# The code blocks of the README and the docs, one command per line (a trailing backslash
# continues it). The block of "Building without root" builds and installs a second copy:
# test/hpc/cluster_build.sh runs it, with a scratch $HOME.
commands=$(for page in "$repo/README.md" "$repo"/docs/*.md; do
             awk '/^## / { section = $0 }
                  /^```/ { inside = !inside; next }
                  section ~ /Building without root/ { next }
                  inside { sub(/[ \t]+#.*$/, ""); if ($0 ~ /^[ \t]*$/) next
                           if (line != "") { line = line " " $0 } else { line = $0 }
                           if (line ~ /\\$/) { sub(/\\$/, "", line); next }
                           print line; line = "" }' "$page"
           done)

ran=0
while IFS= read -r command; do
  case "$command" in
    scripts/test.sh* | scripts/run.sh* | scripts/reproduce.sh* | scripts/bench.sh* | build/hetcoll_bench*) continue ;;
    mpirun*)
      if [[ ! -e "$work/build/hetcoll-mpi" ]]; then fail "$command" "build/hetcoll-mpi was not built"; continue; fi
      command=$(sed -E 's/^mpirun -n [0-9]+/mpirun --allow-run-as-root --oversubscribe -n 2/' <<<"$command") ;;
    scripts/slurm_array.sh*)
      command=$(sed -E 's/^scripts\/slurm_array.sh [0-9]+/scripts\/slurm_array.sh --local 2/; s/ -- .*$//' <<<"$command") ;;
  esac
  ran=$((ran + 1))
  # No command may read the list of commands (mpirun reads its standard input).
  if (cd "$work" && timeout "$LIMIT" bash -c "$command" </dev/null >"$tmp/stdout" 2>"$tmp/stderr"); then
    pass "$command"
  else
    fail "$command" "exit status $? (stderr: $(excerpt))"
  fi
done <<<"$commands"
if ((ran < 30)); then fail "README and docs code blocks" "only $ran commands found"; fi
finish
