#!/usr/bin/env bash
# Every platform shape SimGrid offers, with every family run on a few of their hosts (key
# `hosts`), as a user brings them: a cluster without and with a backbone, a fat-tree, a
# dragonfly, a torus, Floyd, Dijkstra and Full zones with routers, nested zones (two sites).
#
# usage: test/cli/platform_shapes.sh path/to/hetcoll
#
# On SimGrid every run must succeed with plausible numbers: no reduction of n values takes
# fewer than ceil(log2 n) messages in a row, so with exact costs no algorithm beats
# ceil(log2 n) × (value / the fastest link's bandwidth). The model engine must give SimGrid's
# numbers (to 1e-9) or stop with one line saying that flows share a link (exit 2), never a
# different number.
#
# The redistribute family runs on each shape with a model (one NIC per host) between two sets of
# hosts (keys senders and receivers naming them): on SimGrid no algorithm, capped or not, beats
# the link bound (column over_link_bound_min >= 1), and backbone_shared says whether a link
# every route crosses is the backbone; the model engine, one algorithm at a time, gives
# SimGrid's number or the sharing message. A torus, whose hosts have no link of their own, is
# refused in one line naming the file.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

shapes=$tmp/shapes
mkdir -p "$shapes"
header() { printf "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n"; }

# name | the hosts key | the fastest link's bandwidth (B/s) | the XML body
{ header; cat <<'EOF'; } >"$shapes/crossbar.xml"
  <cluster id="c" prefix="c-" suffix="" radical="0-15" speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
EOF
{ header; cat <<'EOF'; } >"$shapes/backbone.xml"
  <cluster id="c" prefix="c-" suffix="" radical="0-15" speed="1Gf" bw="125MBps" lat="50us" bb_bw="250MBps" bb_lat="500us"/>
</platform>
EOF
{ header; cat <<'EOF'; } >"$shapes/fat-tree.xml"
  <cluster id="c" topology="FAT_TREE" topo_parameters="2;4,4;1,2;1,2" prefix="c-" suffix="" radical="0-15"
           speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
EOF
{ header; cat <<'EOF'; } >"$shapes/dragonfly.xml"
  <zone id="world" routing="Full">
    <cluster id="c" topology="DRAGONFLY" topo_parameters="3,4;4,3;5,1;2" prefix="node-" suffix=".simgrid.org"
             radical="0-119" speed="1Gf" bw="125MBps" lat="50us"/>
  </zone>
</platform>
EOF
{ header; cat <<'EOF'; } >"$shapes/torus.xml"
  <cluster id="c" topology="TORUS" topo_parameters="3,2,2" prefix="c-" suffix="" radical="0-11"
           speed="1Gf" bw="125MBps" lat="50us"/>
</platform>
EOF
# A zone of 8 hosts behind two routers, routed by each algorithm SimGrid offers for such zones.
routed_zone() {  # ROUTING
  header
  echo "  <zone id=\"site\" routing=\"$1\">"
  for h in 0 1 2 3 4 5 6 7; do echo "    <host id=\"h-$h\" speed=\"1Gf\"/>"; done
  echo '    <router id="r0"/>'
  echo '    <router id="r1"/>'
  for h in 0 1 2 3; do echo "    <link id=\"l-$h\" bandwidth=\"125MBps\" latency=\"20us\"/>"; done
  for h in 4 5 6 7; do echo "    <link id=\"l-$h\" bandwidth=\"12.5MBps\" latency=\"100us\"/>"; done
  echo '    <link id="r0-r1" bandwidth="125MBps" latency="50us"/>'
  if [[ $1 == Full ]]; then
    # A Full zone holds a route for every pair of hosts (symmetric by default).
    for a in 0 1 2 3 4 5 6 7; do
      for b in 0 1 2 3 4 5 6 7; do
        ((a < b)) || continue
        if (((a < 4) == (b < 4))); then
          echo "    <route src=\"h-$a\" dst=\"h-$b\"><link_ctn id=\"l-$a\"/><link_ctn id=\"l-$b\"/></route>"
        else
          echo "    <route src=\"h-$a\" dst=\"h-$b\"><link_ctn id=\"l-$a\"/><link_ctn id=\"r0-r1\"/><link_ctn id=\"l-$b\"/></route>"
        fi
      done
    done
  else
    for h in 0 1 2 3; do echo "    <route src=\"h-$h\" dst=\"r0\"><link_ctn id=\"l-$h\"/></route>"; done
    for h in 4 5 6 7; do echo "    <route src=\"h-$h\" dst=\"r1\"><link_ctn id=\"l-$h\"/></route>"; done
    echo '    <route src="r0" dst="r1"><link_ctn id="r0-r1"/></route>'
  fi
  echo '  </zone>'
  echo '</platform>'
}
routed_zone Floyd >"$shapes/floyd.xml"
routed_zone Dijkstra >"$shapes/dijkstra.xml"
routed_zone Full >"$shapes/full.xml"

# shape file | hosts | fastest bandwidth in B/s
cases=(
  "crossbar.xml|c-*|125e6"
  "backbone.xml|c-1 c-3 c-5 c-7 c-9 c-11 c-13 c-15|250e6"
  "fat-tree.xml|c-*|125e6"
  "dragonfly.xml|node-?.simgrid.org node-1[0-5].simgrid.org|125e6"
  "torus.xml|zone:c|125e6"
  "floyd.xml|zone:site|125e6"
  "dijkstra.xml|h-7 h-0 h-6 h-1 h-5 h-2 h-4 h-3|125e6"
  "full.xml|h-*|125e6"
  "$REPO/platforms/two-sites.xml|a-0.lyon a-1.lyon n-1 n-4 a-2.lyon a-3.lyon n-2 n-5|2.25e9"
)

value=1000000  # bytes of one value
algorithms=$(family_algorithms reduce)

# check_model NAME TOLERANCE ARGS...: runs `hetcoll ARGS --engine model` and passes if it gives
# the means of $tmp/simgrid.csv (same rows, relative TOLERANCE), or stops with the one line
# that says flows share a link; any other number or failure fails.
check_model() {
  local name=$1 tolerance=$2
  shift 2
  if hetcoll "$@" --engine model --output "$tmp/model.csv"; then
    if paste -d, "$tmp/simgrid.csv" "$tmp/model.csv" | awk -F, -v tolerance="$tolerance" '
         NR == 1 { half = NF / 2; for (i = 1; i <= half; ++i) if ($i == "mean") m = i; next }
         { ++rows; s = $m; o = $(m + half); d = s - o; if (d < 0) d = -d; if (d > tolerance * s) bad = 1 }
         END { exit bad || rows == 0 }'; then
      pass "$name: the model engine gives SimGrid's values (to $tolerance)"
    else
      fail "$name: model engine" "$(diff "$tmp/simgrid.csv" "$tmp/model.csv" | head -n 3 | tr '\n' ' ')"
    fi
  else
    fail "$name: model engine" "it did not run: $(excerpt)"
  fi
}

for entry in "${cases[@]}"; do
  IFS='|' read -r file hosts fastest <<<"$entry"
  [[ $file == /* ]] || file=$shapes/$file
  shape=$(basename "$file" .xml)
  for cluster in platform file; do
    # 8 hosts: every algorithm applies (optimal takes up to 12).
    args=(run --family reduce --cluster "$cluster" --platform "$file" --hosts "$hosts" --processors 8
      --algorithms "$algorithms" --message "$value" --cv 0 --replications 1 --quiet)
    name="$shape, cluster = $cluster"
    if ! hetcoll "${args[@]}" --engine simgrid --output "$tmp/simgrid.csv"; then
      fail "$name on SimGrid" "$(excerpt)"
      continue
    fi
    # Column by name: every algorithm's mean against 3 values in a row on the fastest link (8
    # hosts: a tree of whole values is 3 deep), or, for Rabenseifner's reduce-scatter + gather
    # (column `chosen`: the row's or its selector's choice), which splits the value, against the
    # 7/8 of a value its root receives in the gather.
    if awk -F, -v bound="$(awk -v v="$value" -v b="$fastest" 'BEGIN { printf "%.17g", v / b }')" '
         NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
         { ++rows
           split_value = $column["chosen"] == "mpi-rabenseifner" || $column["chosen"] == "mpich-reduce-scatter-gather"
           least = (split_value ? 7 / 8 : 3) * bound
           if ($column["mean"] < least * (1 - 1e-12)) { print $1 " takes " $column["mean"]; bad = 1 } }
         END { exit bad || rows == 0 }' "$tmp/simgrid.csv" >"$tmp/bound"; then
      pass "$name on SimGrid: every algorithm takes at least 3 values in a row on the fastest link (7/8 of one if it splits values)"
    else
      fail "$name on SimGrid" "below the bound: $(tr '\n' ' ' <"$tmp/bound")"
    fi
    check_model "$name" 1e-9 "${args[@]}"
  done
done

# Redistribution: shape file | senders | receivers | matrix rows x columns | the base speed in
# Mbit/s (the GCD of the NICs and the backbone: the matrix's unit, so `exact` gets whole
# weights) | backbone_shared.
redistribute_cases=(
  "crossbar.xml|c-[0-3]|c-8 c-9 c-1[0-1]|4x4|1000|0"
  "backbone.xml|c-[0-3]|c-8 c-9 c-1[0-1]|4x4|1000|1"
  "fat-tree.xml|c-[0-3]|c-8 c-9 c-12 c-13|4x4|1000|0"
  "dragonfly.xml|node-[0-3].simgrid.org|node-6[0-3].simgrid.org|4x4|1000|1"
  "floyd.xml|h-[0-3]|h-[4-7]|4x4|100|1"
  "dijkstra.xml|h-3 h-2 h-1 h-0|h-4 h-5 h-6 h-7|4x4|100|1"
  "full.xml|h-[0-3]|h-[4-7]|4x4|100|1"
  "$REPO/platforms/two-sites.xml|zone:lyon|zone:nancy|8x6|20|1"
)
redistribute_algorithms=$(family_algorithms redistribute)
# Five messages of 1 to 3 units, in the first four rows and columns.
matrix() {  # ROWS COLUMNS UNIT
  awk -v rows="$1" -v columns="$2" -v unit="$3" 'BEGIN {
    w[1, 1] = 2; w[1, 2] = 1; w[2, 2] = 3; w[3, 4] = 2; w[4, 1] = 1
    for (r = 1; r <= rows; ++r) {
      line = ""
      for (c = 1; c <= columns; ++c) line = line (c > 1 ? "," : "") ((r, c) in w ? w[r, c] * unit : 0)
      print line
    }
  }'
}

for entry in "${redistribute_cases[@]}"; do
  IFS='|' read -r file senders receivers size unit shared <<<"$entry"
  [[ $file == /* ]] || file=$shapes/$file
  shape=$(basename "$file" .xml)
  matrix "${size%x*}" "${size#*x}" "$unit" >"$tmp/matrix.csv"
  args=(run --family redistribute --platform "$file" --senders "$senders" --receivers "$receivers"
    --matrix "$tmp/matrix.csv" --replications 1 --quiet)
  for uncapped in 0 1; do
    name="$shape, redistribute, uncapped = $uncapped"
    if ! hetcoll "${args[@]}" --algorithms "$redistribute_algorithms" --uncapped "$uncapped" --engine simgrid \
      --output "$tmp/simgrid.csv"; then
      fail "$name on SimGrid" "$(excerpt)"
      continue
    fi
    if awk -F, -v shared="$shared" '
         NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
         { ++rows
           if ($column["over_link_bound_min"] < 1 - 1e-9) { print $1 " beats the link bound: " $column["mean"]; bad = 1 }
           if ($column["backbone_shared_min"] != shared) { print $1 ": backbone_shared " $column["backbone_shared_min"]; bad = 1 } }
         END { exit bad || rows == 0 }' "$tmp/simgrid.csv" >"$tmp/bound"; then
      pass "$name on SimGrid: every algorithm takes at least the link bound (backbone_shared = $shared)"
    else
      fail "$name on SimGrid" "$(tr '\n' ' ' <"$tmp/bound")"
    fi
    # One algorithm at a time: the model engine stops at the first that shares a link.
    cp "$tmp/simgrid.csv" "$tmp/simgrid-all.csv"
    for algorithm in $redistribute_algorithms; do
      awk -F, -v a="$algorithm" 'NR == 1 || $1 == a' "$tmp/simgrid-all.csv" >"$tmp/simgrid.csv"
      check_model "$name, $algorithm" 1e-9 "${args[@]}" --algorithms "$algorithm" --uncapped "$uncapped"
    done
  done
done

# A torus: each host's routes leave it on different links, so a host has no NIC of its own.
matrix 4 4 1000 >"$tmp/matrix.csv"
for engine in simgrid model; do
  if hetcoll run --family redistribute --platform "$shapes/torus.xml" --senders "c-[0-3]" --receivers "c-[4-7]" \
    --matrix "$tmp/matrix.csv" --replications 1 --quiet --engine "$engine" --output "$tmp/torus.csv"; then
    fail "torus, redistribute on $engine" "ran: the model has no NIC for its hosts"
  elif (($? == 2)) && (($(count_lines "$tmp/stderr") == 1)) && grep -q "torus.xml: .*c-0" "$tmp/stderr" &&
    [[ ! -e $tmp/torus.csv ]]; then
    pass "torus, redistribute on $engine: refused in one line naming the file and the host ($(head -c 120 "$tmp/stderr"))"
  else
    fail "torus, redistribute on $engine" "not a one-line refusal naming the file and c-0: $(excerpt)"
  fi
done

# Divisible load and broadcast on the same shapes and hosts: the first host is the master or the
# root. SimGrid's values must be plausible: a broadcast sends its message at least once (no
# faster than message / the fastest link's bandwidth); a divisible schedule processes a positive
# load with at least one worker. The model engine gives SimGrid's values or stops.
# optimal enumerates every pair of orders: documented for at most 5 workers.
divisible_algorithms=$(family_algorithms divisible optimal)
# Broadcast: the family's default list, every heuristic that runs with costs = platform.
for entry in "${cases[@]}"; do
  IFS='|' read -r file hosts fastest <<<"$entry"
  [[ $file == /* ]] || file=$shapes/$file
  shape=$(basename "$file" .xml)
  for family in divisible broadcast; do
    if [[ $family == divisible ]]; then
      args=(run --family divisible --platform "$file" --hosts "$hosts" --algorithms "$divisible_algorithms"
        --replications 1 --quiet)
      check='NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
             { ++rows; if (!($column["mean"] > 0 && $column["mean"] < 1e300 && $column["enrolled_mean"] >= 1)) {
                 print $1 " gives " $column["mean"] " with " $column["enrolled_mean"] " workers"; bad = 1 } }
             END { exit bad || rows == 0 }'
      claim="every algorithm processes a positive load with at least one worker"
    else
      # SimGrid's exact max-min (network/optim:Full): its default lazy update lets a flow keep a
      # rate above its share on the fat-tree and the dragonfly when another joins its link
      # (docs/design.md, "Why both engines agree to the last bit", item 5); the model engine
      # ignores the setting and always solves exactly.
      args=(run --family broadcast --costs platform --platform "$file" --hosts "$hosts"
        --message "$value" --replications 1 --quiet --cfg network/optim:Full)
      bound=$(awk -v v="$value" -v b="$fastest" 'BEGIN { printf "%.17g", v / b }')
      check='NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
             { ++rows; if ($column["mean"] < '"$bound"' * (1 - 1e-12)) { print $1 " takes " $column["mean"]; bad = 1 } }
             END { exit bad || rows == 0 }'
      claim="every algorithm takes at least one message on the fastest link"
    fi
    name="$shape, $family"
    if ! hetcoll "${args[@]}" --engine simgrid --output "$tmp/simgrid.csv"; then
      fail "$name on SimGrid" "$(excerpt)"
      continue
    fi
    if awk -F, "$check" "$tmp/simgrid.csv" >"$tmp/bound"; then
      pass "$name on SimGrid: $claim"
    else
      fail "$name on SimGrid" "implausible: $(tr '\n' ' ' <"$tmp/bound")"
    fi
    # SimGrid settles each event to its precision (1e-9 s): off the binary grid, a run of tens
    # of messages with latencies drifts by a few ns (3e-9 of a divisible run on the torus).
    check_model "$name" 1e-7 "${args[@]}"
  done
done

# SimGrid 3.32's lazy-update error, as docs/design.md ("Why both engines agree to the last bit",
# item 5) reports it: under its default network/optim:Lazy, Open MPI's binary broadcast of 1 MB
# over the fat-tree's 16 hosts ends 3.4 % before max-min allows (0.0544759 s against the model
# engine's and network/optim:Full's 0.0564009). This check fails once a SimGrid release no longer
# has the error: the docs' item and the choice of Lazy as the default are then to be revisited.
args=(run --family broadcast --costs platform --platform "$shapes/fat-tree.xml" --hosts 'c-*'
  --algorithms mpi-binary --message 1e6 --replications 1 --quiet)
if hetcoll "${args[@]}" --engine simgrid --output "$tmp/lazy.csv" &&
  hetcoll "${args[@]}" --engine simgrid --cfg network/optim:Full --output "$tmp/full.csv"; then
  if paste -d, "$tmp/lazy.csv" "$tmp/full.csv" | awk -F, '
       NR == 1 { half = NF / 2; for (i = 1; i <= half; ++i) if ($i == "mean") m = i; next }
       { lazy = $m; full = $(m + half); exit !(lazy < full * 0.98) }'; then
    pass "fat-tree, mpi-binary broadcast: SimGrid's Lazy update ends it early, Full does not (the documented error)"
  else
    fail "fat-tree, mpi-binary broadcast under Lazy and Full" \
      "they agree: this SimGrid no longer has the lazy-update error docs/design.md reports"
  fi
else
  fail "fat-tree, mpi-binary broadcast under Lazy and Full" "it did not run: $(excerpt)"
fi

finish
