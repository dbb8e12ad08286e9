#!/usr/bin/env bash
# The shipped GOAL schedules (scripts/goal_schedules.py) run through the family `schedule` on
# the ideal cluster, against each pattern's closed form (docs/schedule.md, "Shipped schedules").
#
# usage: test/cli/goal_schedules.sh path/to/hetcoll      (ctest runs it as cli_goal_schedules)
#
# Every pattern for 1 to 9, 13, 16 and 100 ranks on the model engine, and for 5, 13 and 100 on
# SimGrid: the makespan is the closed form's to 1e-12. The generator's refusals (exit 2, its
# usage on stderr, no file written) too. Prints `N passed, M failed` last.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

GENERATE="$REPO/scripts/goal_schedules.py"
SIZE=4193280   # 64 x lcm(1..9, 13, 16): every ring chunk is whole; t = SIZE / 2^23 s
CALC=0.25

# closed_form PATTERN RANKS SIZE CALC: the makespan on the ideal cluster (2^23 bytes/s private
# split-duplex links, no latency), derived in docs/schedule.md.
closed_form() {
  python3 - "$@" <<'PY'
import sys
pattern, p, size, c = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
t = size / 2.0 ** 23
ceil_log = (p - 1).bit_length()
floor_log = p.bit_length() - 1
forms = {
    "binomial-bcast": lambda: ceil_log * t,
    "binary-bcast": lambda: t * max(n.bit_length() - 1 + bin(n).count("1") - 1 for n in range(1, p + 1)),
    "binomial-reduce": lambda: ceil_log * (t + c),
    "binary-reduce": lambda: (floor_log + max(ceil_log - 1, 0)) * (t + c),
    "dissemination-barrier": lambda: ceil_log * t,
    "ring-allreduce": lambda: 2 * (p - 1) * (size / p) / 2.0 ** 23 + (p - 1) * c,
    "recursive-doubling-allreduce":
        lambda: floor_log * (t + c) if p & (p - 1) == 0 else (floor_log + 1) * (t + c) + t,
}
print(repr(forms[pattern]()))
PY
}

# close GOT WANT: true if they agree to 1e-12 (relative, or absolute below 1).
close() { python3 -c "import sys; g, w = float(sys.argv[1]), float(sys.argv[2]); sys.exit(abs(g - w) > 1e-12 * max(1, abs(w)))" "$1" "$2"; }

d=$(new_dir)
for pattern in binomial-bcast binary-bcast binomial-reduce binary-reduce dissemination-barrier ring-allreduce \
    recursive-doubling-allreduce; do
  calc=0
  [[ $pattern == *reduce* ]] && calc=$CALC
  for engine in model simgrid; do
    ranks=(1 2 3 4 5 6 7 8 9 13 16 100)
    [[ $engine == simgrid ]] && ranks=(5 13 100)
    bad=""
    for p in "${ranks[@]}"; do
      size=$SIZE
      [[ $pattern == ring-allreduce && $p == 100 ]] && size=$((100 * 16384))
      python3 "$GENERATE" "$pattern" "$p" --size "$size" --calc "$calc" --output "$d/g.goal" || { bad+=" $p(generator)"; continue; }
      if ! hetcoll run --family schedule --goal "$d/g.goal" --replications 1 --engine "$engine" --quiet --output "$d/o.csv"; then
        bad+=" $p($(excerpt))"
        continue
      fi
      got=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col["mean"] }' "$d/o.csv")
      want=$(closed_form "$pattern" "$p" "$size" "$calc")
      close "$got" "$want" || bad+=" p=$p: $got, closed form $want;"
    done
    if [[ -z $bad ]]; then pass "$pattern on $engine: the closed form for ${ranks[*]} ranks"; else fail "$pattern on $engine" "$bad"; fi
  done
done

# The generator's refusals: exit 2, its usage on stderr, no file.
refused() {
  local name=$1
  shift
  python3 "$GENERATE" "$@" --output "$d/r.goal" >"$tmp/stdout" 2>"$tmp/stderr"
  local status=$?
  if ((status == 2)) && [[ -s $tmp/stderr && ! -e $d/r.goal ]]; then pass "refused: $name"; else
    fail "refused: $name" "status $status, file $(ls "$d/r.goal" 2>&1)"; fi
}
refused "an unknown pattern" ring-bcast 4
refused "0 ranks" binomial-bcast 0
refused "a negative size" binomial-bcast 4 --size -1
refused "--calc on a broadcast" binomial-bcast 4 --calc 1
refused "a negative --calc" binomial-reduce 4 --calc -1

# docs/schedule.md, "Worked example": an allreduce of 1 MB over 8 ranks on two sites. Every run
# takes at least the bytes it sends over the WAN divided by the WAN's 10 MB/s (the link all
# cross-site flows share, both directions), and that bound is above what LogGOPS predicts with
# every pair at the cost of one message between the sites (o = g = 0: rounds times that cost).
TWO_SITES="$REPO/platforms/two-sites.xml"
BLOCKS='a-[0-3].lyon n-[1-4]'
INTERLEAVED='a-0.lyon n-1 a-1.lyon n-2 a-2.lyon n-3 a-3.lyon n-4'
makespan() {  # GOAL HOSTS: the model engine's makespan on two sites
  hetcoll run --family schedule --goal "$1" --platform "$TWO_SITES" --hosts "$2" --engine model \
    --replications 1 --quiet --output "$d/w.csv" &&
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } { print $col["mean"] }' "$d/w.csv"
}
printf 'num_ranks 2\nrank 0 {\nsend %sb to 1\n}\nrank 1 {\nrecv %sb from 0\n}\n' 1000000 1000000 >"$d/vector.goal"
printf 'num_ranks 2\nrank 0 {\nsend %sb to 1\n}\nrank 1 {\nrecv %sb from 0\n}\n' 125000 125000 >"$d/chunk.goal"
python3 "$GENERATE" recursive-doubling-allreduce 8 --size 1000000 --output "$d/rd8.goal"
python3 "$GENERATE" ring-allreduce 8 --size 1000000 --output "$d/ring8.goal"
vector=$(makespan "$d/vector.goal" "a-0.lyon n-1")
chunk=$(makespan "$d/chunk.goal" "a-0.lyon n-1")
# schedule|placement|its hosts|LogGOPS's prediction|bytes over the WAN
for row in "rd8|blocks|$BLOCKS|3 * $vector|8e6" "rd8|interleaved|$INTERLEAVED|3 * $vector|8e6" \
    "ring8|blocks|$BLOCKS|14 * $chunk|14 * 2 * 125000" "ring8|interleaved|$INTERLEAVED|14 * $chunk|14 * 8 * 125000"; do
  IFS='|' read -r goal placement hosts loggops wan <<<"$row"
  got=$(makespan "$d/$goal.goal" "$hosts")
  if python3 -c "import sys; g, l, w = float(sys.argv[1]), eval(sys.argv[2]), eval(sys.argv[3]) / 10e6
sys.exit(not (g >= w * (1 - 1e-12) and w > l))" "$got" "$loggops" "$wan"; then
    pass "worked example, $goal in $placement: $got s, at least its WAN bytes' time, above LogGOPS's $loggops"
  else
    fail "worked example, $goal in $placement" "$got s against WAN bytes $wan / 10e6 and LogGOPS $loggops"
  fi
done

finish
