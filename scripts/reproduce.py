#!/usr/bin/env python3
"""Runs every figure scenario of the five papers, draws every figure and checks every claim.

usage: scripts/reproduce.py [--quick] [--jobs N] [--out DIR]   (through scripts/reproduce.sh)

Writes under DIR (default results/reproduction):
  csv/NAME.csv (+ NAME-raw.csv, NAME-trace.csv where the scenario keeps them) and their
      manifests, for each scenario NAME of the table below;
  figures/FIGURE.png, drawn by scripts/plot.py;
  claims.csv, every claim of scenarios/claims/PAPER.toml computed from those CSVs
      (scripts/claims.py);
  report.md, one section per paper: its figures and its claims.
`--quick` runs each scenario with fewer replications (the table's `quick`), enough for every
claim to be judged; the full run uses the scenario files as they are. A rerun skips a scenario
whose manifest shows it was run by this build with the same command and inputs and whose CSV is
the one the manifest names. Progress goes to stderr. Exit status: 0 when every claim has its
expected verdict, 1 when one does not, 2 when a scenario, a figure or a claim fails to compute.
"""
import argparse
import configparser
import hashlib
import json
import os
import subprocess
import sys
import time

import claims as claims_module

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
HETCOLL = os.path.join(ROOT, "build", "hetcoll")


class Run:
    """A scenario of scenarios/; `quick`: its replications under --quick (None: as written)."""

    def __init__(self, name, quick=None):
        self.name = name
        self.quick = quick


class Figure:
    """A figure of scripts/plot.py and the CSVs of this run it reads (NAME or NAME-trace...)."""

    def __init__(self, name, inputs, caption):
        self.name = name
        self.inputs = inputs
        self.caption = caption


class Paper:
    def __init__(self, key, runs, figures):
        self.key = key  # also scenarios/claims/KEY.toml
        self.runs = runs
        self.figures = figures


# The papers' figure scenarios, in the order the report shows them. Quick replication counts
# keep every claim's standard error small enough to judge it (claims use a few standard errors).
PAPERS = [
    Paper("rr8315",
          [Run("rr8315-table1"), Run("rr8315-fig4", quick=20000), Run("rr8315-fig5"), Run("rr8315-fig6")],
          [Figure("rr8315-fig4", ["rr8315-fig4"], "Figure 4: makespan against the CV of the costs, 64 processors"),
           Figure("rr8315-fig5", ["rr8315-fig5"], "Figure 5: Fibonacci-stat over Tree-dyn, CV × μc/μd"),
           Figure("rr8315-fig6", ["rr8315-fig6"], "Figure 6: the best non-commutative method, CV × μc/μd")]),
    Paper("liu",
          [Run("liu-fig1"), Run("liu-fig8"), Run("liu-theorem1", quick=200), Run("liu-theorem3"),
           Run("liu-ratio-gamma", quick=500), Run("liu-ratio-uniform", quick=500), Run("liu-scaling", quick=20)],
          [Figure("liu-fig1", ["liu-fig1-trace"], "Figure 1: the SNF schedule of the cluster 10,5,5,5,4,2,2"),
           Figure("liu-fig8", ["liu-fig8"], "Figure 8: SNF against the optimum on x-and-ones clusters"),
           Figure("liu-ratio", ["liu-theorem1", "liu-theorem3", "liu-ratio-gamma", "liu-ratio-uniform"],
                  "Theorems 1 to 3: planners over the optimum on power-of-two, two-type and random clusters"),
           Figure("liu-scaling", ["liu-scaling"], "Planners over the lower bound as n grows")]),
    Paper("bmr",
          [Run("bmr-fig2"), Run("bmr-fig3"), Run("bmr-theorem2"), Run("bmr-fig4a", quick=200), Run("bmr-fig4b", quick=200),
           Run("bmr-fig4c", quick=200), Run("bmr-optimal-gap", quick=40)],
          [Figure("bmr-fig2", ["bmr-fig2-trace"], "Figure 2: the three-worker star"),
           Figure("bmr-fig3", ["bmr-fig3-trace"], "Figure 3: the optimum is neither FIFO nor LIFO"),
           Figure("bmr-fig4", ["bmr-fig4a", "bmr-fig4b", "bmr-fig4c"], "Figure 4: the heuristics against w/c"),
           Figure("bmr-gap", ["bmr-optimal-gap-raw"], "Past the paper: the heuristics over the optimum on small stars")]),
    Paper("jw",
          [Run("jw-example"), Run("jw-example-platform"), Run("jw-fig7", quick=30), Run("jw-fig8", quick=30),
           Run("jw-fig9", quick=200), Run("jw-sharing", quick=20)],
          [Figure("jw-fig7", ["jw-fig7"], "Figure 7: DGGP over the lower bound against the number of edges"),
           Figure("jw-fig8", ["jw-fig8", "jw-fig8-raw"], "Figure 8: OGGP against DGGP as k grows"),
           Figure("jw-fig9", ["jw-fig9", "jw-fig9-raw"], "Figure 9: how often DGGP beats OGGP"),
           Figure("jw-sharing", ["jw-sharing"], "Past the paper: the schedules under SimGrid's bandwidth sharing")]),
    Paper("steffenel",
          [Run("steffenel-example"), Run("steffenel-fig3"), Run("steffenel-fig4"), Run("steffenel-fig5"),
           Run("steffenel-fig7", quick=3000), Run("steffenel-fig8", quick=3000), Run("steffenel-grid5000")],
          [Figure("steffenel-intra", ["steffenel-fig3", "steffenel-fig4", "steffenel-fig5"],
                  "Figures 3 to 6: intra-cluster broadcast strategies"),
           Figure("steffenel-fig7", ["steffenel-fig7"], "Figure 7: the heuristics against the number of clusters"),
           Figure("steffenel-fig8", ["steffenel-fig8"], "Figure 8: the heuristics, with confidence intervals"),
           Figure("steffenel-sizes", ["steffenel-grid5000"], "Figures 9 and 10: GRID5000, predicted and simulated")]),
    # hetcoll's own findings, beyond the papers (scenarios/claims/hetcoll.toml says so in each claim).
    Paper("hetcoll",
          [Run("reduce-clairvoyance-map"), Run("reduce-uncertain-costs", quick=500), Run("divisible-uncertainty"),
           Run("redistribute-uncertainty", quick=100), Run("broadcast-uncertainty"), Run("reduce-mpi-two-sites"),
           Run("reduce-mpi-rr8315"), Run("broadcast-mpi-two-sites", quick=300), Run("broadcast-mpi-grid5000", quick=20)],
          [Figure("reduce-clairvoyance", ["reduce-clairvoyance-map"],
                  "Beyond the papers: clairvoyant SNF against non-clairvoyant reductions, CV × slow/fast ratio"),
           Figure("reduce-uncertainty", ["reduce-uncertain-costs", "reduce-uncertain-costs-raw"],
                  "Beyond the papers: planners and non-clairvoyant reductions on drawn costs"),
           Figure("divisible-uncertainty", ["divisible-uncertainty", "divisible-uncertainty-raw"],
                  "Beyond the papers: the divisible-load heuristics on drawn costs"),
           Figure("redistribute-uncertainty", ["redistribute-uncertainty", "redistribute-uncertainty-raw"],
                  "Beyond the papers: the redistribution schedules on drawn streams"),
           Figure("broadcast-uncertainty", ["broadcast-uncertainty", "broadcast-uncertainty-raw"],
                  "Beyond the papers: the broadcast heuristics on drawn costs"),
           Figure("against-mpi", ["reduce-mpi-two-sites", "reduce-mpi-rr8315", "broadcast-mpi-two-sites",
                                  "broadcast-mpi-grid5000"],
                  "Beyond the papers: their algorithms against Open MPI's and MPICH's default selections")]),
]


def progress(message):
    print(f"reproduce: {message}", file=sys.stderr, flush=True)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# The name under which configparser keeps the keys of a scenario that come before any [section].
TOP_LEVEL = "hetcoll scenario"


def scenario_keys(path):
    """The keys a scenario file sets, read as hetcoll reads it (Boost.Program_options' config
    file): a UTF-8 byte order mark skipped, `#` to the end of the line a comment, keys and values
    trimmed and case-sensitive, KEY = VALUE split at the first `=`, a line without `=` or a key
    given twice an error, the keys under a [SECTION] line named SECTION.KEY. configparser does
    the parsing; the lines are trimmed and cut at `#` first, since Boost does so where
    configparser would read an indented line as the continuation of a value."""
    # No section is the defaults of the others (Boost has no such section): default_section
    # names one no file can hold.
    parser = configparser.ConfigParser(delimiters=("=",), comment_prefixes=(), inline_comment_prefixes=(),
                                       strict=True, empty_lines_in_values=False, interpolation=None,
                                       default_section="\0")
    parser.optionxform = str  # keys are case-sensitive
    try:
        with open(path, encoding="utf-8-sig") as file:
            lines = [line.split("#", 1)[0].strip() for line in file]
        parser.read_string("\n".join([f"[{TOP_LEVEL}]"] + lines), source=path)
    # Line numbers of the file's own: the section line put before it is line 1 for configparser.
    except configparser.DuplicateOptionError as error:
        raise SystemExit(f"reproduce: {path}: line {error.lineno - 1}: key '{error.option}' given twice") from None
    except configparser.DuplicateSectionError as error:
        raise SystemExit(f"reproduce: {path}: line {error.lineno - 1}: section [{error.section}] given twice") from None
    except configparser.ParsingError as error:
        line, text = error.errors[0]
        raise SystemExit(f"reproduce: {path}: line {line - 1}: {text}, expected KEY = VALUE") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SystemExit(f"reproduce: {path}: cannot read the scenario ({error})") from None
    return {(key if section == TOP_LEVEL else f"{section}.{key}"): value
            for section in parser.sections() for key, value in parser[section].items()}


def command_of(run, csv_dir, quick, jobs):
    scenario = os.path.join("scenarios", run.name + ".ini")
    keys = scenario_keys(os.path.join(ROOT, scenario))
    command = [HETCOLL, "run", scenario, "--output", os.path.join(csv_dir, run.name + ".csv"),
               "--jobs", str(jobs), "--quiet"]
    # Every file the scenario writes goes under DIR, not to results/.
    for key in ("raw", "trace"):
        if keys.get(key):
            command += ["--" + key, os.path.join(csv_dir, f"{run.name}-{key}.csv")]
    if quick and run.quick is not None:
        command += ["--replications", str(run.quick)]
    return command


def hetcoll_revision():
    out = subprocess.run([HETCOLL, "--version"], capture_output=True, text=True, check=True).stdout.split()
    return out[1] if len(out) > 1 else ""


def already_done(command, output, revision):
    """True when OUTPUT's manifest says this build ran this command on these inputs, and OUTPUT
    is still the file it wrote."""
    manifest_path = output + ".manifest.json"
    try:
        with open(manifest_path) as file:
            manifest = json.load(file)
        if manifest.get("hetcoll_revision") != revision:
            return False
        # hetcoll writes its command line with every argument in single quotes.
        if manifest.get("command_line") != "hetcoll" + "".join(f" '{a}'" for a in command[1:]):
            return False
        for item in manifest.get("inputs", []):
            if sha256(item["path"]) != item["sha256"]:
                return False
        files = manifest.get("files", {})
        for key in ("output", "raw", "trace"):
            if files.get(key) and sha256(files[key]) != files.get(key + "_sha256"):
                return False
        return True
    except (OSError, ValueError, KeyError):
        return False


def run_scenarios(runs, csv_dir, quick, jobs):
    revision = hetcoll_revision()
    for i, run in enumerate(runs, 1):
        command = command_of(run, csv_dir, quick, jobs)
        output = os.path.join(csv_dir, run.name + ".csv")
        label = f"[{i}/{len(runs)}] {run.name}"
        if already_done(command, output, revision):
            progress(f"{label}: done already (its manifest matches)")
            continue
        progress(f"{label}: running")
        start = time.monotonic()
        result = subprocess.run(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stderr)
            raise SystemExit(f"reproduce: {run.name} failed (exit {result.returncode})")
        progress(f"{label}: {time.monotonic() - start:.1f} s")


def draw_figures(papers, csv_dir, figure_dir):
    for paper in papers:
        for figure in paper.figures:
            inputs = [os.path.join(csv_dir, name + ".csv") for name in figure.inputs]
            output = os.path.join(figure_dir, figure.name + ".png")
            command = [sys.executable, os.path.join(HERE, "plot.py"), figure.name, *inputs, "--output", output]
            result = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if result.returncode != 0:
                sys.stderr.write(result.stderr)
                raise SystemExit(f"reproduce: figure {figure.name} failed (exit {result.returncode})")
            progress(f"figure {figure.name}")


def write_report(path, papers, rows, quick, seconds):
    claims_dir = claims_module.DEFAULT_CLAIMS
    titles = {}
    for file in claims_module.claim_files(claims_dir):
        key, title, _ = claims_module.read_claims(file)
        titles[key] = title
    lines = ["# hetcoll: reproduction of five papers, and findings beyond them", "",
             f"{'Quick run (fewer replications, scripts/reproduce.sh --quick)' if quick else 'Full run'}, "
             f"{seconds:.0f} s. Every value below is computed from this run's CSVs (csv/) by "
             "scripts/claims.py from the claims of scenarios/claims/; none is typed by hand.", ""]
    unexpected = sum(r["verdict"] != r["expected"] for r in rows)
    lines += [f"{len(rows)} claims: {len(rows) - unexpected} with their expected verdict, {unexpected} without.", ""]
    for paper in papers:
        lines += [f"## {titles.get(paper.key, paper.key)}", ""]
        for figure in paper.figures:
            lines += [f"![{figure.caption}](figures/{figure.name}.png)", "", f"*{figure.caption}*", ""]
        lines += ["| claim | where | statement | paper | hetcoll | verdict | expected |",
                  "|---|---|---|---|---|---|---|"]
        for r in rows:
            if r["paper"] != paper.key:
                continue
            hetcoll = r["hetcoll_value"]
            try:
                hetcoll = f"{float(hetcoll):.6g}"
            except ValueError:
                pass
            expected = r["expected"] + (f" ({r['reason']})" if r["reason"] else "")
            mark = "" if r["verdict"] == r["expected"] else " **(unexpected)**"
            lines.append(f"| {r['id']} | {r['where']} | {r['statement']} | {r['paper_value']} | {hetcoll} | "
                         f"{r['verdict']}{mark} | {expected} |")
        lines.append("")
    with open(path + ".part", "w") as file:
        file.write("\n".join(lines))
    os.replace(path + ".part", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer replications (at most 10 minutes on 2 cores)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes per scenario")
    parser.add_argument("--out", default=os.path.join("results", "reproduction"), help="output directory")
    args = parser.parse_args()
    if args.jobs < 1:
        print("reproduce: --jobs expects a whole number >= 1", file=sys.stderr)
        return 2
    out = os.path.abspath(args.out)
    csv_dir, figure_dir = os.path.join(out, "csv"), os.path.join(out, "figures")
    os.makedirs(csv_dir, exist_ok=True)
    os.makedirs(figure_dir, exist_ok=True)
    start = time.monotonic()
    run_scenarios([r for p in PAPERS for r in p.runs], csv_dir, args.quick, args.jobs)
    draw_figures(PAPERS, csv_dir, figure_dir)
    try:
        rows = claims_module.check_all(csv_dir, claims_module.DEFAULT_CLAIMS)
    except claims_module.ClaimError as error:
        print(f"reproduce: {error}", file=sys.stderr)
        return 2
    claims_module.write_rows(rows, os.path.join(out, "claims.csv"))
    seconds = time.monotonic() - start
    write_report(os.path.join(out, "report.md"), PAPERS, rows, args.quick, seconds)
    unexpected = [r for r in rows if r["verdict"] != r["expected"]]
    for r in unexpected:
        progress(f"claim {r['paper']} {r['id']}: {r['verdict']}, expected {r['expected']} "
                 f"(paper {r['paper_value']}, hetcoll {r['hetcoll_value']})")
    progress(f"{len(rows)} claims, {len(unexpected)} unexpected; {seconds:.0f} s; report {out}/report.md")
    print(f"claims: {len(rows) - len(unexpected)} passed, {len(unexpected)} failed")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
