#!/usr/bin/env bash
# Every family's default algorithm list runs on its default point: `hetcoll run --family F`,
# for every family `hetcoll list` prints, on both engines, then again with `--platform` of each
# shipped file (platforms/*.xml).
#
# usage: test/cli/family_defaults.sh path/to/hetcoll
#
# A run either exits 0 with a row for every algorithm of the default list (the family's table
# less those a note on stderr leaves out, with their reason), each row holding the replications
# asked and a number as its mean; or it exits 2 with one line on stderr (the notes come only
# after a run that succeeded) and writes nothing. Both engines must run the built-in platform's
# default point; a file may be unable to host a family's default point (each family's doc says
# why, "The defaults" or "Defaults on a platform file").
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" "$@"

families=$("$bin" list | awk '/^[a-z]/ { sub(":$", "", $1); print $1 }')
[[ -n "$families" ]] || { fail "hetcoll list" "printed no family"; finish; }

# The last run's stderr.
errors() { cat "$tmp/stderr"; }

# check_defaults FAMILY ENGINE [PLATFORM]
check_defaults() {
  local family=$1 engine=$2 platform=${3:-} d name status expected got lines
  d=$(new_dir)
  name="$family, $engine engine${platform:+, $(basename "$platform")}"
  ARGS=(run --family "$family" --engine "$engine" --replications 2 --output "$d/out.csv" --quiet)
  [[ -n "$platform" ]] && ARGS+=(--platform "$platform")
  hetcoll "${ARGS[@]}"
  status=$?
  if ((status == 2)); then
    lines=$(count_lines "$tmp/stderr")
    if ((lines != 1)); then
      fail "$name" "exit 2 with $lines lines on stderr: $(excerpt)"
    elif [[ -n "$(ls -A "$d")" ]]; then
      fail "$name" "exit 2 but wrote $(ls -A "$d" | tr '\n' ' ')"
    elif [[ -z "$platform" ]]; then
      fail "$name" "the default point is refused: $(errors)"
    elif [[ -n "$platform" ]] && ! errors | grep -q -e "$(basename "$platform")" -e "key 'platform'"; then
      fail "$name" "the refusal names neither the file nor key 'platform': $(errors)"
    else
      pass "$name: refused in one line ($(errors))"
    fi
    return
  fi
  if ((status != 0)); then
    fail "$name" "exit status $status (stderr: $(excerpt))"
    return
  fi
  # The default list: the table less the algorithms a note leaves out (a limit of theirs) and
  # those of another kind of point, which the dry run of the same command does not list either.
  local planned
  planned=$("$bin" "${ARGS[@]}" --dry-run 2>/dev/null | sed -n 's/^algorithms: [0-9]* (\(.*\))$/\1/p')
  expected=$(for a in $(family_algorithms "$family"); do
               grep -q "^hetcoll: note: .*: $a is left out of the family's list" "$tmp/stderr" && continue
               [[ " $planned " == *" $a "* ]] && echo "$a"
             done | sort | tr '\n' ' ')
  got=$(awk -F, 'NR > 1 { print $1 }' "$d/out.csv" | sort -u | tr '\n' ' ')
  if [[ -z "$got" || "$got" != "$expected" ]]; then
    fail "$name" "rows for '$got', the default list is '$expected'"
  elif ! awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) { if ($i == "replications") r = i; if ($i == "mean") m = i } }
                  NR > 1 && ($r != 2 || $m !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) { bad = 1 }
                  END { exit bad }' "$d/out.csv"; then
    fail "$name" "a row without 2 replications or a numeric mean: $(head -n 3 "$d/out.csv" | tr '\n' ' ')"
  else
    pass "$name: $(($(count_lines "$d/out.csv") - 1)) rows"
  fi
}

for family in $families; do
  for engine in simgrid model; do
    check_defaults "$family" "$engine"
    for platform in "$REPO"/platforms/*.xml; do check_defaults "$family" "$engine" "$platform"; done
  done
done
finish
