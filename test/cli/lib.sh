#!/usr/bin/env bash
# Shared by the CLI test scripts (smoke.sh, faults.sh, ...): source it after setting nothing;
# it takes the hetcoll binary as its first argument.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"
#
# It gives each script a private $tmp (removed on exit), pass/fail counters with `finish`
# printing `N passed, M failed` last, a time-limited `hetcoll` wrapper, and the bad-input check
# every fault case uses: exit status 2, one line on stderr, and no file created or changed.
set -uo pipefail

bin=${1:?usage: SCRIPT.sh path/to/hetcoll}
[[ "$bin" == /* ]] || bin="$(pwd)/$bin"
if [[ ! -x "$bin" ]]; then
  echo "cli test: $bin is not an executable"
  echo "0 passed, 1 failed"
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# hetcoll's work directories go here, so a case can check that none is left behind.
export TMPDIR="$tmp/tmpdir"
mkdir "$TMPDIR"

LIMIT=300   # seconds; every run here takes a few at most, so more means a hang
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1: $2"; }

# hetcoll ARGS...: runs the binary with a time limit, stdout and stderr to $tmp/stdout, $tmp/stderr.
hetcoll() { timeout "$LIMIT" "$bin" "$@" >"$tmp/stdout" 2>"$tmp/stderr"; }

# The start of the last command's stderr, on one line.
excerpt() { head -c 300 "$tmp/stderr" | tr '\n' ' '; }

# Lines in a file, counting an unterminated last line too.
count_lines() { awk 'END { print NR }' "$1"; }

# check NAME COMMAND...: passes if the command succeeds.
check() {
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name" "$* is false"; fi
}

# run_ok NAME ARGS...: runs hetcoll from $d; fails the case unless it exits 0.
run_ok() {
  local name=$1
  shift
  if (cd "$d" && hetcoll "$@"); then return 0; fi
  fail "$name" "exit status $? (stderr: $(excerpt))"
  return 1
}

# A fresh directory for one case's inputs and outputs.
new_dir() { mktemp -d "$tmp/case.XXXXXX"; }

# small_run DIR [KEY VALUE]...: sets ARGS to a small valid model-engine run writing into DIR,
# with each KEY set to VALUE, or left out if VALUE is empty. Each key appears once, so a bad
# value is the only thing wrong with the command.
small_run() {
  local dir=$1 key
  shift
  local -A opt=([family]=reduce [cluster]=platform [algorithms]=tree-dyn [processors]=8 [cv]=1 [ratio]=0
                [replications]=10 [engine]=model [output]="$dir/out.csv")
  while (($# >= 2)); do opt[$1]=$2; shift 2; done
  ARGS=(run)
  for key in family cluster algorithms processors cv ratio replications engine platform output; do
    if [[ -n "${opt[$key]:-}" ]]; then ARGS+=("--$key" "${opt[$key]}"); fi
  done
  ARGS+=(--quiet)
}

# snapshot DIR: every entry below DIR with its type, mode and content hash, one per line, so
# that a created, removed or changed file (or directory) shows as a difference.
snapshot() {
  (cd "$1" && find . -mindepth 1 -printf '%y %m %p\n' | sort && find . -type f -print0 | sort -z |
    xargs -0 -r md5sum)
}

# expect_bad_input NAME DIR [EXTRA_PATH]: runs `hetcoll ARGS` from DIR and checks status 2,
# exactly one line on stderr, no file in DIR created, changed or removed (nor EXTRA_PATH, if
# given, created), and nothing new left in $TMPDIR.
expect_bad_input() {
  local name=$1 dir=$2 extra=${3:-} before after status lines tmp_before
  before=$(snapshot "$dir")
  tmp_before=$(ls -A "$TMPDIR")
  (cd "$dir" && hetcoll "${ARGS[@]}")
  status=$?
  after=$(snapshot "$dir")
  lines=$(count_lines "$tmp/stderr")
  if ((status != 2)); then
    fail "$name" "exit status $status, expected 2 (stderr: $(excerpt))"
  elif ((lines != 1)); then
    fail "$name" "$lines lines on stderr, expected 1: $(excerpt)"
  elif [[ "$before" != "$after" ]]; then
    fail "$name" "files changed: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
  elif [[ -n "$extra" && -e "$extra" ]]; then
    fail "$name" "created $extra"
  elif [[ "$(ls -A "$TMPDIR")" != "$tmp_before" ]]; then
    fail "$name" "left in TMPDIR: $(ls -A "$TMPDIR" | head -n 3 | tr '\n' ' ')"
  else
    pass "$name ($(cat "$tmp/stderr"))"
  fi
}

# family_algorithms FAMILY [EXCLUDED]: the family's algorithms as `hetcoll list` gives them,
# space-separated, but EXCLUDED: tests follow the table instead of naming its rows.
family_algorithms() {
  "$bin" list | awk -v family="$1:" -v excluded="${2:-}" '
    /^[a-z]/ { f = $1; section = "" }
    /^  [a-z]/ { section = $1 }
    f == family && section == "algorithms:" && /^    [a-z]/ && $1 != excluded { print $1 }' | tr '\n' ' '
}

# A valid SimGrid platform of two hosts, each with its own up and down links.
write_two_host_platform() {
  cat >"$1" <<'EOF'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="cluster" routing="Cluster">
    <host id="host0" speed="1e15f"/>
    <host id="host1" speed="1e15f"/>
    <link id="host0_UP" bandwidth="1e15Bps" latency="0s"/>
    <link id="host0_DOWN" bandwidth="1e15Bps" latency="0s"/>
    <link id="host1_UP" bandwidth="1e15Bps" latency="0s"/>
    <link id="host1_DOWN" bandwidth="1e15Bps" latency="0s"/>
    <host_link id="host0" up="host0_UP" down="host0_DOWN"/>
    <host_link id="host1" up="host1_UP" down="host1_DOWN"/>
  </zone>
</platform>
EOF
}


# Prints the closing line and exits with the verdict.
finish() {
  echo "$passed passed, $failed failed"
  ((failed == 0))
  exit
}
