#!/usr/bin/env bash
# Measures the time per replication of both engines through the CLI (a measurement, not a test).
#
# usage: scripts/bench.sh [--fig4] [--scaling [--simgrid-up-to EXP]] [--references] [--mpi] [--sharing] [--goal]
#
# For each engine (model, simgrid) and n in {64, 1024}, times one single-process run of
# tree-dyn at CV 1 with a replication count that takes a few seconds, and prints the table
#   engine n replications seconds us_per_replication
# The times are wall-clock times of whole processes, so they include start-up (loading
# SimGrid, building the platform) and writing the CSV. With --fig4 it also times the full
# Figure 4 scenario (scenarios/rr8315-fig4.ini, 52 million simulations, --jobs 2) and
# reports its elapsed time and maximum resident set size. With --scaling it prints, as a Markdown
# table, one Tree-dyn replication (cv 1) from 2^6 to 2^20 hosts on the model engine and from 2^6
# to 2^EXP hosts on SimGrid (EXP 16 unless --simgrid-up-to says; 2^20 takes minutes and about
# 20 GB): wall time and maximum resident set size of the whole CLI, and the memory per host.
# With --references it builds the two hand-written yardsticks (targets minimal_model_tree_dyn
# and minimal_simgrid_tree_dyn, bench/), runs each beside hetcoll on the same engine, n and
# replication count, and prints the table
#   engine n replications hetcoll_us minimal_us cpu_ratio wall_ratio same_mean
# (whole processes; microseconds and cpu_ratio from CPU time, user + system, which a loaded
# machine disturbs far less than wall time; same_mean: the model yardstick's mean makespan
# equals the CSV's to the last digit, as it must; the SimGrid one draws its own costs: n/a).
# With --mpi it runs RR-8315's Figure 4 at 100,000 replications under build/hetcoll-mpi on 1, 2,
# 4, 8 and 16 ranks (--jobs 1 each, ranks beyond this machine's usable CPUs are skipped and said
# so), checks that every rank count wrote the 1-rank CSV byte for byte, and prints the table
#   ranks seconds speedup efficiency
# (efficiency = T1 / (ranks * T)).
# With --sharing it times runs whose links are shared (docs/design.md, "When links are shared")
# on both engines: reduce (tree-dyn and binomial-stat, cv 0.3, 8 MiB) and the broadcast family's
# default list (8 MB, cv 0.3) on every host of platforms/two-racks.xml, and redistribute's
# all-at-once of 1,024 messages through one backbone (32 + 32 nodes), and prints the table
#   case engine us_per_replication model_speedup
# where a replication's cost is the CPU time (user + system) of a run of R2 replications less
# that of a run of R1, over R2 - R1 (so start-up and the per-point preparation cancel out), and
# model_speedup is SimGrid's cost over the model engine's.
# With --goal it writes the binomial broadcast of 1 KiB over 2^20 ranks as GOAL
# (scripts/goal_schedules.py) and times the whole run of the family `schedule` on it (read,
# compiled, one replication, model engine) beside its yardstick, one Tree-dyn replication on 2^20
# hosts, alternately three times each, and prints the table
#   case seconds max_rss_kbytes time_ratio memory_ratio
# (medians of wall time and maximum resident set size; ratios over the yardstick's).
# Needs build/ (scripts/setup.sh).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

fig4=0
scaling=0
references=0
simgrid_up_to=16
mpi=0
sharing=0
goal=0
usage="usage: scripts/bench.sh [--fig4] [--scaling [--simgrid-up-to EXP]] [--references] [--mpi] [--sharing] [--goal]"
while (($#)); do
  case "$1" in
    --fig4) fig4=1 ;;
    --scaling) scaling=1 ;;
    --references) references=1 ;;
    --mpi) mpi=1 ;;
    --sharing) sharing=1 ;;
    --goal) goal=1 ;;
    --simgrid-up-to)
      simgrid_up_to=${2:-}
      shift
      if ! [[ "$simgrid_up_to" =~ ^[0-9]+$ ]] || ((simgrid_up_to < 6 || simgrid_up_to > 20)); then
        echo "bench: --simgrid-up-to expects an exponent in 6..20" >&2
        exit 2
      fi ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift
done

bin=build/hetcoll
if [[ ! -x "$bin" ]]; then
  echo "bench: $bin not found; run scripts/setup.sh first" >&2
  exit 1
fi

# Outputs go to a scratch directory rather than /dev/null: the CLI writes a temporary file
# beside its output and renames it, and writes its manifest there too.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tree_dyn [TIMER...] -- ENGINE N REPLICATIONS OUTPUT: the run every table here times (cv 1, no
# ⊕, one process), writing its CSV to OUTPUT, under TIMER if given (/usr/bin/time ...).
tree_dyn() {
  local timer=()
  while [[ "$1" != -- ]]; do timer+=("$1"); shift; done
  shift
  "${timer[@]}" "$bin" run --family reduce --cluster platform --algorithms tree-dyn --processors "$2" --cv 1 \
    --ratio 0 --replications "$3" --engine "$1" --jobs 1 --output "$4" --quiet
}

# Replications per (engine, n), chosen so that each run lasts a few seconds.
declare -A REPLICATIONS=([model:64]=200000 [model:1024]=20000 [simgrid:64]=20000 [simgrid:1024]=500)

echo "# tree-dyn, cv = 1, ratio = 0, one process (--jobs 1); times include process start-up"
printf '%-8s %6s %13s %9s %19s\n' engine n replications seconds us_per_replication
for engine in model simgrid; do
  for n in 64 1024; do
    r=${REPLICATIONS[$engine:$n]}
    start=$(date +%s.%N)
    tree_dyn -- "$engine" "$n" "$r" "$tmp/bench.csv"
    end=$(date +%s.%N)
    awk -v e="$engine" -v n="$n" -v r="$r" -v s="$start" -v t="$end" \
      'BEGIN { printf "%-8s %6d %13d %9.3f %19.3f\n", e, n, r, t - s, (t - s) / r * 1e6 }'
  done
done

if ((fig4)); then
  echo
  echo "# full Figure 4 scenario: scenarios/rr8315-fig4.ini --jobs 2 (includes start-up)"
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -v -o "$tmp/time.txt" \
      "$bin" run scenarios/rr8315-fig4.ini --jobs 2 --output "$tmp/fig4.csv" --quiet
    awk -F': ' '
      /Elapsed \(wall clock\) time/ { print "elapsed          " $2 }
      /Maximum resident set size/   { printf "max_rss_kbytes   %s\n", $2 }
    ' "$tmp/time.txt"
    echo "# max RSS is that of the largest single process (GNU time -v), not a sum over jobs"
  else
    # GNU time (Debian package `time`) is absent: elapsed time only.
    start=$(date +%s.%N)
    "$bin" run scenarios/rr8315-fig4.ini --jobs 2 --output "$tmp/fig4.csv" --quiet
    end=$(date +%s.%N)
    awk -v s="$start" -v t="$end" 'BEGIN { printf "elapsed_seconds  %.1f\n", t - s }'
    echo "max_rss_kbytes   unknown (install the Debian package time for /usr/bin/time -v)"
  fi
fi

if ((scaling)); then
  if [[ ! -x /usr/bin/time ]]; then
    echo "bench: --scaling needs GNU time (/usr/bin/time, Debian package time)" >&2
    exit 1
  fi
  echo
  echo "# one tree-dyn replication, cv = 1, whole CLI (start-up included); max RSS of the worker"
  echo "| engine | hosts | seconds | max RSS (MB) | bytes per host |"
  echo "|---|---:|---:|---:|---:|"
  for engine in model simgrid; do
    last=20
    [[ "$engine" == simgrid ]] && last=$simgrid_up_to
    for ((e = 6; e <= last; e += 2)); do
      n=$((1 << e))
      tree_dyn /usr/bin/time -f '%e %M' -o "$tmp/scaling.txt" -- "$engine" "$n" 1 "$tmp/scaling.csv"
      read -r seconds kbytes < <(tail -n 1 "$tmp/scaling.txt")
      awk -v e="$engine" -v n="$n" -v s="$seconds" -v k="$kbytes" \
        'BEGIN { printf "| %s | 2^%d | %.2f | %.0f | %.0f |\n", e, log(n) / log(2), s, k / 1024, k * 1024 / n }'
    done
  done
fi

if ((references)); then
  cmake --build build --target minimal_model_tree_dyn minimal_simgrid_tree_dyn >"$tmp/references-build.log" 2>&1 || {
    cat "$tmp/references-build.log" >&2
    echo "bench: could not build the reference programs" >&2
    exit 1
  }
  [[ -x /usr/bin/time ]] || { echo "bench: --references needs GNU time (/usr/bin/time, package time)" >&2; exit 1; }
  echo
  echo "# hetcoll vs the hand-written yardsticks (bench/minimal_*_tree_dyn.cpp): tree-dyn, cv = 1, seed 1,"
  echo "# whole processes (start-up included), back to back; CPU time = user + system of the process and"
  echo "# its children (GNU time), which a loaded machine disturbs far less than wall time; ratio = hetcoll / minimal"
  printf '%-8s %6s %13s %11s %11s %9s %10s %10s\n' engine n replications hetcoll_us minimal_us cpu_ratio wall_ratio same_mean
  timed() {  # FILE COMMAND...: runs COMMAND under GNU time, "wall user system" into FILE
    local out=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$out" "$@"
  }
  for engine in model simgrid; do
    for n in 64 1024; do
      r=${REPLICATIONS[$engine:$n]}
      tree_dyn /usr/bin/time -f "%e %U %S" -o "$tmp/hetcoll.time" -- "$engine" "$n" "$r" "$tmp/references.csv"
      if [[ "$engine" == model ]]; then
        timed "$tmp/minimal.time" build/minimal_model_tree_dyn "$n" "$r" 1 1 >"$tmp/minimal.txt"
      else
        # The platform file is the yardstick's input, not its work: written before it is timed.
        "$bin" platform "$n" --output "$tmp/platform-$n.xml"
        timed "$tmp/minimal.time" build/minimal_simgrid_tree_dyn "$tmp/platform-$n.xml" "$r" 1 1 >"$tmp/minimal.txt"
      fi
      same=n/a
      if [[ "$engine" == model ]]; then
        # The CSV's `mean` column against the yardstick's mean_makespan, compared as text.
        csv_mean=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "mean") c = i } NR == 2 { print $c }' \
          "$tmp/references.csv")
        minimal_mean=$(awk '{ for (i = 1; i < NF; ++i) if ($i == "mean_makespan") print $(i + 1) }' "$tmp/minimal.txt")
        same=no
        [[ -n "$csv_mean" && "$csv_mean" == "$minimal_mean" ]] && same=yes
      fi
      read -r hw hu hs <"$tmp/hetcoll.time"
      read -r mw mu ms <"$tmp/minimal.time"
      awk -v e="$engine" -v n="$n" -v r="$r" -v hw="$hw" -v hc="$(awk -v u="$hu" -v s="$hs" 'BEGIN { print u + s }')" \
        -v mw="$mw" -v mc="$(awk -v u="$mu" -v s="$ms" 'BEGIN { print u + s }')" -v same="$same" \
        'BEGIN { printf "%-8s %6d %13d %11.3f %11.3f %9.2f %10.2f %10s\n", e, n, r, hc / r * 1e6, mc / r * 1e6,
                 hc / mc, hw / mw, same }'
    done
  done
fi

if ((mpi)); then
  echo
  echo "# RR-8315 Figure 4, 100,000 replications, build/hetcoll-mpi --jobs 1 per rank (includes start-up and merge)"
  [[ -x build/hetcoll-mpi ]] || { echo "bench: build/hetcoll-mpi not built (no MPI found)" >&2; exit 1; }
  cpus=$(nproc)
  printf '%5s %9s %8s %11s\n' ranks seconds speedup efficiency
  t1=""
  for ranks in 1 2 4 8 16; do
    if ((ranks > cpus)); then
      printf '%5d %9s %8s %11s\n' "$ranks" "-" "-" "(skipped: $cpus usable CPUs)"
      continue
    fi
    start=$(date +%s.%N)
    mpirun --allow-run-as-root -n "$ranks" build/hetcoll-mpi scenarios/rr8315-fig4.ini --replications 100000 --jobs 1 \
      --output "$tmp/mpi$ranks.csv" --quiet </dev/null
    end=$(date +%s.%N)
    if ((ranks > 1)) && ! cmp -s "$tmp/mpi1.csv" "$tmp/mpi$ranks.csv"; then
      echo "bench: $ranks ranks wrote other bytes than 1 rank" >&2
      exit 1
    fi
    t=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }')
    [[ -n $t1 ]] || t1=$t
    awk -v r="$ranks" -v t="$t" -v t1="$t1" 'BEGIN { printf "%5d %9.2f %8.2f %10.0f%%\n", r, t, t1 / t, 100 * t1 / (r * t) }'
  done
fi

if ((sharing)); then
  if [[ ! -x /usr/bin/time ]]; then
    echo "bench: --sharing needs GNU time (/usr/bin/time, Debian package time)" >&2
    exit 1
  fi
  # cpu_seconds ARGS...: the CPU time (user + system) of `hetcoll run ARGS`.
  cpu_seconds() {
    /usr/bin/time -f '%U %S' -o "$tmp/cpu.txt" "$bin" run "$@" --jobs 1 --quiet --output "$tmp/sharing.csv"
    awk '{ print $1 + $2 }' "$tmp/cpu.txt"
  }
  # sharing_case NAME R1 R2 ARGS...: one row per engine.
  sharing_case() {
    local name=$1 r1=$2 r2=$3 c1 c2 model simgrid
    shift 3
    for engine in model simgrid; do
      c1=$(cpu_seconds "$@" --engine "$engine" --replications "$r1")
      c2=$(cpu_seconds "$@" --engine "$engine" --replications "$r2")
      printf -v "$engine" '%s' "$(awk -v a="$c1" -v b="$c2" -v r1="$r1" -v r2="$r2" \
        'BEGIN { printf "%.3f", (b - a) / (r2 - r1) * 1e6 }')"
    done
    awk -v n="$name" -v m="$model" -v s="$simgrid" 'BEGIN {
      printf "%-20s %-8s %19.1f %14.1f\n", n, "model", m, s / m
      printf "%-20s %-8s %19.1f %14s\n", n, "simgrid", s, "" }'
  }
  echo
  echo "# shared links: CPU per replication from two runs of R1 and R2 replications, one process each"
  printf '%-20s %-8s %19s %14s\n' case engine us_per_replication model_speedup
  sharing_case two-rack-reduce 2000 20000 --family reduce --platform platforms/two-racks.xml --cv 0.3 \
    --algorithms "tree-dyn binomial-stat"
  sharing_case two-rack-broadcast 10 60 --family broadcast --platform platforms/two-racks.xml --message 8388608 \
    --cv 0.3
  sharing_case backbone-1024-flows 5 45 --family redistribute --algorithms all-at-once --senders 32 --receivers 32 \
    --edges 1024
fi

if ((goal)); then
  if [[ ! -x /usr/bin/time ]]; then
    echo "bench: --goal needs GNU time (/usr/bin/time, Debian package time)" >&2
    exit 1
  fi
  echo "# writing the 2^20-rank binomial broadcast as GOAL (scripts/goal_schedules.py)" >&2
  python3 scripts/goal_schedules.py binomial-bcast 1048576 --size 1024 --output "$tmp/bcast.goal"
  for i in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$tmp/goal.$i" "$bin" run --family schedule --goal "$tmp/bcast.goal" \
      --engine model --replications 1 --jobs 1 --quiet --output "$tmp/goal.csv"
    tree_dyn /usr/bin/time -f '%e %M' -o "$tmp/yardstick.$i" -- model 1048576 1 "$tmp/yardstick.csv"
  done
  # median COLUMN FILE1 FILE2 FILE3: the median of that column of the three files' last lines.
  median() {
    local column=$1
    shift
    tail -q -n 1 "$@" | awk -v c="$column" '{ print $c }' | sort -g | sed -n 2p
  }
  goal_s=$(median 1 "$tmp"/goal.[123]) goal_kb=$(median 2 "$tmp"/goal.[123])
  yard_s=$(median 1 "$tmp"/yardstick.[123]) yard_kb=$(median 2 "$tmp"/yardstick.[123])
  echo
  echo "# GOAL at scale: whole runs, model engine, one process, medians of 3 (wall time, max RSS)"
  printf '%-26s %8s %15s %11s %13s\n' case seconds max_rss_kbytes time_ratio memory_ratio
  awk -v s="$goal_s" -v k="$goal_kb" -v ys="$yard_s" -v yk="$yard_kb" 'BEGIN {
    printf "%-26s %8.2f %15d %11.2f %13.2f\n", "goal binomial-bcast 2^20", s, k, s / ys, k / yk
    printf "%-26s %8.2f %15d %11s %13s\n", "tree-dyn 2^20 (yardstick)", ys, yk, "1", "1" }'
fi
