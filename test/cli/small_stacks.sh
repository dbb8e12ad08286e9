#!/usr/bin/env bash
# Every shipped scenario runs on SimGrid with the agent stacks that large platforms get
# (kSmallStackKiB, simulator/engine/simgrid/simgrid_session.hpp), and gives the bytes it gives
# with SimGrid's default stacks.
#
# usage: test/cli/small_stacks.sh path/to/hetcoll
#
# Above 2048 hosts agents run on stacks of a few KiB without guard pages (guard pages would
# exhaust the process's memory mappings), where an overflow would corrupt memory silently. An
# agent's depth does not depend on the host count, so here every scenario runs on its own (small)
# platform with those stacks forced and a guard page under each: an overflow is then a SIGSEGV
# and the run fails. The scenarios cover every family and what their agents do: sends with and
# without rate caps, receives, computations, and the end of each actor.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

stack_kib=$(sed -n 's/^inline constexpr int kSmallStackKiB = \([0-9]*\);$/\1/p' \
  "$REPO/simulator/engine/simgrid/simgrid_session.hpp")
if [[ -z "$stack_kib" ]]; then
  fail "kSmallStackKiB found" "no 'inline constexpr int kSmallStackKiB = N;' in simgrid_session.hpp"
  finish
fi

# The scenarios name their inputs and outputs relative to the repository's root.
work=$tmp/work
mkdir -p "$work/results"
ln -s "$REPO/scenarios" "$work/scenarios"
ln -s "$REPO/platforms" "$work/platforms"

for scenario in "$REPO"/scenarios/*.ini; do
  name=$(basename "$scenario" .ini)
  for stacks in default small; do
    rm -rf "$work/results" && mkdir "$work/results"
    cfg=()
    [[ $stacks == small ]] && cfg=(--cfg "contexts/stack-size:$stack_kib" --cfg contexts/guard-size:4096)
    if ! (cd "$work" && hetcoll run "scenarios/$name.ini" --engine simgrid --replications 1 --jobs 2 \
            --output "$tmp/$name-$stacks.csv" --quiet "${cfg[@]}"); then
      fail "$name on SimGrid with $stacks stacks" "$(excerpt)"
      continue 2
    fi
  done
  if cmp -s "$tmp/$name-default.csv" "$tmp/$name-small.csv"; then
    pass "$name: $stack_kib KiB stacks under a guard page, the same bytes"
  else
    fail "$name: $stack_kib KiB stacks under a guard page, the same bytes" \
      "$(diff "$tmp/$name-default.csv" "$tmp/$name-small.csv" | head -n 3 | tr '\n' ' ')"
  fi
done

# A Paje trace (--paje) traces the actors' states, and SimGrid formats each state change on the
# agent's own stack: deeper than the stacks above. Above kManyHosts hosts, where agents' stacks
# are small by default, a traced run (a reduction and a divisible load: sends, receives and
# computations) must still run, and leave the bytes of the run without the trace as they are.
many_hosts=$(sed -n 's/^inline constexpr int kManyHosts = \([0-9]*\);$/\1/p' \
  "$REPO/simulator/engine/simgrid/simgrid_session.hpp")
if [[ -z "$many_hosts" ]]; then
  fail "kManyHosts found" "no 'inline constexpr int kManyHosts = N;' in simgrid_session.hpp"
  finish
fi
hosts=$((many_hosts + 1))
d=$(new_dir)

# expect_traced NAME REFERENCE ARGS...: `hetcoll ARGS --paje` in $d must run, write a trace, and
# give the bytes of REFERENCE (a run without the trace, or the model engine's).
expect_traced() {
  local name=$1 reference=$2
  shift 2
  if ! (cd "$d" && hetcoll "$@" --output traced.csv --paje traced.trace); then
    fail "$name" "$(excerpt)"
  elif [[ ! -s "$d/traced.trace" ]] || ! cmp -s "$d/$reference" "$d/traced.csv"; then
    fail "$name" "no trace, or not the bytes of $reference"
  else
    pass "$name: a trace, and the bytes of $reference"
  fi
}
for family in "reduce --cluster platform --processors $hosts --algorithms tree-dyn --cv 1 --ratio 0.5" \
              "divisible --workers $((hosts - 1)) --cv 1"; do
  name=${family%% *}
  args=(run --family $family --engine simgrid --replications 1 --jobs 1 --quiet)
  if ! (cd "$d" && hetcoll "${args[@]}" --output plain.csv); then
    fail "$name on $hosts hosts" "$(excerpt)"
    continue
  fi
  expect_traced "$name on $hosts hosts with --paje" plain.csv "${args[@]}"
  rm -f "$d"/*
done

# SimGrid's plugins run on the actors' stacks too, at the stack size set for all: host_dvfs
# starts a daemon per host, which overflows 3 KiB. Above kManyHosts hosts a run with it must
# still give the bytes of the run without it (its default governor keeps every speed).
args=(run --family reduce --cluster platform --processors "$hosts" --algorithms tree-dyn --cv 1 --ratio 0.5
  --engine simgrid --replications 1 --jobs 1 --quiet)
if ! (cd "$d" && hetcoll "${args[@]}" --output plain.csv); then
  fail "reduce on $hosts hosts" "$(excerpt)"
elif ! (cd "$d" && hetcoll "${args[@]}" --output dvfs.csv --cfg plugin:host_dvfs); then
  fail "reduce on $hosts hosts with plugin:host_dvfs" "$(excerpt)"
elif ! cmp -s "$d/plain.csv" "$d/dvfs.csv"; then
  fail "reduce on $hosts hosts with plugin:host_dvfs" "not the bytes of the run without it"
else
  pass "reduce on $hosts hosts with plugin:host_dvfs: the bytes of the run without it"
fi

# Guarded stacks take two memory mappings each (vm.max_map_count, 65530 by default): beyond
# what they allow, a traced run drops its guard pages for stacks of 16 KiB (it died of SIGABRT
# in mid-run), and a user's own guard pages are refused in one line, nothing written.
max_maps=$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 65530)
beyond=$((max_maps / 2 + 1000))
args=(run --family reduce --cluster platform --processors "$beyond" --algorithms tree-dyn --cv 1 --ratio 0
  --replications 1 --jobs 1 --quiet)
rm -f "$d"/*
if ! (cd "$d" && hetcoll "${args[@]}" --engine model --output model.csv); then
  fail "reduce on $beyond hosts, model engine" "$(excerpt)"
else
  expect_traced "--paje on $beyond hosts (beyond guarded stacks' mappings)" model.csv "${args[@]}" --engine simgrid
fi
rm -f "$d"/*
ARGS=("${args[@]}" --engine simgrid --output "$d/guarded.csv" --cfg contexts/guard-size:1)
expect_bad_input "contexts/guard-size:1 on $beyond hosts" "$d" "$d/guarded.csv"
grep -q "^hetcoll: cfg: contexts/guard-size:1 on $beyond hosts: .*vm.max_map_count.*; expected at most" "$tmp/stderr" ||
  fail "contexts/guard-size:1 on $beyond hosts: message" "expected vm.max_map_count named: $(excerpt)"

finish
