#!/usr/bin/env bash
# CLI smoke test of the built hetcoll binary, as a user runs it.
#
# usage: test/cli/smoke.sh path/to/hetcoll       (scripts/test.sh calls it)
#
# Checks that `hetcoll list` works; that bad input exits with status 2, one line on stderr
# and no file left behind; that results do not depend on --jobs or on --shard + merge (byte
# for byte, on both engines); and the CSV header. Prints one line per check and
# `N passed, M failed` last; exits non-zero if any check failed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

HEADER="algorithm,processors,cv,ratio,spread,slow_fraction,x,levels,cluster_cv,message,segment,replications,mean,stddev,stderr,q10,q50,q90,over_bound_mean,over_bound_max,sender_spread_max,root,chosen,chosen_segment"
# Every reduction algorithm, as `hetcoll list` gives them: the checks below follow the table.
ALL_ALGORITHMS=$(family_algorithms reduce)
ALGORITHM_COUNT=$(wc -w <<<"$ALL_ALGORITHMS")

# ---- hetcoll list ------------------------------------------------------------------------
if hetcoll list; then
  if grep -q '^reduce:' "$tmp/stdout" && grep -q tree-dyn "$tmp/stdout" && grep -q snf "$tmp/stdout"; then
    pass "list names the reduce family, tree-dyn and snf"
  else
    fail "list" "output does not mention the reduce family with tree-dyn and snf"
  fi
else
  fail "list" "exit status $? (stderr: $(excerpt))"
fi

# ---- bad input ---------------------------------------------------------------------------
d=$(new_dir); small_run "$d" algorithms nope
expect_bad_input "unknown algorithm" "$d"

d=$(new_dir)
cat >"$d/bad.ini" <<EOF
family = reduce
algorithms = tree-dyn
processors = 8
replications = 10
engine = model
no-such-key = 3
output = $d/out.csv
EOF
ARGS=(run "$d/bad.ini" --quiet)
expect_bad_input "unknown key in a scenario file" "$d"

d=$(new_dir); small_run "$d" cv -1
expect_bad_input "--cv -1" "$d"

d=$(new_dir); small_run "$d" cv nan
expect_bad_input "--cv nan" "$d"

d=$(new_dir); small_run "$d" processors 0
expect_bad_input "--processors 0" "$d"

d=$(new_dir); small_run "$d" processors abc
expect_bad_input "--processors abc" "$d"

d=$(new_dir); small_run "$d" engine simgrid platform "$d/missing.xml"
expect_bad_input "missing platform file" "$d"

d=$(new_dir)
printf '%s\n' "<?xml version='1.0'?>" '<platform version="4.1">' \
  '  <zone id="cluster" routing="Cluster">' '    <host id="host0" speed="1e15f"' >"$d/broken.xml"
small_run "$d" engine simgrid platform "$d/broken.xml"
expect_bad_input "malformed platform XML" "$d"

d=$(new_dir); write_two_host_platform "$d/two.xml"
small_run "$d" engine simgrid platform "$d/two.xml" processors 4
expect_bad_input "platform with fewer hosts than processors" "$d"

d=$(new_dir); small_run "$d" output /nonexistent-dir/x.csv
expect_bad_input "unwritable output path" "$d" /nonexistent-dir

# The two-host file itself is valid: the failure above is about the host count, not the XML.
d=$(new_dir); write_two_host_platform "$d/two.xml"
small_run "$d" engine simgrid platform "$d/two.xml" processors 2
(cd "$d" && hetcoll "${ARGS[@]}")
status=$?
if ((status == 0)) && [[ -s "$d/out.csv" ]]; then
  pass "a two-host platform file runs with --processors 2"
else
  fail "two-host platform file" "exit status $status, stderr: $(excerpt)"
fi

# ---- same results whatever the split -----------------------------------------------------
# check_split NAME ROWS ARGS...: --jobs 1, --jobs 2 and --shard 0/2 + 1/2 + merge must give
# byte-identical CSVs, with the documented header and ROWS data rows.
check_split() {
  local name=$1 rows=$2 d
  shift 2
  d=$(new_dir)
  local step ok=1
  for step in "jobs1:--jobs 1" "jobs2:--jobs 2" "shard0:--shard 0/2" "shard1:--shard 1/2"; do
    local file=${step%%:*} option=${step#*:}
    # shellcheck disable=SC2086  # option is two words on purpose
    hetcoll "$@" $option --output "$d/$file.csv" ||
      { fail "$name: $option" "exit status $? (stderr: $(excerpt))"; ok=0; }
  done
  ((ok)) || return
  hetcoll merge "$d/shard0.csv" "$d/shard1.csv" --output "$d/merged.csv" ||
    { fail "$name: merge" "exit status $? (stderr: $(excerpt))"; return; }
  local header
  header=$(head -n 1 "$d/jobs1.csv")
  if [[ "$header" == "$HEADER" ]]; then
    pass "$name: CSV header"
  else
    fail "$name: CSV header" "got '$header'"
  fi
  local lines
  lines=$(count_lines "$d/jobs1.csv")
  if ((lines == rows + 1)); then
    pass "$name: one row per point and algorithm ($rows)"
  else
    fail "$name: row count" "$((lines - 1)) data rows, expected $rows"
  fi
  if cmp -s "$d/jobs1.csv" "$d/jobs2.csv"; then
    pass "$name: --jobs 1 and --jobs 2 give the same bytes"
  else
    fail "$name: --jobs 1 vs --jobs 2" "$(diff "$d/jobs1.csv" "$d/jobs2.csv" | head -n 4 | tr '\n' ' ')"
  fi
  if cmp -s "$d/jobs1.csv" "$d/merged.csv"; then
    pass "$name: --shard 0/2 + 1/2 + merge gives the same bytes"
  else
    fail "$name: shards + merge" "$(diff "$d/jobs1.csv" "$d/merged.csv" | head -n 4 | tr '\n' ' ')"
  fi
}

# 2 cv values x every algorithm, on 12 hosts whose times are drawn per replication.
check_split "model engine" $((2 * ALGORITHM_COUNT)) run --family reduce --algorithms "$ALL_ALGORITHMS" \
  --cluster uniform --processors 12 --cv "0.1 1" --replications 3000 --block 500 --seed 7 \
  --engine model --quiet
check_split "simgrid engine" $((2 * ALGORITHM_COUNT)) run --family reduce --algorithms "$ALL_ALGORITHMS" \
  --cluster uniform --processors 12 --cv "0.1 1" --replications 300 --block 100 --seed 7 \
  --engine simgrid --quiet
# and with ⊕ costs, every algorithm that computes ⊕ (the planners model a free ⊕).
check_split "model engine, ratio 0.5" 8 run --family reduce \
  --algorithms "binomial-stat fibonacci-stat tree-dyn non-commut-tree-dyn" \
  --cluster uniform --processors 16 --cv "0.1 1" --ratio 0.5 --replications 3000 --block 500 --seed 7 \
  --engine model --quiet

# ---- a platform file means what the built-in platform means ------------------------------
# `hetcoll platform N` writes the built-in ideal cluster; running on that file must give the
# built-in platform's numbers, on both engines (the unit of cost comes from real links only).
d=$(new_dir)
hetcoll platform 8 --output "$d/ideal8.xml"
file_args=(run --family reduce --cluster platform --processors 8 --cv "0.5 3" --ratio 1 --replications 100 --quiet
  --algorithms "binomial-stat fibonacci-stat tree-dyn non-commut-tree-dyn")
hetcoll "${file_args[@]}" --engine model --output "$d/builtin.csv"
hetcoll "${file_args[@]}" --engine model --platform "$d/ideal8.xml" --output "$d/file-model.csv"
hetcoll "${file_args[@]}" --engine simgrid --platform "$d/ideal8.xml" --output "$d/file-simgrid.csv"
if cmp -s "$d/builtin.csv" "$d/file-model.csv" && cmp -s "$d/builtin.csv" "$d/file-simgrid.csv"; then
  pass "the ideal cluster written to a file gives the built-in numbers on both engines"
else
  fail "platform file" "$(diff "$d/builtin.csv" "$d/file-model.csv" | head -n 3 | tr '\n' ' ')"
fi

# The shipped GRID5000 file runs on SimGrid (the broadcast family surveys its routes) and gives
# the numbers of the platform generated from its latency matrix. A latency file with a platform
# file is refused (it would not apply), so the file's run selects its hosts instead, and only
# the cluster_hosts column differs (empty where it does not apply, generated; 88, the selection).
d=$(new_dir)
grid_args=(run --family broadcast --algorithms "ecef flat" --costs platform --rho 0.3 --clusters 6
  --message 1048576 --replications 1 --engine simgrid --quiet)
hetcoll "${grid_args[@]}" --latency-file "$REPO/platforms/grid5000-88-latency.csv" --output "$d/generated.csv"
hetcoll "${grid_args[@]}" --platform "$REPO/platforms/grid5000-88.xml" --hosts 'p*' --output "$d/file.csv"
without_hosts_column() {  # the CSV without its cluster_hosts column, found by name
  awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "cluster_hosts") skip = i }
           { line = ""; for (i = 1; i <= NF; ++i) if (i != skip) line = line (line == "" ? "" : ",") $i; print line }' "$1"
}
if [[ -s "$d/file.csv" ]] && cmp -s <(without_hosts_column "$d/generated.csv") <(without_hosts_column "$d/file.csv"); then
  pass "platforms/grid5000-88.xml on SimGrid equals the platform generated from its latencies"
else
  fail "grid5000 platform file" "$(excerpt)"
fi

# The revision in --version and in every manifest is that of the sources the binary was built
# from, worked out at build time (a build directory configured at an older commit once stamped
# results with it). Checked where the sources are a git checkout. The commit must match; the
# "-dirty" mark is left out of the comparison, as the tests themselves may write tracked files
# after the build.
# Sources unpacked inside another repository take the fallback (simulator/driver/revision.cmake).
if [[ "$(git -C "$REPO" rev-parse --show-toplevel 2>/dev/null)" == "$(cd "$REPO" && pwd -P)" ]] &&
   expected=$(git -C "$REPO" describe --always --abbrev=7 2>/dev/null) && [[ -n "$expected" ]]; then
  d=$(new_dir); small_run "$d"
  if hetcoll --version && version=$(cat "$tmp/stdout") && hetcoll "${ARGS[@]}" &&
     grep -Eq "\"hetcoll_revision\": *\"$expected(-dirty)?\"" "$d/out.csv.manifest.json" &&
     [[ "$version" == "hetcoll $expected "* || "$version" == "hetcoll $expected-dirty "* ]]; then
    pass "--version and the manifest name the sources' revision ($expected)"
  else
    fail "revision" "expected $expected (git describe); --version says '${version:-}', the manifest $(grep -o '"hetcoll_revision": *"[^"]*"' "$d/out.csv.manifest.json" 2>/dev/null)"
  fi
fi

# Resume, interrupts, kills and merges of mismatched parts are in faults_outputs.sh.

finish
