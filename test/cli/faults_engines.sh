#!/usr/bin/env bash
# Engine and platform faults (issue 9, items 6, 7, 11, 12; issue 11): platform files SimGrid
# would abort on or the model engine would loop on, flows the model engine cannot time (a
# shared link they overload), bad --cfg settings, and the engines' agreement at n = 4096. Each
# bad input exits 2 with one line naming the file or key and touches nothing.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

# platform_with NAME SED_SCRIPT: the two-host platform of lib.sh, edited.
platform_with() {
  write_two_host_platform "$1.tmp"
  sed -e "$2" "$1.tmp" >"$1"
  rm "$1.tmp"
}

# Two hosts and no route: Full routing with no <route> (the model engine used to call it free).
write_routeless_platform() {
  cat >"$1" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <host id="host0" speed="1e7f"/>
    <host id="host1" speed="1e7f"/>
    <link id="unused" bandwidth="1e7Bps" latency="0s"/>
  </zone>
</platform>
XML
}

# The same hosts in two zones joined by no route.
write_split_zones_platform() {
  cat >"$1" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <zone id="a" routing="Full"><host id="host0" speed="1e7f"/></zone>
    <zone id="b" routing="Full"><host id="host1" speed="1e7f"/></zone>
  </zone>
</platform>
XML
}

# bad_platform NAME FILE_WRITER EXPECTED_WORD: both engines refuse the file, naming it and WORD.
bad_platform() {
  local name=$1 writer=$2 word=$3 engine d
  for engine in model simgrid; do
    d=$(new_dir)
    $writer "$d/p.xml"
    small_run "$d" processors 2 engine "$engine" platform "$d/p.xml"
    expect_bad_input "$name ($engine)" "$d" "$d/out.csv"
    if ! grep -q "p.xml" "$tmp/stderr" || ! grep -q -- "$word" "$tmp/stderr"; then
      fail "$name ($engine) message" "expected the file and '$word': $(excerpt)"
    fi
  done
}

no_route() { write_routeless_platform "$1"; }
split_zones() { write_split_zones_platform "$1"; }
zero_bandwidth() { platform_with "$1" 's/id="host1_DOWN" bandwidth="1e15Bps"/id="host1_DOWN" bandwidth="0Bps"/'; }
negative_bandwidth() { platform_with "$1" 's/id="host1_DOWN" bandwidth="1e15Bps"/id="host1_DOWN" bandwidth="-5Bps"/'; }
zero_speed() { platform_with "$1" 's/id="host1" speed="1e15f"/id="host1" speed="0f"/'; }

# Profiles: hetcoll runs every replication on the same platform (platform_file_scan.hpp). A
# missing profile file made SimGrid abort with a backtrace; an existing one gave each
# replication another stretch of it on SimGrid, and went unseen by the model engine.
speed_profile() {
  printf '0 1.0\n1 0.5\n' >"$(dirname "$1")/load.profile"
  platform_with "$1" 's/id="host1" speed="1e15f"/id="host1" speed="1e15f" speed_file="load.profile"/'
}
missing_state_profile() { platform_with "$1" 's/id="host1" speed="1e15f"/id="host1" speed="1e15f" state_file="gone.profile"/'; }
bandwidth_profile() {
  printf '0 1.0\n1 0.5\n' >"$(dirname "$1")/bw.profile"
  platform_with "$1" 's/id="host1_DOWN" bandwidth="1e15Bps"/id="host1_DOWN" bandwidth="1e15Bps" bandwidth_file="bw.profile"/'
}
trace_connect() {
  platform_with "$1" 's|</zone>|<trace id="slow" periodicity="1">0 0.5</trace><trace_connect kind="SPEED" trace="slow" element="host0"/></zone>|'
}
# SimGrid removed <include> in 3.18 and aborts on it, printing its reason, and the run exited 1.
include() {
  printf '<link id="extra" bandwidth="1e15Bps" latency="0s"/>\n' >"$(dirname "$1")/part.xml"
  platform_with "$1" 's|<zone id="cluster" routing="Cluster">|<zone id="cluster" routing="Cluster"><include file="part.xml"/>|'
}
# A <config> setting that the run sets otherwise: SimGrid kept the command line's with an INFO
# note; the file's author asked for another network model.
other_network_model() { platform_with "$1" 's|<zone id="cluster"|<config><prop id="network/model" value="LV08"/></config><zone id="cluster"|'; }

bad_platform "a speed profile" speed_profile "speed_file=\"load.profile\""
bad_platform "a missing state profile" missing_state_profile "state_file=\"gone.profile\""
bad_platform "a bandwidth profile" bandwidth_profile "host1_DOWN"
bad_platform "a trace_connect" trace_connect "trace 'slow' to 'host0'"
bad_platform "an <include>" include "p.xml:4: <include> left SimGrid's platform format"
# SimGrid aborts while it reads a host without a core: the process counting the file's hosts
# died and the run exited 1 after SimGrid's message; now exit 2, SimGrid's reason on the line.
no_core() { platform_with "$1" 's/id="host1" speed="1e15f"/id="host1" speed="1e15f" core="0"/'; }
bad_platform "a host without a core" no_core "SimGrid stops reading the platform: Host host1 must have at least one core"
bad_platform "<config> with another network model" other_network_model "network/model to 'LV08'"

# The model engine reads none of SimGrid's settings: one that changes SimGrid's timing, from
# --cfg or the file's <config>, is refused there (it ran, ignoring it); the SimGrid engine runs it.
latency_factor() { platform_with "$1" 's|<zone id="cluster"|<config><prop id="network/latency-factor" value="3"/></config><zone id="cluster"|'; }
d=$(new_dir); latency_factor "$d/p.xml"
small_run "$d" processors 2 engine model platform "$d/p.xml"
expect_bad_input "a <config> timing setting on the model engine" "$d" "$d/out.csv"
grep -q "p.xml:4: <config> sets network/latency-factor" "$tmp/stderr" || fail "<config> timing setting message" "$(excerpt)"
small_run "$d" processors 2 engine simgrid platform "$d/p.xml"
if (cd "$d" && hetcoll "${ARGS[@]}") && [[ -s "$d/out.csv" && ! -s "$tmp/stderr" ]]; then
  pass "the same file on the SimGrid engine runs, silently"
else
  fail "the same file on the SimGrid engine runs, silently" "$(excerpt)"
fi
d=$(new_dir)
small_run "$d" processors 4 engine model; ARGS+=(--cfg network/latency-factor:3)
expect_bad_input "--cfg network/latency-factor:3 on the model engine" "$d" "$d/out.csv"
grep -q "key 'cfg' sets 'network/latency-factor:3'" "$tmp/stderr" || fail "--cfg on the model engine message" "$(excerpt)"
d=$(new_dir)
# SimGrid's exact max-min is the model engine's own sharing; its lazy one is not.
small_run "$d" processors 4 engine model; ARGS+=(--cfg network/optim:Lazy)
expect_bad_input "--cfg network/optim:Lazy on the model engine" "$d" "$d/out.csv"
small_run "$d" processors 4 engine model; ARGS+=(--cfg network/optim:Full)
if (cd "$d" && hetcoll "${ARGS[@]}") && [[ -s "$d/out.csv" ]]; then pass "--cfg network/optim:Full on the model engine runs"
else fail "--cfg network/optim:Full on the model engine runs" "$(excerpt)"; fi
rm -f "$d/out.csv" "$d/out.csv.manifest.json"
small_run "$d" processors 4 engine model; ARGS+=(--cfg contexts/stack-size:64)
if (cd "$d" && hetcoll "${ARGS[@]}") && [[ -s "$d/out.csv" ]]; then pass "--cfg contexts/stack-size on the model engine runs"
else fail "--cfg contexts/stack-size on the model engine runs" "$(excerpt)"; fi

# A file SimGrid aborts on at its first route look-up, past every check of its API: a Vivaldi
# zone whose subzones have no coordinates. The worker dies of SIGABRT; the one line says
# SimGrid's reason, not only the signal.
write_vivaldi_without_coordinates() {
  cat >"$1" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Vivaldi">
    <zone id="a" routing="Full"><host id="host0" speed="1e7f"/></zone>
    <zone id="b" routing="Full"><host id="host1" speed="1e7f"/></zone>
  </zone>
</platform>
XML
}
for engine in model simgrid; do
  d=$(new_dir); write_vivaldi_without_coordinates "$d/p.xml"
  small_run "$d" processors 2 engine "$engine" platform "$d/p.xml"
  (cd "$d" && hetcoll "${ARGS[@]}")
  status=$?
  if [[ $status -eq 2 && $(count_lines "$tmp/stderr") -eq 1 ]] &&
     grep -q "died of SIGABRT (SimGrid: Please specify the Vivaldi coordinates of Netzone a" "$tmp/stderr"; then
    pass "SimGrid's abort on a Vivaldi zone without coordinates, its reason on the line ($engine)"
  else
    fail "SimGrid's abort on a Vivaldi zone without coordinates ($engine)" "status $status: $(excerpt)"
  fi
  rm -f "$(sed -n 's/.*its messages are in \(.*\)$/\1/p' "$tmp/stderr")"
done

# cluster = platform plans by the fastest link's time: a platform without links (hosts placed by
# Vivaldi coordinates, routes of latency alone) made the optimum's bound loop on infinite times,
# and so does a link slow enough that a value's time overflows.
linkless() {
  cat >"$1" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Vivaldi">
    <host id="host0" speed="1e7f" coordinates="0 0 0"/>
    <host id="host1" speed="1e7f" coordinates="10 0 0"/>
  </zone>
</platform>
XML
}
crawling_links() { platform_with "$1" 's/1e15Bps/1e-300Bps/g'; }
bad_platform "cluster = platform on a platform without links" linkless "has no link"
bad_platform "cluster = platform on links too slow to plan by" crawling_links "crosses the fastest link in"

bad_platform "missing route" no_route "host0 to host1"
bad_platform "missing route between zones" split_zones "host0 to host1"
bad_platform "zero bandwidth" zero_bandwidth "host1_DOWN"
bad_platform "negative bandwidth" negative_bandwidth "host1_DOWN"
bad_platform "zero speed" zero_speed "host1"

# Item 2 of issue 11 beyond 64 hosts, where the SimGrid engine checks a ring of host pairs: four
# clusters of 17 hosts routed a-b, b-c, c-d, d-a (the ring a16 -> b0 ... d16 -> a0 has routes),
# none a-c. Both engines refuse the file before any replication, naming a0 and c0.
write_four_zones_platform() {
  local z pair
  {
    echo "<?xml version='1.0'?>"
    echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
    echo '<platform version="4.1">'
    echo '  <zone id="world" routing="Full">'
    for z in a b c d; do
      echo "    <cluster id=\"$z\" prefix=\"$z\" suffix=\"\" radical=\"0-16\" speed=\"1e7f\" bw=\"1e7Bps\" lat=\"0s\" router_id=\"${z}_router\"/>"
    done
    for pair in ab bc cd da; do echo "    <link id=\"$pair\" bandwidth=\"1e7Bps\" latency=\"0s\"/>"; done
    for pair in ab bc cd da; do
      echo "    <zoneRoute src=\"${pair:0:1}\" dst=\"${pair:1:1}\" gw_src=\"${pair:0:1}_router\" gw_dst=\"${pair:1:1}_router\"><link_ctn id=\"$pair\"/></zoneRoute>"
    done
    echo '  </zone>'
    echo '</platform>'
  } >"$1"
}
for engine in model simgrid; do
  d=$(new_dir)
  write_four_zones_platform "$d/p.xml"
  small_run "$d" processors 68 engine "$engine" platform "$d/p.xml"
  expect_bad_input "68 hosts, zones a and c without a route ($engine)" "$d" "$d/out.csv"
  grep -q "p.xml: no route from a0 to c0" "$tmp/stderr" || fail "68 hosts without a-c route ($engine) message" "$(excerpt)"
done

# Issue 11, then 27: the model engine gives every message its route's bandwidth while the flows
# on each shared link fit in it, and shares the link as SimGrid does beyond. Eight hosts behind
# one backbone as fast as their links: tree-dyn's first four messages share it, on both engines,
# which agree to 1e-9.
write_backbone_cluster() {  # FILE [BACKBONE_SHARING_POLICY]
  cat >"$1" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <cluster id="c" prefix="p" suffix="" radical="0-7" speed="8388608f" bw="8388608Bps" lat="0s"
             bb_bw="8388608Bps" bb_lat="0s" bb_sharing_policy="${2:-SHARED}"/>
  </zone>
</platform>
XML
}
d=$(new_dir)
write_backbone_cluster "$d/p.xml"
for engine in model simgrid; do
  small_run "$d" engine "$engine" platform "$d/p.xml" output "$d/$engine.csv"
  (cd "$d" && hetcoll "${ARGS[@]}") || fail "a shared backbone on $engine" "$(excerpt)"
done
if [[ -s "$d/model.csv" ]] && python3 - "$d/model.csv" "$d/simgrid.csv" <<'PY'
import csv, sys
model, simgrid = (list(csv.DictReader(open(f))) for f in sys.argv[1:3])
sys.exit(0 if len(model) == len(simgrid) and all(
    abs(float(m["mean"]) - float(s["mean"])) <= 1e-9 * float(s["mean"]) for m, s in zip(model, simgrid)) else 1)
PY
then pass "a shared backbone: the engines share it alike"
else fail "a shared backbone: the engines share it alike" "$(diff "$d/model.csv" "$d/simgrid.csv" 2>&1 | head -n 3 | tr '\n' ' ')"; fi

# The same cluster with a FATPIPE backbone (SimGrid does not share it): both engines run, and
# on the 2^23 grid they agree bit for bit.
d=$(new_dir)
write_backbone_cluster "$d/p.xml" FATPIPE
for engine in model simgrid; do
  small_run "$d" engine "$engine" platform "$d/p.xml" output "$d/$engine.csv"
  (cd "$d" && hetcoll "${ARGS[@]}") || fail "FATPIPE backbone on $engine" "$(excerpt)"
done
if [[ -s "$d/model.csv" ]] && cmp -s "$d/model.csv" "$d/simgrid.csv"; then pass "FATPIPE backbone: the engines agree"
else fail "FATPIPE backbone: the engines agree" "$(diff "$d/model.csv" "$d/simgrid.csv" 2>&1 | head -n 3 | tr '\n' ' ')"; fi

# The redistribute family's all-at-once sends every message at once (a sender's messages share
# its NIC, all share the backbone): the model engine runs it, sharing them.
d=$(new_dir)
ARGS=(run --family redistribute --algorithms "all-at-once lower-bound" --senders 2 --receivers 3 --k 2
      --replications 2 --engine model --output "$d/out.csv" --quiet)
if (cd "$d" && hetcoll "${ARGS[@]}") && [[ -s "$d/out.csv" ]]; then pass "redistribute all-at-once on the model engine"
else fail "redistribute all-at-once on the model engine" "$(excerpt)"; fi

# A directory as platform: one line naming it, no scanner message.
d=$(new_dir); mkdir "$d/plat"
small_run "$d" engine simgrid platform "$d/plat"
expect_bad_input "platform is a directory" "$d" "$d/out.csv"

# --cfg: unknown key, bad value, unknown model, 'help', the chaos monkey (it turns resources off
# during the run): "cfg: ..." in one line, no backtrace.
for cfg in nosuch:1 surf/precision:abc network/model:Bogus network/model:help contexts/stack-size:x plugin:cmonkey; do
  d=$(new_dir)
  small_run "$d" engine simgrid
  ARGS+=(--cfg "$cfg")
  expect_bad_input "--cfg $cfg" "$d" "$d/out.csv"
  grep -q "^hetcoll: cfg: " "$tmp/stderr" || fail "--cfg $cfg message" "expected 'cfg: ...': $(excerpt)"
done

# Agent stacks below kSmallStackKiB without guard pages could be overflowed unseen: refused,
# whether guard pages are off by the user's choice or by default (above 2048 hosts).
for processors in 8 4096; do
  d=$(new_dir)
  small_run "$d" engine simgrid processors "$processors"
  ARGS+=(--cfg contexts/stack-size:2)
  ((processors <= 2048)) && ARGS+=(--cfg contexts/guard-size:0)
  expect_bad_input "--cfg contexts/stack-size:2 without guard pages, $processors hosts" "$d" "$d/out.csv"
  grep -q "^hetcoll: cfg: contexts/stack-size:2 without guard pages.*expected at least [0-9]* KiB, or a guard page$" \
    "$tmp/stderr" || fail "small stacks message, $processors hosts" "$(excerpt)"
done

# Parallel contexts would run agents in threads racing on the coordinator's records: refused.
d=$(new_dir)
small_run "$d" engine simgrid
ARGS+=(--cfg contexts/nthreads:2)
expect_bad_input "--cfg contexts/nthreads:2" "$d" "$d/out.csv"
grep -q "^hetcoll: cfg: contexts/nthreads:2: .*expected contexts/nthreads:1$" "$tmp/stderr" ||
  fail "parallel contexts message" "$(excerpt)"

# A valid --cfg still runs.
d=$(new_dir)
small_run "$d" engine simgrid
ARGS+=(--cfg network/crosstraffic:0)
if (cd "$d" && hetcoll "${ARGS[@]}") && [[ -s "$d/out.csv" ]]; then pass "valid --cfg runs"
else fail "valid --cfg runs" "$(excerpt)"; fi

# The model engine on a platform file reads it through SimGrid, which allows one engine per
# process: units batched into one child once died of SIGABRT from the second unit on. Eight
# units of one replication, one job, give the bytes of one unit of eight replications.
d=$(new_dir)
(cd "$d" && hetcoll platform 8 --output p8.xml) || fail "hetcoll platform 8" "$(excerpt)"
for block in 1 1000; do
  (cd "$d" && hetcoll run --family reduce --cluster platform --platform p8.xml --algorithms tree-dyn --processors 8 \
     --cv 1 --ratio 0 --replications 8 --block "$block" --engine model --jobs 1 --output "out-$block.csv" --quiet) ||
    fail "model engine on a platform file, units of $block replication(s)" "$(excerpt)"
done
if [[ -s "$d/out-1.csv" ]] && cmp -s "$d/out-1.csv" "$d/out-1000.csv"; then
  pass "model engine on a platform file: eight units in one job give the bytes of one unit"
else
  fail "model engine on a platform file: eight units in one job give the bytes of one unit" "$(excerpt)"
fi

# Item 7: reduction at n = 4096, every algorithm (but optimal, documented for n <= 12) on 4096
# equal hosts with costs of CV 1: the engines give the same raw values, bit for bit, and
# fibonacci-stat alone gives the values it gives among the others.
d=$(new_dir)
large_algorithms=$(family_algorithms reduce optimal)
for engine in model simgrid; do
  (cd "$d" && hetcoll run --family reduce --cluster platform --cv 1 --processors 4096 \
     --algorithms "$large_algorithms" --replications 3 --engine "$engine" \
     --raw "raw-$engine.csv" --output "out-$engine.csv" --quiet) || fail "n = 4096 on $engine" "$(excerpt)"
done
(cd "$d" && hetcoll run --family reduce --cluster platform --cv 1 --processors 4096 --replications 3 \
   --algorithms fibonacci-stat \
   --raw raw-alone.csv --output out-alone.csv --quiet) || fail "fibonacci-stat alone" "$(excerpt)"
if cmp -s "$d/raw-model.csv" "$d/raw-simgrid.csv"; then pass "n = 4096: the engines agree bit for bit"
else fail "n = 4096: the engines agree bit for bit" "$(diff "$d/raw-model.csv" "$d/raw-simgrid.csv" | head -n 3 | tr '\n' ' ')"; fi
# The last bits of a date depend on where the replication starts on the engine's clock (see
# docs/design.md): compare to 9 significant digits, far finer than a changed cost draw.
fibonacci_values() {  # replication and value of fibonacci-stat's raw rows, columns found by name
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
           $1 == "fibonacci-stat" { printf "%s %.9g\n", $column["replication"], $column["value"] }' "$1"
}
if [[ -n "$(fibonacci_values "$d/raw-alone.csv")" ]] &&
   diff <(fibonacci_values "$d/raw-model.csv") <(fibonacci_values "$d/raw-alone.csv") >/dev/null; then
  pass "n = 4096: fibonacci-stat does not depend on the other algorithms"
else
  fail "n = 4096: fibonacci-stat does not depend on the other algorithms" "$(excerpt)"
fi

# The SimGrid plugin (docs/design.md, "SimGrid engine"): a program copied without it, or beside
# a library that is not its own build's plugin, stops a SimGrid run in one line naming the file
# and writes nothing; the model engine needs no plugin.
d=$(new_dir)
mkdir "$d/bin"
cp "$bin" "$d/bin/hetcoll"
saved_bin=$bin
bin="$d/bin/hetcoll"
small_run "$d" engine simgrid output "$d/out.csv"
expect_bad_input "a program without its SimGrid plugin" "$d" "$d/out.csv"
grep -q "$d/bin/hetcoll_simgrid.so: .*plugin is missing" "$tmp/stderr" ||
  fail "the missing plugin is named" "$(excerpt)"
foreign=$(ldd "$saved_bin" | awk '$1 ~ /^libm\.so/ { print $3 }')
cp "$foreign" "$d/bin/hetcoll_simgrid.so"
expect_bad_input "a library that is not this build's SimGrid plugin" "$d" "$d/out.csv"
grep -q "hetcoll_simgrid.so: SimGrid plugin of another program" "$tmp/stderr" ||
  fail "the foreign plugin is named" "$(excerpt)"
small_run "$d" engine model output "$d/model.csv"
if hetcoll "${ARGS[@]}" && [[ -s "$d/model.csv" ]]; then
  pass "the model engine runs without the SimGrid plugin"
else
  fail "the model engine runs without the SimGrid plugin" "$(excerpt)"
fi
bin=$saved_bin

finish
