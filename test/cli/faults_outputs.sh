#!/usr/bin/env bash
# Fault suite for what hetcoll writes: outputs that clash with inputs or with each other, output
# paths that are directories, devices, links or on a full disk; kill -9 and --resume (with the
# run changed in between or not); SIGINT and SIGTERM; mismatched merges; a worker that dies.
#
# usage: test/cli/faults_outputs.sh path/to/hetcoll      (ctest runs it as cli_faults_outputs)
#
# Every refusal must be exit status 2, one line on stderr, no file created or changed and
# nothing left in TMPDIR (expect_bad_input in lib.sh). Prints `N passed, M failed` last.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# A small model-engine scenario file in DIR: 2 points x 2 algorithms.
write_scenario() {
  cat >"$1/s.ini" <<'EOF'
family = reduce
cluster = platform
algorithms = tree-dyn binomial-stat
processors = 8
cv = 0.5 1
replications = 50
engine = model
quiet = true
EOF
}

# ---- outputs never land on inputs or on each other --------------------------------------
d=$(new_dir); write_scenario "$d"
ARGS=(run s.ini --output s.ini); expect_bad_input "output = the scenario file" "$d"
ARGS=(run s.ini --output "$d/./s.ini"); expect_bad_input "output = the scenario file by another path" "$d"
ln -s s.ini "$d/link.ini"
ARGS=(run s.ini --output link.ini); expect_bad_input "output = a link to the scenario file" "$d"
ARGS=(run s.ini --output o.csv --raw s.ini); expect_bad_input "raw = the scenario file" "$d"
ARGS=(run s.ini --output o.csv --trace s.ini); expect_bad_input "trace = the scenario file" "$d"
ARGS=(run s.ini --output o.csv --raw o.csv); expect_bad_input "raw = output" "$d"
ARGS=(run s.ini --output o.csv --raw r.csv --trace r.csv); expect_bad_input "trace = raw" "$d"
ARGS=(run s.ini --raw -); expect_bad_input "raw and output both standard output" "$d"
ARGS=(run s.ini --output o.csv --raw o.csv.manifest.json); expect_bad_input "raw = the output's manifest" "$d"

d=$(new_dir); write_two_host_platform "$d/two.xml"
small_run "$d" engine simgrid platform two.xml processors 2 output two.xml
expect_bad_input "output = the platform file" "$d"
small_run "$d" engine simgrid platform two.xml processors 2 output o.csv
ARGS+=(--raw two.xml); expect_bad_input "raw = the platform file" "$d"

d=$(new_dir); cp "$REPO/platforms/grid5000-88-latency.csv" "$d/lat.csv"
ARGS=(run --family broadcast --algorithms flat --costs platform --rho 0.3 --clusters 6 --latency-file lat.csv
  --message 1024 --replications 1 --engine model --quiet --output lat.csv)
expect_bad_input "output = the broadcast latency file" "$d"

# ---- output paths of the wrong kind ------------------------------------------------------
d=$(new_dir); write_scenario "$d"; mkdir "$d/sub"
ARGS=(run s.ini --output sub); expect_bad_input "output is a directory (found before the run)" "$d"
ARGS=(run s.ini --output o.csv --trace sub); expect_bad_input "trace is a directory" "$d"
ARGS=(run s.ini --output missing/o.csv); expect_bad_input "output in a missing directory" "$d"
ARGS=(run s.ini --output /dev/full); expect_bad_input "output /dev/full (no space)" "$d"
ARGS=(run "$d"); expect_bad_input "a directory as the scenario file" "$d"

d=$(new_dir); write_scenario "$d"
(cd "$d" && hetcoll run s.ini --output /dev/null)
check "output /dev/null runs and stays a device" test $? -eq 0 -a -c /dev/null
check "no manifest is written beside a device" test ! -e /dev/null.manifest.json

d=$(new_dir); write_scenario "$d"; echo old >"$d/target.csv"; ln -s target.csv "$d/link.csv"
(cd "$d" && hetcoll run s.ini --output link.csv)
check "an output link stays a link and its target gets the CSV" \
  test -L "$d/link.csv" -a "$(head -c 9 "$d/target.csv")" = "algorithm"

# A full disk: a small tmpfs (root only; skipped, not passed, elsewhere).
full=$tmp/full
if mkdir -p "$full" && mount -t tmpfs -o size=16k tmpfs "$full" 2>/dev/null; then
  trap 'umount "$full" 2>/dev/null; rm -rf "$tmp"' EXIT
  write_scenario "$full"
  printf 'old content\n' >"$full/keep.csv"
  head -c 12000 /dev/zero >"$full/filler" 2>/dev/null
  ARGS=(run s.ini --processors 8 --cv "0.1 0.2 0.5 1 2 3" --replications 400 --output keep.csv --raw raw.csv)
  expect_bad_input "a full disk: exit 2, the old output kept whole" "$full"
  ARGS=(platform 200 --output keep.csv)
  expect_bad_input "hetcoll platform on a full disk keeps the old file" "$full"
  grep -q "No space left" "$tmp/stderr" && pass "... and says no space is left" || fail "platform, full disk" "$(excerpt)"
  umount "$full"
  trap 'rm -rf "$tmp"' EXIT
else
  echo "skip  full-disk cases (mounting a tmpfs needs root)"
fi

# The disk filling at every stage of a run's end (checkpoint, trace, output, manifest): each
# failure is one line, and the old output and its manifest stay as they were (the manifest is
# written before any output is renamed into place); only a checkpoint of finished points stays.
stages=$tmp/stages
mkdir -p "$stages"
if mount -t tmpfs -o size=64k tmpfs "$stages" 2>/dev/null; then
  trap 'umount "$stages" 2>/dev/null; rm -rf "$tmp"' EXIT
  write_scenario "$tmp"
  bad=""
  failures=0
  for kib in $(seq 30 2 62); do
    rm -rf "${stages:?}"/*
    echo old >"$stages/o.csv"
    echo '{"old": 1}' >"$stages/o.csv.manifest.json"
    head -c $((kib * 1024)) /dev/zero >"$stages/filler" 2>/dev/null
    (cd "$stages" && hetcoll run "$tmp/s.ini" --output o.csv --trace t.csv)
    status=$?
    ((status == 0)) && continue
    failures=$((failures + 1))
    left=$(ls -A "$stages" | grep -v -x -e filler -e o.csv -e o.csv.manifest.json -e o.csv.partial | tr '\n' ' ')
    if ((status != 2)) || (($(count_lines "$tmp/stderr") != 1)) || [[ $(cat "$stages/o.csv") != old ]] ||
      [[ $(cat "$stages/o.csv.manifest.json") != '{"old": 1}' ]] || [[ -n $left ]] || ! grep -q "No space left" "$tmp/stderr"; then
      bad+="$kib KiB filled: exit $status, left: $left, stderr: $(excerpt); "
    fi
  done
  if [[ -z $bad ]] && ((failures > 0)); then
    pass "a disk filling at any stage ($failures of 17 fill levels fail): one line, old files kept"
  else
    fail "a disk filling at any stage" "${bad:-no fill level made the run fail}"
  fi
  umount "$stages"
  trap 'rm -rf "$tmp"' EXIT
else
  echo "skip  a disk filling at any stage (mounting a tmpfs needs root)"
fi

# ---- TMPDIR missing, read-only or full -----------------------------------------------------
# Each refusal names TMPDIR and the system's reason, and leaves nothing behind.
# expect_in_tmpdir DIR NAME REASON: expect_bad_input on "$d" with TMPDIR=DIR for the run, and a
# line naming TMPDIR and REASON.
expect_in_tmpdir() {
  local saved=$TMPDIR
  export TMPDIR=$1
  expect_bad_input "$2" "$d" 2>/dev/null
  TMPDIR=$saved
  grep -qi "TMPDIR '$1'.*$3" "$tmp/stderr" && pass "... naming TMPDIR and why" ||
    fail "$2" "the line does not name TMPDIR and '$3': $(excerpt)"
}
d=$(new_dir); write_scenario "$d"
ARGS=(run s.ini --output o.csv); expect_in_tmpdir "$tmp/missing" "TMPDIR missing" "No such file"
ARGS=(cluster "$REPO/platforms/grid5000-88-latency.csv"); expect_in_tmpdir "$tmp/missing" "TMPDIR missing (cluster)" "No such file"
small=$tmp/small-tmpdir
mkdir -p "$small"
if mount -t tmpfs -o size=16k tmpfs "$small" 2>/dev/null; then
  trap 'umount "$small" 2>/dev/null; rm -rf "$tmp"' EXIT
  head -c 8000 /dev/zero >"$small/filler"
  ARGS=(run s.ini --output o.csv --replications 3000 --block 1000)
  expect_in_tmpdir "$small" "TMPDIR full (a worker's results)" "No space left"
  ARGS=(run s.ini --output o.csv --replications 3000 --block 1000 --raw -)
  expect_in_tmpdir "$small" "TMPDIR full (raw to a stream)" "No space left"
  check "... and the filler is all a full TMPDIR holds" test "$(ls -A "$small")" = filler
  mount -o remount,ro "$small"
  ARGS=(run s.ini --output o.csv); expect_in_tmpdir "$small" "TMPDIR read-only" "Read-only"
  umount "$small"
  trap 'rm -rf "$tmp"' EXIT
else
  echo "skip  full and read-only TMPDIR cases (mounting a tmpfs needs root)"
fi

d=$(new_dir); echo '<platform/>' >"$d/old.xml"d=$(new_dir); echo '<platform/>' >"$d/old.xml"
ARGS=(platform 4 --output /dev/full); expect_bad_input "hetcoll platform to /dev/full" "$d"
grep -q "No space left" "$tmp/stderr" && pass "... says no space is left" || fail "platform to /dev/full" "$(excerpt)"
check "hetcoll platform --output /dev/stdout on a pipe writes to the pipe" \
  test "$(cd "$d" && "$bin" platform 4 --output /dev/stdout | grep -c '<host ')" = 4
ARGS=(platform 4 --output "$d"); expect_bad_input "hetcoll platform to a directory" "$d"
ARGS=(platform 4 5 --output p.xml); expect_bad_input "hetcoll platform with two host counts" "$d"
ARGS=(platform 4 --output p.xml --output q.xml); expect_bad_input "hetcoll platform with two outputs" "$d"
ARGS=(platform 4 --bogus); expect_bad_input "hetcoll platform with an unknown option" "$d"
ARGS=(platform 4294967297 --output p.xml); expect_bad_input "hetcoll platform with too many hosts" "$d"
small_run "$d" engine simgrid platform "$d"; expect_bad_input "a directory as platform" "$d"

# ---- empty paths, a checkpoint path taken, a removed output directory ----------------------
d=$(new_dir); write_scenario "$d"
ARGS=(run s.ini --output ''); expect_bad_input "output = '' (an empty path)" "$d"
ARGS=(merge s.ini --output ''); expect_bad_input "merge --output ''" "$d"
ARGS=(merge '' --output m.csv); expect_bad_input "merge of a part ''" "$d"
mkdir "$d/o.csv.partial"
ARGS=(run s.ini --output o.csv); expect_bad_input "OUTPUT.partial is a directory" "$d"
ARGS=(run s.ini --output o.csv --resume); expect_bad_input "OUTPUT.partial is a directory, with --resume" "$d"

# ---- GOAL exports (export-goal) ------------------------------------------------------------
d=$(new_dir)
small_run "$d" algorithms "binomial-stat fibonacci-stat"; ARGS+=(--export-goal plan.goal)
expect_bad_input "export-goal: two algorithms' plans in one file (no {algorithm})" "$d"
small_run "$d" algorithms binomial-stat processors "4 8"; ARGS+=(--export-goal 'plan-{algorithm}.goal')
expect_bad_input "export-goal: two points' plans in one file (no {point})" "$d"
small_run "$d" algorithms binomial-stat; ARGS+=(--export-goal -); expect_bad_input "export-goal on standard output" "$d"
small_run "$d" algorithms binomial-stat; ARGS+=(--export-goal ''); expect_bad_input "export-goal = '' (an empty path)" "$d"
small_run "$d" algorithms binomial-stat; ARGS+=(--export-goal out.csv)
expect_bad_input "export-goal on the output" "$d"
small_run "$d" algorithms binomial-stat processors "$(seq -s " " 2 259)"; ARGS+=(--export-goal 'p{point}.goal')
expect_bad_input "export-goal of more than 256 (point, algorithm) pairs" "$d"
ARGS=(run --family broadcast --algorithms flat --clusters 4 --replications 2 --engine model --quiet --output o.csv
  --export-goal plan.goal)
expect_bad_input "export-goal of a plan with rate caps (broadcast, costs = random)" "$d"
grep -q "capped at" "$tmp/stderr" && pass "... the refusal says why" || fail "rate caps" "$(excerpt)"
ARGS=(run --family redistribute --algorithms ggp --senders 2 --receivers 3 --k 2 --weight-max 5 --uncapped 1
  --replications 2 --engine model --quiet --output o.csv --export-goal plan.goal)
expect_bad_input "export-goal of a plan whose dependency no host of its operation takes part in (step barriers)" "$d"
grep -q "the plan of ggp at point .* waits for operation" "$tmp/stderr" && pass "... the refusal names the plan" ||
  fail "step barriers" "$(excerpt)"

# ---- file names that are not UTF-8 ---------------------------------------------------------
# The manifest holds them as escaped bytes (docs/outputs.md): a run, a rerun from its manifest,
# a merge and a resume (the SIGINT case below) work with them end to end.
d=$(new_dir); write_scenario "$d"; mv "$d/s.ini" "$d/s"$'\xff'".ini"
(cd "$d" && hetcoll run "s"$'\xff'".ini" --output "o"$'\xfe'".csv" --raw "r"$'\xfd'".csv")
check "a scenario, output and raw named in Latin-1 run (exit 0)" test $? -eq 0
check "... and leave no checkpoint" test ! -e "$d/o"$'\xfe'".csv.partial"
check "... and the manifest is JSON with the names escaped" \
  python3 -c 'import json,sys; m=json.load(open(sys.argv[1], encoding="utf-8")); sys.exit(not m["files"]["output"].endswith("o\\xfe.csv"))' \
  "$d/o"$'\xfe'".csv.manifest.json"
(cd "$d" && hetcoll run "o"$'\xfe'".csv.manifest.json" --output "p"$'\xfe'".csv")
check "... and the manifest reruns to the same CSV" cmp -s "$d/o"$'\xfe'".csv" "$d/p"$'\xfe'".csv"
(cd "$d" && for i in 0 1; do
  hetcoll run "s"$'\xff'".ini" --block 10 --shard "$i/2" --output "part"$'\xfe'"$i.csv" --raw "r"$'\xfc'".csv"; done
  hetcoll merge "part"$'\xfe'"0.csv" "part"$'\xfe'"1.csv" --output m.csv)
check "... and shards so named merge into the single run's CSV" cmp -s "$d/o"$'\xfe'".csv" "$d/m.csv"
check "... and raw file" cmp -s "$d/r"$'\xfd'".csv" "$d/r"$'\xfc'".csv"

# ---- hetcoll cluster on a platform too large to ping ------------------------------------------
# Every pair is pinged: memory grows with the square of the hosts, refused before the engine is
# built, naming the file and the host count, within the machine's memory or under a ulimit.
d=$(new_dir)
"$bin" platform 65536 --output "$d/big.xml"
ARGS=(cluster big.xml); expect_bad_input "hetcoll cluster on 65,536 hosts" "$d"
grep -q "big.xml: .*65536 hosts needs about" "$tmp/stderr" && pass "... names the file and the host count" ||
  fail "cluster on 65,536 hosts" "$(excerpt)"
"$bin" platform 2048 --output "$d/mid.xml"
(cd "$d" && ulimit -v 1000000 && exec timeout "$LIMIT" "$bin" cluster mid.xml) >/dev/null 2>"$tmp/stderr"
status=$?
if ((status == 2)) && (($(count_lines "$tmp/stderr") == 1)) && grep -q "mid.xml: .*2048 hosts.* 1.0 GB" "$tmp/stderr"; then
  pass "hetcoll cluster on 2,048 hosts under ulimit -v 1000000 ($(cat "$tmp/stderr"))"
else
  fail "hetcoll cluster under ulimit -v" "exit $status, stderr: $(excerpt)"
fi

# ---- kill -9, then --resume --------------------------------------------------------------
# A run long enough to be killed after its first points (about 10 s on 2 cores).
long=(run --family reduce --cluster platform --algorithms "binomial-stat fibonacci-stat tree-dyn non-commut-tree-dyn"
  --processors 64 --cv "0.1 0.3 1 3" --ratio "0 1" --replications 40000 --engine model --jobs 2 --quiet)
d=$(new_dir)
(cd "$d" && hetcoll "${long[@]}" --output full.csv --raw full-raw.csv --trace full-trace.csv)
reference=$d/full.csv
# wait_for_points FILE N: until the checkpoint holds N whole points (or 60 s).
wait_for_points() {
  local i
  for ((i = 0; i < 600; i++)); do
    [[ -f $1 ]] && (($(grep -c '^@end ' "$1") >= $2)) && return 0
    sleep 0.1
  done
  return 1
}
(cd "$d" && exec "$bin" "${long[@]}" --output o.csv --raw raw.csv --trace trace.csv) 2>/dev/null &
pid=$!
wait_for_points "$d/o.csv.partial" 1
kill -9 "$pid"
wait "$pid" 2>/dev/null
# Workers stop when they see their parent gone: up to 5 s on a loaded machine.
for ((i = 0; i < 100; i++)); do [[ -z $(pgrep -f "$d") ]] && break; sleep 0.05; done
check "kill -9 of the parent stops its workers" test -z "$(pgrep -f "$d" 2>/dev/null)"
printf 'tree-dyn,64,3,1,40000,3.1' >>"$d/o.csv.partial"   # a row cut inside a number

for change in "--seed 2" "--replications 30000" "--algorithms tree-dyn" "--ratio 0"; do
  # shellcheck disable=SC2206  # two words on purpose
  ARGS=("${long[@]}" --output o.csv --raw raw.csv --trace trace.csv --resume $change)
  expect_bad_input "--resume after a change ($change) is refused" "$d"
done
grep -q "key 'seed'" <(cd "$d" && "$bin" "${long[@]}" --output o.csv --raw raw.csv --trace trace.csv --resume \
  --seed 2 2>&1) && pass "the refusal names the key that changed" || fail "refusal" "does not name key 'seed'"
ARGS=("${long[@]}" --output o.csv --raw raw.csv --trace trace.csv)
expect_bad_input "a run without --resume does not overwrite a checkpoint" "$d"

(cd "$d" && hetcoll "${long[@]}" --output o.csv --raw raw.csv --trace trace.csv --resume)
check "--resume after kill -9 exits 0" test $? -eq 0
check "--resume after kill -9 gives the CSV of an uninterrupted run" cmp -s "$d/full.csv" "$d/o.csv"
check "... and its raw file" cmp -s "$d/full-raw.csv" "$d/raw.csv"
check "... and its trace file" cmp -s "$d/full-trace.csv" "$d/trace.csv"
check "... and removes the killed run's temporary files and checkpoint" \
  test -z "$(ls -A "$d" | grep -E 'tmp|partial')"
check "... and its work directory" test -z "$(ls -A "$TMPDIR")"

# ---- the output directory removed during a run -------------------------------------------
# The output directory removed while the run goes on: the checkpoint went with it, so the
# line must not say that points are saved.
d=$(new_dir); mkdir "$d/out"
(cd "$d" && exec "$bin" "${long[@]}" --output out/o.csv --raw out/r.csv) 2>"$tmp/stderr" &
pid=$!
wait_for_points "$d/out/o.csv.partial" 1
rm -rf "$d/out"
wait "$pid"
status=$?
if ((status == 2)) && (($(count_lines "$tmp/stderr") == 1)) && ! grep -q "are saved\|is saved in" "$tmp/stderr" &&
  grep -q "o.csv.partial was removed" "$tmp/stderr"; then
  pass "the output directory removed during the run: exit 2, nothing said saved ($(cat "$tmp/stderr"))"
else
  fail "output directory removed during the run" "exit $status, stderr: $(excerpt)"
fi
check "... and nothing is left in TMPDIR" test -z "$(ls -A "$TMPDIR")"

# ---- kill -9 before a point is saved, then a plain run ------------------------------------
# Nothing to resume: the next run that writes the same outputs removes what the killed one left
# beside them and in TMPDIR (its temporaries are locked while it lives; owned_temporary.hpp).
d=$(new_dir)
slow=(run --family reduce --cluster platform --algorithms tree-dyn --processors 64 --cv 1 --replications 50000000
  --engine model --jobs 2 --quiet)
(cd "$d" && exec "$bin" "${slow[@]}" --output o.csv --raw raw.csv --trace trace.csv) 2>/dev/null &
pid=$!
# Killed once the run has made all it makes before its first point: the manifest's temporary is
# the last one beside the outputs, then its work directory in TMPDIR (named hetcoll.<host>.*;
# another name there is not this run's). Up to 60 s on a loaded machine.
started=no
for ((i = 0; i < 1200; i++)); do
  if [[ -n $(find "$d" -maxdepth 1 -name 'o.csv.manifest.json.tmp.*' 2>/dev/null) &&
        -n $(find "$TMPDIR" -maxdepth 1 -name 'hetcoll.*' 2>/dev/null) ]]; then
    started=yes
    break
  fi
  sleep 0.05
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
for ((i = 0; i < 100; i++)); do [[ -z $(pgrep -f "$d") ]] && break; sleep 0.05; done
left_beside=$(ls -A "$d" | grep -E 'tmp|spool' | tr '\n' ' ')
left_in_tmpdir=$(find "$TMPDIR" -maxdepth 1 -name 'hetcoll.*')
if [[ $started == yes && -n $left_beside && ! -e $d/o.csv.partial && -n $left_in_tmpdir ]]; then
  pass "kill -9 before the first point: temporaries left, no checkpoint"
else
  fail "kill -9 before the first point: temporaries left, no checkpoint" \
    "started: $started; beside: $left_beside; in TMPDIR: $(ls -A "$TMPDIR" | tr '\n' ' ')"
fi
(cd "$d" && hetcoll "${slow[@]/50000000/2000}" --output o.csv --raw raw.csv --trace trace.csv)
check "the next run exits 0" test $? -eq 0
check "... and leaves only its outputs: the killed run's temporaries are gone" \
  test "$(ls -A "$d" | tr '\n' ' ')" = "o.csv o.csv.manifest.json raw.csv trace.csv "
check "... and so is its work directory" test -z "$(ls -A "$TMPDIR")"

# ---- a file system without locks ----------------------------------------------------------
# flock() fails there (ENOLCK): the run still writes its outputs, unlocked temporaries and all,
# and removes nothing it cannot tell abandoned (here, a temporary of its own output's pattern).
if [[ -n ${HETCOLL_FLOCK_UNSUPPORTED:-} ]]; then
  d=$(new_dir)
  other="o.csv.tmp.$(hostname | tr -c 'A-Za-z0-9._\n-' '_').AbCdEf"
  touch "$d/$other"
  (cd "$d" && LD_PRELOAD=$HETCOLL_FLOCK_UNSUPPORTED hetcoll "${slow[@]/50000000/2000}" --output o.csv --raw raw.csv)
  check "without locks, a run exits 0" test $? -eq 0
  check "... writes its outputs and leaves the unknown temporary alone" \
    test "$(ls -A "$d" | tr '\n' ' ')" = "o.csv o.csv.manifest.json $other raw.csv "
  check "... and its work directory is gone" test -z "$(ls -A "$TMPDIR")"
else
  fail "a file system without locks" "HETCOLL_FLOCK_UNSUPPORTED is not set (ctest sets it)"
fi

# ---- SIGINT and SIGTERM ------------------------------------------------------------------
for signal in INT TERM; do
  d=$(new_dir)
  # SIGINT's run has a name that is not UTF-8: its checkpoint's header holds it, escaped.
  [[ $signal == INT ]] && o="o"$'\xfe'".csv" || o=o.csv
  (cd "$d" && exec "$bin" "${long[@]}" --output "$o") 2>"$tmp/stderr" &
  pid=$!
  wait_for_points "$d/$o.partial" 1
  kill -s "$signal" "$pid"
  wait "$pid"
  status=$?
  [[ $signal == INT ]] && expected=130 || expected=143
  if ((status == expected)) && (($(count_lines "$tmp/stderr") == 1)) && grep -q -- --resume "$tmp/stderr"; then
    pass "SIG$signal: exit $expected, one line saying how to resume ($(cat "$tmp/stderr"))"
  else
    fail "SIG$signal" "exit $status, stderr: $(excerpt)"
  fi
  check "SIG$signal: the checkpoint stays, nothing else is left" \
    test "$(ls -A "$d")" = "$o.partial" -a -z "$(ls -A "$TMPDIR")"
  check "SIG$signal to the parent alone stops its workers" test -z "$(pgrep -f "$d" 2>/dev/null)"
  (cd "$d" && hetcoll "${long[@]}" --output "$o" --resume)
  check "SIG$signal then --resume gives the uninterrupted CSV" cmp -s "$d/$o" "$reference"
done

# ---- a worker that dies ------------------------------------------------------------------
d=$(new_dir)
(cd "$d" && exec "$bin" "${long[@]}" --output o.csv) 2>"$tmp/stderr" &
pid=$!
for ((i = 0; i < 300; i++)); do
  worker=$(pgrep -P "$pid" | head -n 1)
  [[ -n $worker ]] && break
  sleep 0.05
done
kill -SEGV "$worker" 2>/dev/null
wait "$pid"
status=$?
if ((status == 2)) && (($(count_lines "$tmp/stderr") == 1)) && grep -q "work unit at point" "$tmp/stderr"; then
  pass "a worker killed by SIGSEGV: exit 2, one line naming the work unit ($(cat "$tmp/stderr"))"
else
  fail "dead worker" "exit $status, stderr: $(excerpt)"
fi
check "a dead worker leaves no output, temporary file or work directory" \
  test -z "$(ls -A "$d" | grep -v partial)" -a -z "$(ls -A "$TMPDIR" | grep -v hetcoll-failure)"
rm -f "$TMPDIR"/hetcoll-failure.*

# ---- merge -------------------------------------------------------------------------------
d=$(new_dir)
base=(run --family reduce --cluster platform --processors 8 --cv "0.2 0.5 1" --engine model --quiet)
(cd "$d" && for i in 0 1 2; do hetcoll "${base[@]}" --replications 60 --shard "$i/3" --output "p$i.csv" --raw r.csv; done
  hetcoll "${base[@]}" --replications 60 --shard 1/3 --output seed.csv --seed 9 --raw seed-r.csv
  hetcoll "${base[@]}" --replications 61 --shard 1/3 --output reps.csv --raw reps-r.csv
  hetcoll "${base[@]}" --replications 60 --shard 1/3 --output algs.csv --algorithms tree-dyn --raw algs-r.csv
  hetcoll "${base[@]}" --replications 60 --shard 1/2 --output two.csv --raw two-r.csv
  hetcoll "${base[@]}" --replications 60 --shard 1/3 --output noraw.csv
  hetcoll "${base[@]}" --replications 60 --output single.csv --raw single-raw.csv)
ARGS=(merge p0.csv seed.csv p2.csv --output m.csv); expect_bad_input "merge: a part of another seed" "$d"
ARGS=(merge p0.csv reps.csv p2.csv --output m.csv); expect_bad_input "merge: another replication count" "$d"
ARGS=(merge p0.csv algs.csv p2.csv --output m.csv); expect_bad_input "merge: another algorithm list" "$d"
ARGS=(merge p0.csv two.csv p2.csv --output m.csv); expect_bad_input "merge: another shard count" "$d"
ARGS=(merge p0.csv p2.csv --output m.csv); expect_bad_input "merge: a missing shard" "$d"
ARGS=(merge p0.csv p1.csv p1.csv p2.csv --output m.csv); expect_bad_input "merge: a shard twice" "$d"
ARGS=(merge p0.csv noraw.csv p2.csv --output m.csv); expect_bad_input "merge: a part without raw" "$d"
ARGS=(merge p0.csv p1.csv p2.csv --output p1.csv); expect_bad_input "merge: output = a part" "$d"
ARGS=(merge p0.csv p1.csv p2.csv --output m.csv --raw r.shard-0-of-3.csv)
expect_bad_input "merge: raw = a part's raw file" "$d"
ARGS=(merge p0.csv p1.csv p2.csv --output m.csv --bogus); expect_bad_input "merge: an unknown option" "$d"
cp "$d/p1.csv" "$d/orphan.csv"
ARGS=(merge p0.csv orphan.csv p2.csv --output m.csv); expect_bad_input "merge: a part without its manifest" "$d"
cp "$d/r.shard-1-of-3.csv" "$d/saved-raw"
sed -i '2s/,[^,]*$/,0.5/' "$d/r.shard-1-of-3.csv"
ARGS=(merge p0.csv p1.csv p2.csv --output m.csv); expect_bad_input "merge: a raw part changed since its run" "$d"
mv "$d/saved-raw" "$d/r.shard-1-of-3.csv"
(cd "$d" && hetcoll merge p0.csv p1.csv p2.csv --output m.csv --raw m-raw.csv)
check "merge of every shard gives the single run's CSV" cmp -s "$d/single.csv" "$d/m.csv"
check "... and its raw file" cmp -s "$d/single-raw.csv" "$d/m-raw.csv"
check "... with the single run's identity hash" \
  test "$(grep -m1 '"hash"' "$d/single.csv.manifest.json")" = "$(grep -m1 '"hash"' "$d/m.csv.manifest.json")"

# ---- a manifest reruns ---------------------------------------------------------------------
d=$(new_dir)
(cd "$d" && hetcoll run --family reduce --algorithms "snf optimal" --times 10,5,5,5,4,2,2 --replications 3 \
  --engine model --quiet --output a.csv)
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["scenario"], end="")' "$d/a.csv.manifest.json" \
  >"$d/rerun.ini"
(cd "$d" && hetcoll run rerun.ini --quiet --output b.csv)
check "the manifest's scenario reruns to the same CSV" cmp -s "$d/a.csv" "$d/b.csv"
(cd "$d" && hetcoll run a.csv.manifest.json --quiet --output c.csv)
check "hetcoll run OUTPUT.manifest.json reruns to the same CSV" cmp -s "$d/a.csv" "$d/c.csv"
# An input the manifest's run read, changed since: refused, naming it, unless named again.
d=$(new_dir); cp "$REPO/platforms/grid5000-88-latency.csv" "$d/lat.csv"
bcast=(run --family broadcast --algorithms flat --costs platform --rho 0.3 --clusters 6 --message 1024
  --replications 2 --engine model --quiet)
(cd "$d" && hetcoll "${bcast[@]}" --latency-file lat.csv --output a.csv)
sed -i '$s/[0-9]$/9/' "$d/lat.csv"
ARGS=(run a.csv.manifest.json --output b.csv); expect_bad_input "a manifest rerun after its input changed" "$d"
grep -q "key 'latency-file': '$d/lat.csv' changed" "$tmp/stderr" && pass "... the refusal names the input" ||
  fail "changed input" "the refusal does not name it: $(excerpt)"
(cd "$d" && hetcoll run a.csv.manifest.json --output b.csv --latency-file lat.csv)
check "... and giving its key again runs on it as it is now" test $? -eq 0 -a -s "$d/b.csv"
# A scenario read from a pipe: the manifest has the SHA-256 of what was read, and reruns.
write_scenario "$d"
(cd "$d" && hetcoll run /dev/stdin --output p.csv <s.ini)
check "a scenario on /dev/stdin: the manifest has its SHA-256" \
  grep -q "\"sha256\": \"$(sha256sum <"$d/s.ini" | cut -d' ' -f1)\"" "$d/p.csv.manifest.json"
(cd "$d" && hetcoll run p.csv.manifest.json --output q.csv)
check "... and reruns to the same CSV" cmp -s "$d/p.csv" "$d/q.csv"
echo '{"format": "something else"}' >"$d/other.json"
ARGS=(run other.json --output d.csv); expect_bad_input "a JSON file that is no hetcoll manifest" "$d"

finish
