#!/usr/bin/env bash
# Bad values caught at parse time (issue "Trust every number", items 5, 8, 13 and the unclear
# errors), on every family where they apply: each case must exit with status 2, one line on
# stderr, and no file created or changed (lib.sh's expect_bad_input). Also the values that must
# be accepted: the largest seed, a UTF-8 byte order mark, seeds 2^53 and 2^53 + 1 (different
# results), -0 and 0 (the same results).
#
# usage: test/cli/faults_inputs.sh path/to/hetcoll
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# family_run DIR FAMILY ALGORITHM [--KEY VALUE]...: a small valid model-engine run of FAMILY.
family_run() {
  local dir=$1 family=$2 algorithm=$3
  shift 3
  small_run "$dir" family "$family" cluster "" algorithms "$algorithm" processors "" cv "" ratio "" replications 4
  ARGS+=("$@")
}

# expect_ok NAME: runs `hetcoll ARGS` and checks exit status 0.
expect_ok() {
  if hetcoll "${ARGS[@]}"; then pass "$1"; else fail "$1" "exit status $? (stderr: $(excerpt))"; fi
}

# ---- item 5: amounts no engine can carry -------------------------------------------------
d=$(new_dir); small_run "$d" processors 4 cv 0 engine simgrid; ARGS+=(--comm-mean 1e13)
expect_bad_input "reduce --comm-mean 1e13 on SimGrid (ran in 0 s)" "$d"
d=$(new_dir); small_run "$d" processors 4 cv 1e155
expect_bad_input "reduce --cv 1e155 (gave 1844674407370.955)" "$d"
d=$(new_dir); small_run "$d" processors 4 ratio 1e308
expect_bad_input "reduce --ratio 1e308 (deadlock, exit 0)" "$d"
d=$(new_dir); small_run "$d" cv 1e-155
expect_bad_input "reduce --cv 1e-155 (model engine looped)" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--comm-mean 1e308)
expect_bad_input "reduce --comm-mean 1e308 (model engine looped)" "$d"
d=$(new_dir); small_run "$d" cv 100; ARGS+=(--comm-mean 1e6)
expect_bad_input "reduce comm-mean 1e6 with cv 100 (draws above 2^63)" "$d"
d=$(new_dir); small_run "$d" cv 1; ARGS+=(--message 1e15 --comm-mean 1e4)
expect_bad_input "reduce values of 1e15 B with comm-mean 1e4 (draws above 2^63 bytes)" "$d"
# A value's size no longer follows the file's fastest link (a 1e18 B/s link made draws above 2^63).
d=$(new_dir); write_two_host_platform "$d/fast.xml"; sed -i 's/1e15Bps/1e18Bps/' "$d/fast.xml"
small_run "$d" processors 2 platform "$d/fast.xml"
expect_ok "reduce on a platform file of 1e18 B/s links sends values of the key message, not of the link"
# Key segment cuts the messages of the MPI rows that segment; the other rows run whole, so a
# segment is refused only where no algorithm of the run cuts (it would have no effect at all).
d=$(new_dir); small_run "$d" processors 4 algorithms mpi-linear; ARGS+=(--segment 1024)
expect_bad_input "reduce segment 1024 with mpi-linear alone, which never segments" "$d"
d=$(new_dir); small_run "$d" processors 4 algorithms ompi-tuned; ARGS+=(--segment 1024)
expect_bad_input "reduce segment 1024 with ompi-tuned alone, whose rules choose the segment" "$d"
d=$(new_dir); small_run "$d" processors 4 algorithms snf; ARGS+=(--segment "0 8192")
expect_bad_input "reduce segment = 0 8192 with snf alone (the point of 8192)" "$d"
d=$(new_dir); small_run "$d" processors 4 algorithms "snf mpi-linear mpi-pipeline"; ARGS+=(--segment "0 8192")
expect_ok "reduce segment = 0 8192 with snf and mpi-linear beside mpi-pipeline (they run whole)"
d=$(new_dir); small_run "$d" processors 4 algorithms mpi-pipeline; ARGS+=(--segment 1.5)
expect_bad_input "reduce segment 1.5 (not a whole number of bytes)" "$d"
d=$(new_dir); small_run "$d" processors 8 algorithms mpi-pipeline; ARGS+=(--segment 1)
expect_bad_input "reduce segment 1 on 8 MiB values (67,108,864 messages; 8 GB planned at 16 B)" "$d"
# Reduce costs below the grid of whole bytes and flops: a mean the rounding changes by more
# than 1e-5 is refused (comm-mean 1e-9, 1.5e-7 and 1e-6 of 2^23 B ran as 0, 1 and 8 B).
d=$(new_dir); small_run "$d" cv 0 algorithms optimal; ARGS+=(--comm-mean 1e-9)
expect_bad_input "reduce comm-mean 1e-9 at cv 0 (messages of 0 B: mean 0, over_bound 0)" "$d"
d=$(new_dir); small_run "$d" cv 0 algorithms optimal; ARGS+=(--comm-mean 1.5e-7)
expect_bad_input "reduce comm-mean 1.5e-7 at cv 0 (1.26 B sent as 1: over_bound 0.795)" "$d"
d=$(new_dir); small_run "$d" cv 1; ARGS+=(--comm-mean 1e-3)
expect_bad_input "reduce comm-mean 1e-3 at cv 1 (draws near 8388.6 B rounded)" "$d"
d=$(new_dir); small_run "$d" ratio 1e-3
expect_bad_input "reduce ratio 1e-3 (a ⊕ of 8388.6 flops, checked when the point is prepared)" "$d"
d=$(new_dir); small_run "$d" cv 0; ARGS+=(--comm-mean 1e-3 --message 1000)
expect_ok "reduce messages of a whole 1 B at cv 0 are accepted"
d=$(new_dir); family_run "$d" reduce binomial-stat --times 1e-7,1.5e-7,3e-7,2e-7,1.1e-7 --comm-mean 1e-3 --message 1e7
expect_bad_input "reduce messages of 1e-10 s, below the 1e-7 s of a time (binomial-stat 5.6e-10 s for 6.1e-10)" "$d"
# A user's file without <host>_UP links, routes of several links and no <cluster> (as SimGrid's
# examples/platforms/small_platform.xml) is reduce's input by default, all its hosts or a few.
d=$(new_dir)
cat >"$d/small.xml" <<'EOF'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="zone0" routing="Full">
    <host id="Tremblay" speed="98.095Mf"/>
    <host id="Jupiter" speed="76.296Mf"/>
    <host id="Fafard" speed="76.296Mf"/>
    <host id="Ginette" speed="48.492Mf"/>
    <host id="Bourassa" speed="48.492Mf"/>
    <link id="1" bandwidth="34.285625MBps" latency="59.904us"/>
    <link id="2" bandwidth="118.6825MBps" latency="136.931us"/>
    <link id="3" bandwidth="41.279125MBps" latency="14.355us"/>
    <link id="4" bandwidth="10.452MBps" latency="6.25ms"/>
    <route src="Tremblay" dst="Jupiter"><link_ctn id="1"/><link_ctn id="3"/></route>
    <route src="Tremblay" dst="Fafard"><link_ctn id="1"/><link_ctn id="2"/></route>
    <route src="Tremblay" dst="Ginette"><link_ctn id="1"/><link_ctn id="4"/></route>
    <route src="Tremblay" dst="Bourassa"><link_ctn id="2"/><link_ctn id="4"/></route>
    <route src="Jupiter" dst="Fafard"><link_ctn id="3"/><link_ctn id="2"/></route>
    <route src="Jupiter" dst="Ginette"><link_ctn id="3"/><link_ctn id="4"/></route>
    <route src="Jupiter" dst="Bourassa"><link_ctn id="3"/></route>
    <route src="Fafard" dst="Ginette"><link_ctn id="2"/><link_ctn id="4"/></route>
    <route src="Fafard" dst="Bourassa"><link_ctn id="2"/></route>
    <route src="Ginette" dst="Bourassa"><link_ctn id="4"/></route>
  </zone>
</platform>
EOF
ARGS=(run --family reduce --platform "$d/small.xml" --replications 2 --quiet --output "$d/all.csv")
expect_ok "reduce on a file of multi-link routes without <host>_UP links, every host by default (was: no link Boivin_UP)"
ARGS=(run --family reduce --platform "$d/small.xml" --processors 4 --replications 2 --quiet --output "$d/four.csv")
expect_ok "reduce on the same file with --processors 4 (was: the default times list 7 hosts)"
if awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "over_bound_mean") c = i; next }
            $c < 1 { bad = 1 } END { exit bad || NR < 2 }' "$d/all.csv"; then
  pass "reduce's over_bound is at least 1 for every algorithm there (cv 0: a true lower bound)"
else
  fail "over_bound on small.xml" "$(cut -d, -f1,18 "$d/all.csv" | tr '\n' ' ')"
fi
d=$(new_dir); family_run "$d" reduce snf --cluster gamma --processors 3 --cluster-cv 1e-200
expect_bad_input "reduce gamma --cluster-cv 1e-200 (gave 2.86e-06)" "$d"
d=$(new_dir); family_run "$d" reduce snf --times 10,1e300
expect_bad_input "reduce --times 10,1e300" "$d"
d=$(new_dir); family_run "$d" divisible opt-fifo --c 1e-300,1 --w 1,1
expect_bad_input "divisible --c 1e-300,1" "$d"
d=$(new_dir); family_run "$d" divisible opt-fifo --workers 3 --c-mean 1 --spread 0.9999999999
expect_bad_input "divisible random star drawing c below 1e-6" "$d"
# The driver's noise (cv 100) can round every operation of a replication to nothing: the run
# stops naming cv rather than report an infinite throughput.
d=$(new_dir); family_run "$d" divisible opt-fifo --workers 3 --cv 100
expect_bad_input "divisible --cv 100 (every drawn size rounds to nothing: infinite throughput)" "$d"
d=$(new_dir); printf '1,1e308\n2,3\n' >"$d/matrix.csv"
family_run "$d" redistribute ggp --matrix "$d/matrix.csv" --senders 2 --receivers 2 --nic 100,100,100,100 \
  --backbone 100
expect_bad_input "redistribution matrix entry 1e308 (model engine looped)" "$d"
d=$(new_dir); family_run "$d" redistribute ggp --k 3 --beta 1e300
expect_bad_input "redistribution --beta 1e300" "$d"
# Random matrices on a platform file: weights are seconds at the file's base speed (1e9 Mbit/s).
d=$(new_dir); write_two_host_platform "$d/fast.xml"; sed -i 's/1e15Bps/1.25e14Bps/' "$d/fast.xml"
family_run "$d" redistribute ggp --platform "$d/fast.xml" --senders 1 --receivers 1 --weight-max 1e6
expect_bad_input "redistribute random matrix of 1e6 s at a file's base speed of 1e9 Mbit/s (above 2^63 bytes)" "$d"
family_run "$d" redistribute ggp --platform "$d/fast.xml" --senders 1 --receivers 1 --delta-max 3
expect_bad_input "redistribute --delta-max beside a platform file (its NICs give the ports)" "$d"
family_run "$d" redistribute ggp --platform "$d/fast.xml" --senders 1 --receivers 1 --k 2
expect_bad_input "redistribute random matrix with a k the file does not have" "$d"
d=$(new_dir); family_run "$d" redistribute ggp --senders 60000 --receivers 60000 --delta-max 1e6
expect_bad_input "redistribute k = 0 on the own platform above 1e9 streams" "$d"
# exact listed on random instances its search may not fit: refused before any work.
d=$(new_dir); family_run "$d" redistribute exact --senders 3 --receivers 3 --k 2 --weight-max 20
expect_bad_input "redistribute exact on random 3 x 3 instances of weights up to 20 (search too large)" "$d"
# exact on a matrix its search does not fit: its policy refuses it when it first plans, on either
# engine (on SimGrid from inside a replication), in one line.
d=$(new_dir); printf '10,20,30,40\n5,15,25,35\n7,9,11,13\n3,6,12,24\n' >"$d/matrix.csv"
for engine in model simgrid; do
  small_run "$d" family redistribute cluster "" algorithms "ggp exact" processors "" cv "" ratio "" replications 4 \
    engine "$engine"
  ARGS+=(--matrix "$d/matrix.csv" --senders 4 --receivers 4 --nic 1,1,1,1,1,1,1,1 --backbone 3)
  expect_bad_input "redistribute exact on a 4 x 4 matrix of weights up to 40 on $engine (search too large)" "$d"
done
d=$(new_dir); printf '0,1e300\n1e300,0\n' >"$d/latency.csv"
family_run "$d" broadcast flat --costs platform --latency-file "$d/latency.csv"
expect_bad_input "broadcast latency file entry 1e300" "$d"
d=$(new_dir); family_run "$d" broadcast flat --clusters 3 --gap-max 1e300
expect_bad_input "broadcast --gap-max 1e300" "$d"
d=$(new_dir); family_run "$d" broadcast flat --costs platform --cluster-hosts 4 --wan-window 1e-300
expect_bad_input "broadcast wan-window 1e-300 with one generated cluster (does not apply; was: beyond 2^63 ps)" "$d"
d=$(new_dir); family_run "$d" broadcast mpi-pipeline --costs platform --cluster-hosts 4 --message 1000000 --segment 1
expect_bad_input "broadcast mpi-pipeline cut into 1e6 segments" "$d"
d=$(new_dir); family_run "$d" broadcast "ecef mpi-linear ompi-tuned" --costs platform --cluster-hosts 4 --segment 8192
expect_bad_input "broadcast segment 8192 with no algorithm that cuts its messages" "$d"
d=$(new_dir); family_run "$d" broadcast flat --clusters 3 --segment 8192
expect_bad_input "broadcast segment 8192 with costs = random (no MPI row runs there)" "$d"
d=$(new_dir); family_run "$d" broadcast "ecef mpi-linear mpi-pipeline" --costs platform --cluster-hosts 4 \
  --message 100000 --segment "0 8192"
expect_ok "broadcast segment = 0 8192 with ecef and mpi-linear beside mpi-pipeline (they run whole)"
d=$(new_dir); family_run "$d" broadcast mpich --clusters 3
expect_bad_input "broadcast mpich with costs = random (an MPI library's program needs hosts)" "$d"

# ---- item 8: seeds and -0 ---------------------------------------------------------------
d=$(new_dir); small_run "$d"; ARGS+=(--seed 18446744073709551616)
expect_bad_input "--seed 2^64" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--seed 1e3)
expect_bad_input "--seed 1e3 (a double, not digits)" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--seed -1)
expect_bad_input "--seed -1" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--seed 18446744073709551615)
expect_ok "--seed 2^64 - 1 is accepted"
d=$(new_dir)
small_run "$d" output "$d/low.csv"; ARGS+=(--seed 9007199254740992); hetcoll "${ARGS[@]}"
small_run "$d" output "$d/high.csv"; ARGS+=(--seed 9007199254740993); hetcoll "${ARGS[@]}"
if [[ -s "$d/low.csv" && -s "$d/high.csv" ]] && ! cmp -s "$d/low.csv" "$d/high.csv"; then
  pass "seeds 2^53 and 2^53 + 1 give different results"
else
  fail "seeds 2^53 and 2^53 + 1" "the same CSV (or none)"
fi
d=$(new_dir)
family_run "$d" divisible opt-fifo --workers 3 --z -0; hetcoll "${ARGS[@]}" && mv "$d/out.csv" "$d/minus.csv"
family_run "$d" divisible opt-fifo --workers 3 --z 0; hetcoll "${ARGS[@]}" && mv "$d/out.csv" "$d/plus.csv"
if [[ -s "$d/plus.csv" ]] && cmp -s "$d/minus.csv" "$d/plus.csv"; then
  pass "divisible --z -0 gives the results of --z 0"
else
  fail "divisible --z -0" "$(diff "$d/minus.csv" "$d/plus.csv" | head -n 3 | tr '\n' ' ')"
fi

# ---- item 13: counts the machine cannot hold --------------------------------------------
d=$(new_dir); small_run "$d"; ARGS+=(--jobs 4294967296)
expect_bad_input "--jobs 4294967296 (SIGFPE)" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--jobs 0)
expect_bad_input "--jobs 0" "$d"
d=$(new_dir); small_run "$d" replications 1e12
expect_bad_input "--replications 1e12 (24 GB of work units)" "$d"
d=$(new_dir); small_run "$d" replications 18446744073709551615; ARGS+=(--block 18446744073709551615)
expect_bad_input "--replications and --block 2^64 - 1" "$d"
d=$(new_dir); small_run "$d" processors 1e9
expect_bad_input "reduce --processors 1e9 (bad_alloc)" "$d"
d=$(new_dir); small_run "$d" processors 1048576 engine simgrid; ARGS+=(--jobs 1024)
expect_bad_input "reduce 2^20 processors on 1024 SimGrid jobs (memory)" "$d"
d=$(new_dir); family_run "$d" reduce snf --cluster uniform --processors 3e9
expect_bad_input "reduce --processors 3e9 (int overflow)" "$d"
# A key written for another kind of star is refused even at its default value: the family would
# ignore it.
d=$(new_dir); family_run "$d" divisible opt-fifo --workers 3 --message 8388608
expect_bad_input "divisible --message at its default without a platform file (was ignored)" "$d"
d=$(new_dir); family_run "$d" divisible opt-fifo --c 1,2 --w 1,1 --wc-ratio 1
expect_bad_input "divisible --wc-ratio with an explicit star (was ignored)" "$d"
d=$(new_dir); write_two_host_platform "$d/two.xml"
family_run "$d" divisible opt-fifo --workers 1 --platform "$d/two.xml" --c-mean 1
expect_bad_input "divisible --c-mean at its default with a platform file (was ignored)" "$d"
d=$(new_dir); family_run "$d" divisible opt-fifo --workers 4294967296
expect_bad_input "divisible --workers 2^32 (int overflow, 'p = 0')" "$d"
d=$(new_dir); family_run "$d" redistribute ggp --k 3 --senders 65535 --receivers 65535
expect_bad_input "redistribution 65535 x 65535 (memory)" "$d"
d=$(new_dir); family_run "$d" redistribute ggp --k 3 --senders 1e9
expect_bad_input "redistribution --senders 1e9 (bad_alloc)" "$d"
d=$(new_dir); family_run "$d" broadcast flat --clusters 1000000
expect_bad_input "broadcast --clusters 1e6 (bad_alloc)" "$d"
d=$(new_dir); family_run "$d" broadcast flat --costs platform --cluster-hosts 3e9
expect_bad_input "broadcast --cluster-hosts 3e9 (int overflow)" "$d"
d=$(new_dir); small_run "$d" processors "$(seq -s ' ' 1 100)" cv "$(seq -s ' ' 0.01 0.01 30)" ratio "$(seq -s ' ' 1 3000)"
expect_bad_input "a sweep of 9e8 points is refused before it is expanded" "$d"

# ---- unclear errors ---------------------------------------------------------------------
d=$(new_dir); mkdir "$d/scenario"; ARGS=(run "$d/scenario" --quiet)
expect_bad_input "a directory as the scenario (ran the defaults)" "$d"
d=$(new_dir)
printf '\xEF\xBB\xBFfamily = reduce\ncluster = platform\nalgorithms = tree-dyn\nprocessors = 4\nreplications = 3\nengine = model\n' \
  >"$d/bom.ini"
ARGS=(run "$d/bom.ini" --output "$d/out.csv" --quiet)
expect_ok "a UTF-8 byte order mark is skipped (was: unknown key 'family')"
d=$(new_dir); small_run "$d" processors 2147483648
expect_bad_input "reduce --processors 2^31 (got -2147483648)" "$d"

# ---- names from before the first release --------------------------------------------------
# Former names are refused like any unknown name, in one line that names the one meant.
# expect_hint NAME WORD: the refusal of ARGS is a bad input whose line names WORD.
expect_hint() {
  expect_bad_input "$1" "$d"
  if ! grep -q "did you mean '$2'" "$tmp/stderr"; then fail "$1" "no hint of '$2': $(excerpt)"; fi
}
d=$(new_dir); family_run "$d" divisible opt-fifo --wc_ratio 2
expect_hint "the former key wc_ratio on the command line" wc-ratio
printf 'family = divisible\nworkers = 4\nwc_ratio = 3\n' >"$d/old.ini"
ARGS=(run "$d/old.ini" --output "$d/x.csv" --quiet)
expect_hint "the former key wc_ratio in a file" wc-ratio
families=$("$bin" list | awk '/^[a-z]/ { sub(":$", "", $1); printf "%s%s", (n++ ? ", " : ""), $1 }')
for former in reduction hetreduce redistribution; do
  d=$(new_dir); family_run "$d" "$former" tree-dyn
  expect_bad_input "the former family $former" "$d"
  grep -qF "(families: $families)" "$tmp/stderr" ||
    fail "the former family $former" "no list of the families: $(excerpt)"
done
# `binomial` (now binomial-stat) is also the heart of mpi-binomial, Open MPI's binomial reduce: the
# hint may name either binomial algorithm, the closest in length.
d=$(new_dir); family_run "$d" reduce binomial
expect_hint "the former algorithm binomial" "\(binomial-stat\|mpi-binomial\)"

# ---- key hosts ---------------------------------------------------------------------------
d=$(new_dir)
hetcoll platform 8 --output "$d/ideal8.xml"
small_run "$d" platform "$d/ideal8.xml"; ARGS+=(--hosts "p1 nope")
expect_bad_input "--hosts naming a host the file lacks" "$d"
small_run "$d" platform "$d/ideal8.xml"; ARGS+=(--hosts "p1 p*")
expect_bad_input "--hosts selecting a host twice" "$d"
small_run "$d" processors ""; ARGS+=(--hosts "p1 p2")
expect_bad_input "--hosts without a platform file" "$d"
small_run "$d" platform "$d/ideal8.xml" processors 3; ARGS+=(--hosts "p1 p2")
expect_bad_input "--processors above what --hosts selects" "$d"
for engine in model simgrid; do
  selection=(run --family reduce --cluster platform --platform "$d/ideal8.xml" --cv 1 --replications 50 --engine "$engine"
    --quiet)
  (cd "$d" && hetcoll "${selection[@]}" --hosts "p0 p1 p2 p3" --output hosts.csv &&
    hetcoll "${selection[@]}" --processors 4 --output first.csv &&
    hetcoll "${selection[@]}" --hosts "p[4-7]" --output glob.csv)
  if cmp -s "$d/hosts.csv" "$d/first.csv" && cmp -s "$d/hosts.csv" "$d/glob.csv" && [[ -s "$d/hosts.csv" ]]; then
    pass "$engine: --hosts selecting 4 equal hosts gives the CSV of --processors 4, processors defaulting to 4"
  else
    fail "$engine: --hosts" "$(excerpt)"
  fi
done

# ---- key root: one host for every algorithm (issue 26) -----------------------------------
# A name is resolved once the platform file is read: refused then too, with nothing written.
d=$(new_dir); write_two_host_platform "$d/two.xml"
small_run "$d" processors 2 platform "$d/two.xml"; ARGS+=(--root host9)
expect_bad_input "reduce --root host9, not a host of the run" "$d"
d=$(new_dir); write_two_host_platform "$d/two.xml"
small_run "$d" processors 2 platform "$d/two.xml"; ARGS+=(--root host1)
expect_ok "reduce --root host1 names the run's second host"
d=$(new_dir); small_run "$d"; ARGS+=(--root 8)
expect_bad_input "reduce --root 8 on 8 processors" "$d"
d=$(new_dir); small_run "$d"; ARGS+=(--root host1)
expect_bad_input "reduce --root host1 without a platform file" "$d"
d=$(new_dir); write_two_host_platform "$d/two.xml"
family_run "$d" broadcast flat --costs platform --platform "$d/two.xml" --cluster-hosts 2 --root host9
expect_bad_input "broadcast --root host9, not a host of the run" "$d"
d=$(new_dir); family_run "$d" broadcast flat --clusters 3 --root any
expect_bad_input "broadcast --root any (no heuristic chooses its source)" "$d"
d=$(new_dir); write_two_host_platform "$d/two.xml"
family_run "$d" divisible opt-fifo --platform "$d/two.xml" --workers 1 --root host9
expect_bad_input "divisible --root host9, not a host of the run" "$d"
d=$(new_dir); family_run "$d" divisible opt-fifo --workers 3 --root 1
expect_bad_input "divisible --root 1 on the built-in star (its master is host 0)" "$d"


# ---- the driver's stages -----------------------------------------------------------------
# The parser reads no platform file: the resolution refuses a missing one, naming it, whichever
# key selects its hosts; beside a fault of the keys, the keys' fault is the one named
# (docs/design.md, "The driver's stages").
# expect_named NAME WORD: the refusal of ARGS is a bad input whose line names WORD.
expect_named() {
  expect_bad_input "$1" "$d"
  if ! grep -qF -- "$2" "$tmp/stderr"; then fail "$1" "'$2' not named: $(excerpt)"; fi
}
d=$(new_dir); small_run "$d" cluster "" processors "" platform "$d/missing.xml"
expect_named "reduce on a missing platform file" "$d/missing.xml"
ARGS+=(--hosts "zone:a")
expect_named "reduce on hosts (key hosts) of a missing platform file" "$d/missing.xml"
family_run "$d" redistribute ggp --platform "$d/missing.xml" --senders zone:a --receivers zone:b
expect_named "redistribute on host sets of a missing platform file" "$d/missing.xml"
ARGS+=(--cv abc)
expect_named "a missing platform file beside a bad cv: the cv is named" "'cv'"

# ---- hetcoll list takes --json alone ------------------------------------------------------
d=$(new_dir)
ARGS=(list --bogus)
expect_bad_input "list --bogus (was ignored)" "$d"
ARGS=(list --json extra)
expect_bad_input "list --json extra (was ignored)" "$d"
ARGS=(list reduce broadcast)
expect_bad_input "list of two families (one at most)" "$d"

finish
