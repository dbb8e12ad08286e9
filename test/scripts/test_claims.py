#!/usr/bin/env python3
"""Tests of scripts/claims.py: claims computed from CSVs, verdicts, and every paper's file.

run: scripts/python.sh test/scripts/test_claims.py

The claims checker runs in a subprocess, as reproduce.sh runs it: a verdict that is not the
expected one exits 1, a claim that cannot be computed exits 2 with one line naming the claim.
"""
import csv
import os
import subprocess
import sys
import tempfile
import tomllib
import unittest

import reproduce

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CLAIMS = os.path.join(ROOT, "scripts", "claims.py")
CLAIM_FILES = os.path.join(ROOT, "scenarios", "claims")

RESULT = "algorithm,cv,replications,mean,stderr\nsnf,0,10,11,0\nsnf,1,10,8.1,0.02\noptimal,0,10,11,0\n"


def claim(id, paper, value, expected="holds", tolerance=None, reason=None):
    """One [[claim]] table; expressions go in TOML literal strings (three single quotes)."""
    literal = "'" * 3
    lines = ["[[claim]]", f'id = "{id}"', 'where = "Figure 1"', 'statement = "a statement"',
             f"paper = {paper}", f"value = {literal}{value}{literal}", f'expected = "{expected}"']
    if isinstance(tolerance, str):
        lines.append(f"tolerance = {literal}{tolerance}{literal}")
    elif tolerance is not None:
        lines.append(f"tolerance = {tolerance}")
    if reason is not None:
        lines.append(f'reason = "{reason}"')
    return "\n".join(lines) + "\n"


class ClaimsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="hetcoll-claims-")
        self.results = os.path.join(self.dir.name, "results")
        self.claims = os.path.join(self.dir.name, "claims")
        os.makedirs(self.results)
        os.makedirs(self.claims)
        with open(os.path.join(self.results, "fig1.csv"), "w") as f:
            f.write(RESULT)

    def tearDown(self):
        self.dir.cleanup()

    def check(self, *claims):
        with open(os.path.join(self.claims, "paper.toml"), "w") as f:
            f.write('title = "A paper"\n' + "\n".join(claims))
        output = os.path.join(self.dir.name, "claims.csv")
        done = subprocess.run([sys.executable, CLAIMS, self.results, "--claims", self.claims, "--output", output],
                              capture_output=True, text=True)
        rows = []
        if os.path.exists(output):
            with open(output) as f:
                rows = list(csv.DictReader(f))
        return done, rows

    def test_numbers_within_the_tolerance_hold_and_others_differ(self):
        done, rows = self.check(
            claim("exact", 11, "at('fig1', \"algorithm == 'snf' and cv == 0\")", tolerance=1e-9),
            claim("within-stderr", 8.0, "at('fig1', \"algorithm == 'snf' and cv == 1\")",
                  tolerance="10 * at('fig1', \"algorithm == 'snf' and cv == 1\", 'stderr')"),
            claim("wrong", 9, "at('fig1', \"algorithm == 'snf' and cv == 0\")", expected="differs",
                  reason="the paper says 9"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual([(r["id"], r["verdict"]) for r in rows],
                         [("exact", "holds"), ("within-stderr", "holds"), ("wrong", "differs")])
        self.assertEqual(float(rows[1]["tolerance"]), 0.2)
        self.assertIn("3 passed, 0 failed", done.stderr)

    def test_a_statement_is_true_or_false(self):
        done, rows = self.check(claim("snf-optimal", "true",
                                      "at('fig1', \"algorithm == 'snf' and cv == 0\") == at('fig1', "
                                      "\"algorithm == 'optimal'\")"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(rows[0]["hetcoll_value"], "true")

    def test_an_unexpected_verdict_exits_1_naming_the_claim(self):
        done, rows = self.check(claim("exact", 12, "at('fig1', \"algorithm == 'snf' and cv == 0\")"))
        self.assertEqual(done.returncode, 1)
        self.assertIn("exact: differs (expected holds)", done.stderr)
        self.assertEqual(rows[0]["verdict"], "differs")

    def test_a_claim_that_cannot_be_computed_exits_2_with_one_line(self):
        for value in ("at('fig1', \"algorithm == 'snf'\")",  # two rows
                      "at('missing', \"algorithm == 'snf'\")",  # no CSV
                      "at('fig1', \"algorithm == 'snf' and cv == 0\", 'no_such_column')",
                      "undefined_name + 1"):
            done, rows = self.check(claim("bad", 1, value))
            self.assertEqual(done.returncode, 2, value)
            self.assertEqual(len(done.stderr.strip().splitlines()), 1, done.stderr)
            self.assertIn("missing" if "missing" in value else "bad", done.stderr)
            self.assertEqual(rows, [])

    def test_crossing_interpolates_in_log_of_the_axis_and_fails_when_there_is_none(self):
        # mean over cv: 11 at cv 0 (skipped: no log), 8.1 at cv 1; with a level of 9 between
        # cv 0.1 (value 9 - 1) and cv 1 (value 9 + 1) it crosses half-way in log: 10^-0.5.
        with open(os.path.join(self.results, "cross.csv"), "w") as f:
            f.write("algorithm,cv,mean\nsnf,0,11\nsnf,0.1,8\nsnf,1,10\n")
        done, rows = self.check(claim("cross", 0.316227766, "crossing(pivot('cross', 'cv')['snf'], 9)", tolerance=1e-9),
                                claim("flat", 0.5, "crossing(pivot('cross', 'cv')['snf'], 20)"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("flat", done.stderr)
        self.assertIn("never rises through 20", done.stderr)
        done, rows = self.check(claim("cross", 0.316227766, "crossing(pivot('cross', 'cv')['snf'], 9)", tolerance=1e-9))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(rows[0]["verdict"], "holds")

    def test_a_claim_expected_to_differ_needs_its_reason(self):
        done, _ = self.check(claim("wrong", 9, "at('fig1', \"algorithm == 'snf' and cv == 0\")", expected="differs"))
        self.assertEqual(done.returncode, 2)
        self.assertIn("reason", done.stderr)

    def test_every_paper_file_is_well_formed(self):
        # The shipped claims: every claim has its keys, unique ids, a reason where it differs,
        # and names only CSVs that scripts/reproduce.py produces.
        produced = {r.name for p in reproduce.PAPERS for r in p.runs}
        produced |= {name + "-raw" for name in produced} | {name + "-trace" for name in produced}
        papers = {p.key for p in reproduce.PAPERS}
        files = sorted(f for f in os.listdir(CLAIM_FILES) if f.endswith(".toml"))
        self.assertEqual({f[:-5] for f in files}, papers)
        for name in files:
            with open(os.path.join(CLAIM_FILES, name), "rb") as f:
                document = tomllib.load(f)
            ids = [c["id"] for c in document["claim"]]
            self.assertEqual(len(ids), len(set(ids)), name)
            for c in document["claim"]:
                for key in ("where", "statement", "paper", "value", "expected"):
                    self.assertIn(key, c, f"{name} {c['id']}")
                self.assertIn(c["expected"], ("holds", "differs"))
                if c["expected"] == "differs":
                    self.assertTrue(c.get("reason"), f"{name} {c['id']}")
                for csv_name in __import__("re").findall(r"(?:at|table|pivot)\('([^']+)'", c["value"]):
                    self.assertIn(csv_name, produced, f"{name} {c['id']}")


if __name__ == "__main__":
    unittest.main()
