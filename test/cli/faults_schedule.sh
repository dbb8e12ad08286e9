#!/usr/bin/env bash
# Bad GOAL schedules (family schedule, docs/schedule.md): each is refused with exit status 2,
# one line on stderr naming the file and the line (lib.sh's expect_bad_input: no file created or
# changed), never a hang: a schedule that deadlocks is a cycle of its compiled plan, refused
# before anything runs, or, with wildcard receives, stopped at the replication that deadlocks.
#
# usage: test/cli/faults_schedule.sh path/to/hetcoll
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# goal_case NAME LINE TEXT [--KEY VALUE]...: TEXT as the GOAL file g.goal of a model-engine run
# (of 2 replications unless the keys say);
# the one line on stderr must name g.goal:LINE (LINE empty: the file alone).
goal_case() {
  local name=$1 line=$2 text=$3 d replications=(--replications 2)
  shift 3
  [[ " $* " == *" --replications "* ]] && replications=()
  d=$(new_dir)
  printf '%s' "$text" >"$d/g.goal"
  ARGS=(run --family schedule --goal "$d/g.goal" --engine model "${replications[@]}" --output "$d/out.csv" --quiet "$@")
  expect_bad_input "$name" "$d"
  if ! grep -q "g.goal:$line" "$tmp/stderr"; then fail "$name" "the line does not name g.goal:$line: $(excerpt)"; fi
}

ok=$'num_ranks 2\nrank 0 {\na: send 8b to 1\n}\nrank 1 {\nb: recv 8b from 0\n}\n'
goal_case "a send never matched" 3 $'num_ranks 2\nrank 0 {\na: send 8b to 1\n}\n'
goal_case "a receive never matched" 3 $'num_ranks 2\nrank 1 {\na: recv 8b from 0\n}\n'
goal_case "a send matched by tag only: tags differ" 3 \
  $'num_ranks 2\nrank 0 {\na: send 8b to 1 tag 1\n}\nrank 1 {\nb: recv 8b from 0 tag 2\n}\n'
goal_case "a receive smaller than its message" 6 \
  $'num_ranks 2\nrank 0 {\na: send 8b to 1\n}\nrank 1 {\nb: recv 4b from 0\n}\n'
goal_case "both ranks receive first: a deadlock, not a hang" 4 \
  $'num_ranks 2\nrank 0 {\na: recv 8b from 1\nb: send 8b to 1\nb requires a\n}\n'\
$'rank 1 {\na: recv 8b from 0\nb: send 8b to 0\nb requires a\n}\n'
goal_case "a cycle of requires" 3 $'num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\na requires b\nb requires a\n}\n'
goal_case "an operation requiring itself" 3 $'num_ranks 1\nrank 0 {\na: calc 1\na requires a\n}\n'
goal_case "a cycle of irequires" 3 $'num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\na irequires b\nb irequires a\n}\n'
goal_case "a destination out of range" 3 $'num_ranks 2\nrank 0 {\na: send 8b to 2\n}\n'
goal_case "a rank block out of range" 2 $'num_ranks 2\nrank 5 {\n}\n'
goal_case "a rank's block twice" 4 $'num_ranks 2\nrank 0 {\n}\nrank 0 {\n}\n'
goal_case "a label defined twice" 4 $'num_ranks 1\nrank 0 {\na: calc 1\na: calc 2\n}\n'
goal_case "a label never defined" 4 $'num_ranks 1\nrank 0 {\na: calc 1\na requires z\n}\n'
goal_case "a size that is no whole number" 3 $'num_ranks 2\nrank 0 {\na: send 8.5b to 1\n}\n'
goal_case "a negative size" 3 $'num_ranks 2\nrank 0 {\na: send -8b to 1\n}\n'
goal_case "a size without b" 3 $'num_ranks 2\nrank 0 {\na: send 8 to 1\n}\n'
goal_case "a size above 2^53 bytes" 3 $'num_ranks 2\nrank 0 {\na: send 9007199254740993b to 1\n}\n'
goal_case "a negative time" 3 $'num_ranks 1\nrank 0 {\na: calc -1\n}\n'
goal_case "a time that is no number" 3 $'num_ranks 1\nrank 0 {\na: calc soon\n}\n'
goal_case "a time of flops that is no whole number (calc-unit = flops)" 3 $'num_ranks 1\nrank 0 {\na: calc 0.5\n}\n' \
  --calc-unit flops
goal_case "a send's tag -1 (any tag is a receive's)" 6 \
  $'num_ranks 2\nrank 0 {\nr: recv 8b from -1\n}\nrank 1 {\ns: send 8b to 0 tag -1\n}\n'
goal_case "a receive from any source with no send to its rank" 3 $'num_ranks 2\nrank 1 {\na: recv 8b from -1\n}\n'
goal_case "a receive of any tag with no send from its source" 3 $'num_ranks 2\nrank 1 {\na: recv 8b from 0 tag -1\n}\n'
goal_case "two receives from any source, one send to the rank" 4 \
  $'num_ranks 2\nrank 0 {\na: recv 8b from -1\nb: recv 8b from -1\n}\nrank 1 {\ns: send 8b to 0\n}\n'
goal_case "a send no receive accepts beside a wildcard" 9 \
  $'num_ranks 3\nrank 0 {\na: recv 8b from -1 tag 1\n}\nrank 1 {\ns: send 8b to 0 tag 1\n}\n'\
$'rank 2 {\ns: send 8b to 0\n}\n'
goal_case "both ranks receive from any source first: the run's deadlock, not a hang" 3 \
  $'num_ranks 2\nrank 0 {\nr: recv 8b from -1\ns: send 8b to 1\ns requires r\n}\n'\
$'rank 1 {\nr: recv 8b from -1\ns: send 8b to 0\ns requires r\n}\n'
goal_case "a deadlock of one replication's draws" 4 \
  $'num_ranks 3\nrank 0 {\nr1: recv 8b from -1\nr2: recv 8b from 2\nr2 requires r1\n}\n'\
$'rank 1 {\nc: calc 0.25\ns: send 8b to 0\ns requires c\n}\nrank 2 {\nc: calc 0.5\ns: send 8b to 0\ns requires c\n}\n' \
  --cv 0.5 --replications 20
if ! grep -q "replication 2 deadlocks" "$tmp/stderr"; then fail "the deadlock's replication" "$(excerpt)"; fi
goal_case "a receive from any source smaller than the message it meets" 3 \
  $'num_ranks 2\nrank 0 {\nr: recv 4b from -1\n}\nrank 1 {\ns: send 8b to 0\n}\n'
goal_case "a cycle of requires and irequires beside a wildcard" 3 \
  $'num_ranks 2\nrank 0 {\na: recv 8b from -1\nb: calc 1\na requires b\nb irequires a\n}\n'\
$'rank 1 {\ns: send 8b to 0\n}\n'
goal_case "a send to its own rank" 3 $'num_ranks 2\nrank 0 {\na: send 8b to 0\n}\n'
goal_case "no num_ranks" 1 $'rank 0 {\n}\n'
goal_case "num_ranks 0" 1 $'num_ranks 0\n'
goal_case "num_ranks above 2^20" 1 $'num_ranks 1048577\n'
goal_case "a block not closed" 2 $'num_ranks 1\nrank 0 {\na: calc 1\n'
goal_case "a comment not closed" 3 $'num_ranks 1\nrank 0 {\n/* never closed\n}\n'
goal_case "options out of order" 3 $'num_ranks 2\nrank 0 {\na: send 8b to 1 cpu 0 tag 1\n}\n'
goal_case "an operation outside a block" 2 $'num_ranks 1\na: calc 1\n'
goal_case "a stray character" 3 $'num_ranks 1\nrank 0 {\na: calc 1 ;\n}\n'
goal_case "an empty file" "" ''

# Files and hosts.
d=$(new_dir)
ARGS=(run --family schedule --goal "$d/missing.goal" --engine model --output "$d/out.csv" --quiet)
expect_bad_input "a GOAL file that does not exist" "$d"
d=$(new_dir); mkdir "$d/dir.goal"
ARGS=(run --family schedule --goal "$d/dir.goal" --engine model --output "$d/out.csv" --quiet)
expect_bad_input "a directory as the GOAL file" "$d"
d=$(new_dir); printf '%s' "$ok" >"$d/g.goal"
ARGS=(run --family schedule --goal "$d/g.goal" --engine model --output "$d/g.goal" --quiet)
expect_bad_input "the output on the GOAL file" "$d"
d=$(new_dir); write_two_host_platform "$d/two.xml"
printf 'num_ranks 3\nrank 0 {\n}\n' >"$d/g.goal"
ARGS=(run --family schedule --goal "$d/g.goal" --platform "$d/two.xml" --engine model --output "$d/out.csv" --quiet)
expect_bad_input "more ranks than the platform's hosts" "$d"
d=$(new_dir); printf '%s' "$ok" >"$d/g.goal"
ARGS=(run --family schedule --goal "$d/g.goal" --rank "0 $(sed -n 's/^num_ranks //p' "$d/g.goal")" --engine model
  --output "$d/out.csv" --quiet)
expect_bad_input "key rank naming a rank the schedule does not have" "$d"

# The same files, well formed, run (so the cases above fail for their fault alone).
d=$(new_dir); printf '%s' "$ok" >"$d/g.goal"
if hetcoll run --family schedule --goal "$d/g.goal" --engine model --replications 2 --output "$d/out.csv" --quiet; then
  pass "the well-formed file runs"
else
  fail "the well-formed file runs" "exit status $? (stderr: $(excerpt))"
fi
d=$(new_dir); printf '%s' "${ok/from 0/from -1 tag -1}" >"$d/g.goal"
if hetcoll run --family schedule --goal "$d/g.goal" --engine model --replications 2 --output "$d/out.csv" --quiet; then
  pass "the well-formed file with wildcards runs"
else
  fail "the well-formed file with wildcards runs" "exit status $? (stderr: $(excerpt))"
fi
finish
