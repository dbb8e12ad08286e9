#!/usr/bin/env python3
"""Tests of scripts/reproduce.py's reading of scenario files (configparser, set as hetcoll reads).

run: scripts/python.sh test/scripts/test_reproduce.py

hetcoll reads a scenario with Boost.Program_options' config file parser; reproduce.py needs the
same keys (raw and trace, for where the run writes). Every scenario file of scenarios/ is read
both by reproduce.scenario_keys and by a line reading written here from Boost's rules, and must
give the same keys and values; then the rules one at a time on small files: a comment from `#`
anywhere, a byte order mark, trimmed and case-sensitive keys, a value holding `=`, an indented
line that is a key of its own, a [section], and the refusals (a key twice, a line without `=`),
each one line naming the file and the line.
"""
import glob
import os
import subprocess
import sys
import tempfile
import unittest

import reproduce

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def boost_keys(path):
    """Boost's config file rules (boost/program_options/detail/config_file.cpp), line by line:
    cut at '#', trim, skip empty lines, [SECTION] prefixes the keys after it with SECTION.,
    KEY = VALUE split at the first '=' and both trimmed."""
    keys, prefix = {}, ""
    with open(path, encoding="utf-8-sig") as file:
        for line in file:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("[") and line.endswith("]"):
                prefix = line[1:-1].strip() + "."
                continue
            key, value = line.split("=", 1)
            keys[prefix + key.strip()] = value.strip()
    return keys


class ScenarioKeysTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def scenario(self, text, name="s.ini", encoding="utf-8"):
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding=encoding) as file:
            file.write(text)
        return path

    def test_every_scenario_file_gives_the_keys_hetcoll_reads(self):
        files = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.ini")))
        self.assertTrue(files)
        for path in files:
            with self.subTest(scenario=os.path.basename(path)):
                keys = reproduce.scenario_keys(path)
                self.assertEqual(keys, boost_keys(path))
                self.assertIn("family", keys)

    def test_every_figure_scenario_names_the_outputs_reproduce_redirects(self):
        # The figures read NAME-raw.csv and NAME-trace.csv: their scenarios write them.
        for paper in reproduce.PAPERS:
            for figure in paper.figures:
                for name in figure.inputs:
                    for kind in ("raw", "trace"):
                        if name.endswith("-" + kind):
                            scenario = os.path.join(ROOT, "scenarios", name[:-len(kind) - 1] + ".ini")
                            self.assertTrue(reproduce.scenario_keys(scenario).get(kind), f"{scenario}: no {kind}")

    def test_the_rules_of_hetcolls_reading(self):
        path = self.scenario("\ufeff# a comment\nfamily = reduce # after a value\n  Seed=7\n"
                             "output = a=b.csv\n\n[cfg]\nnetwork/model = CM02\n", encoding="utf-8")
        expected = {"family": "reduce", "Seed": "7", "output": "a=b.csv", "cfg.network/model": "CM02"}
        self.assertEqual(reproduce.scenario_keys(path), expected)
        self.assertEqual(boost_keys(path), expected)

    def test_a_key_twice_and_a_line_without_a_value_are_one_line_naming_the_file(self):
        for text, words in (("family = reduce\nseed = 1\nseed = 2\n", "line 3: key 'seed' given twice"),
                            ("family = reduce\nreplications\n", "line 2: 'replications', expected KEY = VALUE")):
            with self.subTest(words=words):
                path = self.scenario(text)
                script = f"import reproduce; reproduce.scenario_keys({path!r})"
                done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
                self.assertEqual(done.returncode, 1, done.stderr)
                self.assertEqual(done.stderr, f"reproduce: {path}: {words}\n")


if __name__ == "__main__":
    unittest.main()
