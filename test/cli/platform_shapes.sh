#!/usr/bin/env bash
# Every platform shape SimGrid offers, with the families run on a few of their hosts (key
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
algorithms=$("$bin" list | awk '
  /^[a-z]/ { family = $1; section = "" }
  /^  [a-z]/ { section = $1 }
  family == "reduce:" && section == "algorithms:" && /^    [a-z]/ { print $1 }' | tr '\n' ' ')

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
    # Column by name: every algorithm's mean against 3 values in a row on the fastest link.
    if awk -F, -v bound="$(awk -v v="$value" -v b="$fastest" 'BEGIN { printf "%.17g", 3 * v / b }')" '
         NR == 1 { for (i = 1; i <= NF; ++i) column[$i] = i; next }
         { ++rows; if ($column["mean"] < bound * (1 - 1e-12)) { print $1 " takes " $column["mean"]; bad = 1 } }
         END { exit bad || rows == 0 }' "$tmp/simgrid.csv" >"$tmp/bound"; then
      pass "$name on SimGrid: every algorithm takes at least 3 values in a row on the fastest link"
    else
      fail "$name on SimGrid" "below the bound: $(tr '\n' ' ' <"$tmp/bound")"
    fi
    if hetcoll "${args[@]}" --engine model --output "$tmp/model.csv"; then
      if paste -d, "$tmp/simgrid.csv" "$tmp/model.csv" | awk -F, '
           NR == 1 { half = NF / 2; for (i = 1; i <= half; ++i) if ($i == "mean") m = i; next }
           { s = $m; o = $(m + half); d = s - o; if (d < 0) d = -d; if (d > 1e-9 * s) bad = 1 }
           END { exit bad }'; then
        pass "$name: the model engine gives SimGrid's makespans"
      else
        fail "$name: model engine" "$(diff "$tmp/simgrid.csv" "$tmp/model.csv" | head -n 3 | tr '\n' ' ')"
      fi
    elif (($? == 2)) && (($(count_lines "$tmp/stderr") == 1)) && grep -q "use --engine simgrid" "$tmp/stderr"; then
      pass "$name: the model engine stops, saying flows share a link ($(head -c 120 "$tmp/stderr"))"
    else
      fail "$name: model engine" "neither SimGrid's numbers nor the sharing message: $(excerpt)"
    fi
  done
done

finish
