#!/usr/bin/env bash
# Fuzz of every key of every family, read from `hetcoll list` (no family or key is named here):
# each key gets hostile values (negative, -0, huge, tiny, NaN, infinities, words, empty, past
# 2^53 and 2^64, lists where one value is expected), on top of the family's defaults.
#
# usage: test/cli/fuzz_keys.sh path/to/hetcoll      (ctest runs it as cli_fuzz_keys)
#
# Each run must either succeed, with a CSV whose every statistic is a finite number, or be
# refused: exit status 2, one line on stderr naming the key (or the algorithm whose limits the
# value exceeds), no file left. A crash, a hang, a
# backtrace, exit status 1 or a non-finite result fails the case. Prints `N passed, M failed`.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"
LIMIT=60

VALUES=(-1 -0 0 0.5 1 3 1e-300 1e-30 1e300 1e19 18446744073709551617 9007199254740993 nan inf -inf abc ""
  "1 2" "1,0,2" 2.5 0x10)

# family key... : "family key" lines for every parameter of every family, from `hetcoll list`.
keys_of_families() {
  "$bin" list | awk '
    /^[a-z]/ { family = $1; sub(":", "", family); section = "" }
    /^  parameters:/ { section = "p"; next }
    /^  [a-z]/ { section = "" }
    section == "p" && /^    [a-z]/ { print family, $1 }'
}

# example_of FAMILY: the words `hetcoll list` gives as the family's example (its defaults need none).
example_of() {
  "$bin" list | awk -v f="$1" '
    /^[a-z]/ { family = $1; sub(":", "", family) }
    family == f && /^  example: / { sub(/^  example: hetcoll run --family [^ ]* ?/, ""); print }'
}

# fuzz_case FAMILY KEY VALUE: one run on the family's example, judged as the header says.
fuzz_case() {
  local family=$1 key=$2 value=$3 d status lines example=()
  d=$(new_dir)
  read -r -a example <<<"$(example_of "$family")"
  # The key under test replaces the example's value of it.
  local i words=()
  for ((i = 0; i < ${#example[@]}; i += 2)); do
    [[ ${example[i]} == "--$key" ]] || words+=("${example[i]}" "${example[i + 1]}")
  done
  (cd "$d" && hetcoll run --family "$family" "${words[@]}" "--$key" "$value" --replications 2 --engine model \
    --quiet --output o.csv)
  status=$?
  lines=$(count_lines "$tmp/stderr")
  local name="$family --$key '$value'"
  if ((status == 0)); then
    if [[ ! -s $d/o.csv ]]; then
      fail "$name" "exit 0 but no CSV"
    elif tail -n +2 "$d/o.csv" | tr ',' '\n' | grep -qiE '^-?(nan|inf)'; then
      fail "$name" "exit 0 with a non-finite number: $(sed -n 2p "$d/o.csv" | head -c 200)"
    else
      passed=$((passed + 1))
    fi
  elif ((status == 2)); then
    if ((lines != 1)); then
      fail "$name" "$lines lines on stderr: $(excerpt)"
    elif [[ -n "$(ls -A "$d")" ]]; then
      fail "$name" "refused but left $(ls -A "$d" | tr '\n' ' ')"
    elif ! grep -q -- "$key\|command line\|platform\|file\|algorithm '" "$tmp/stderr"; then
      fail "$name" "the message does not name the key: $(excerpt)"
    else
      passed=$((passed + 1))
    fi
  else
    fail "$name" "exit status $status: $(excerpt)"
  fi
  rm -rf "$d"
}

families=0
while read -r family key; do
  families=1
  for value in "${VALUES[@]}"; do fuzz_case "$family" "$key" "$value"; done
done < <(keys_of_families)
((families)) || fail "hetcoll list" "no family key found in its output"

# Common keys, on the first family's defaults.
first=$("$bin" list | awk '/^[a-z]/ { sub(":", "", $1); print $1; exit }')
for key in seed block jobs shard engine cfg platform; do
  for value in -1 -0 0 1e300 18446744073709551616 nan abc "" "1 2" 4294967296 1/0 0/0 2/1 /; do
    fuzz_case "$first" "$key" "$value"
  done
done
echo "fuzzed every key of every family with ${#VALUES[@]} values each"
finish
