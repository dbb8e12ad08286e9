#!/usr/bin/env bash
# GOAL exports (`--export-goal FILE`): each static algorithm's plan of replication 0, from a run
# of that replication alone.
#
# usage: test/cli/goal_export.sh path/to/hetcoll      (ctest runs it as cli_goal_export)
#
# Checks that the files are the same bytes for any --jobs, --block and --shard, that the CSV
# files are the bytes of the same run without --export-goal, that {point} and {algorithm} give
# each (point, static algorithm) its own file and a dynamic algorithm none (with one note), and
# that each file holds one send and one receive per message of the trace and one calc per
# computation; a GOAL schedule with wildcard receives has no plan (the note) but its trace. Refusals are in faults_outputs.sh. Prints `N passed, M failed` last.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# count WORD FILE: lines of a GOAL file whose operation is WORD (send, recv, calc).
count() { awk -v w="$1" '$2 == w' "$2" | wc -l; }

# trace_count KIND ALGORITHM TRACE: rows of the trace CSV of that algorithm and kind (comm, compute).
trace_count() {
  awk -F, -v k="$1" -v a="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                               $col["algorithm"] == a && $col["kind"] == k' "$3" | wc -l
}

RUN=(run --family reduce --cluster platform --processors "5 8" --ratio 0.5 --cv 0.5 --replications 6
  --algorithms "binomial-stat tree-dyn mpi-binomial" --engine model --quiet)

d=$(new_dir)
mkdir -p "$d/a" "$d/b" "$d/s"
run_ok "export, jobs 1, block 2" "${RUN[@]}" --jobs 1 --block 2 --output a.csv --raw a-raw.csv --trace a-trace.csv \
  --export-goal 'a/{algorithm}-{point}.goal' && cp "$tmp/stderr" "$tmp/notes"
run_ok "export, jobs 2, block 5" "${RUN[@]}" --jobs 2 --block 5 --output b.csv --export-goal 'b/{algorithm}-{point}.goal'
run_ok "no export" "${RUN[@]}" --jobs 2 --block 3 --output c.csv --raw c-raw.csv --trace c-trace.csv
for i in 0 1; do
  run_ok "export, shard $i/2" "${RUN[@]}" --shard "$i/2" --output "s$i.csv" --export-goal 's/{algorithm}-{point}.goal'
done
expected="binomial-stat-0.goal binomial-stat-1.goal mpi-binomial-0.goal mpi-binomial-1.goal"
check "one file per (point, static algorithm), none for tree-dyn" [ "$(ls "$d/a" | tr '\n' ' ')" == "$expected " ]
check "the files are the same bytes with jobs 2 and block 5" diff -r "$d/a" "$d/b"
check "... and from two shards" diff -r "$d/a" "$d/s"
check "the summary CSV is that of the run without export-goal" cmp -s "$d/a.csv" "$d/c.csv"
check "... and the raw CSV" cmp -s "$d/a-raw.csv" "$d/c-raw.csv"
check "... and the trace CSV" cmp -s "$d/a-trace.csv" "$d/c-trace.csv"
check "one note names the dynamic algorithm" \
  [ "$(cat "$tmp/notes")" == "hetcoll: note: key 'export-goal': tree-dyn has no plan to export (a dynamic algorithm decides as it runs)" ]
for algorithm in binomial-stat mpi-binomial; do
  goal="$d/a/$algorithm-0.goal"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
            $col["processors"] == 5' "$d/a-trace.csv" >"$tmp/trace0"  # point 0's rows
  messages=$(trace_count comm "$algorithm" "$tmp/trace0")
  check "$algorithm: a send and a receive per message of the trace ($messages)" \
    [ "$(count send "$goal")" -eq "$messages" -a "$(count recv "$goal")" -eq "$messages" ]
  check "$algorithm: a calc per computation of the trace" [ "$(count calc "$goal")" -eq "$(trace_count compute "$algorithm" "$tmp/trace0")" ]
  check "$algorithm: num_ranks is the point's hosts" grep -qx "num_ranks 5" "$goal"
done

# A schedule with wildcard receives matches as it runs: no plan, the note, and its trace.
d=$(new_dir)
printf '%s' $'num_ranks 3\nrank 0 {\na: recv 8b from -1\nb: recv 8b from -1 tag -1\n}\n'\
$'rank 1 {\nsend 8b to 0\n}\nrank 2 {\nsend 8b to 0 tag 4\n}\n' >"$d/w.goal"
run_ok "export of a schedule with wildcards" run --family schedule --goal w.goal --engine model --replications 2 \
  --cv 0.5 --output w.csv --trace w-trace.csv --export-goal w-out.goal --quiet
check "... writes no file" [ ! -e "$d/w-out.goal" ]
check "... and notes it" \
  [ "$(cat "$tmp/stderr")" == "hetcoll: note: key 'export-goal': goal has no plan to export (a dynamic algorithm decides as it runs)" ]
check "... its trace has both messages" [ "$(trace_count comm goal "$d/w-trace.csv")" -eq 2 ]

finish
