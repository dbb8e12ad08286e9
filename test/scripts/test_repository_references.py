#!/usr/bin/env python3
"""No file of the repository names a file the repository does not contain.

run: /usr/bin/python3 test/scripts/test_repository_references.py

A clone is all a user has: every path a tracked file names under one of the repository's own
folders (docs/reduce.md, scripts/plot.py, scenarios/jw-*.ini, ...) must exist (a glob must
match), every relative Markdown link must lead to a file, a section a Markdown page names in
another page (`docs/design.md, "When links are shared"`, or the same after a link) must be in
that page, and no file may point outside the repository (a `../shared` folder, the design notes
the project was started from). Paths under results/ and build/ are outputs, made by the commands
that name them, and are not checked; nor are the paths of CHANGELOG.md, which names the files a
release removed.
"""
import glob
import os
import re
import subprocess
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FOLDERS = ("docs", "scripts", "scenarios", "platforms", "test", "simulator", "bench", "python")
EXTENSIONS = ("md", "py", "sh", "ini", "xml", "csv", "cpp", "hpp", "toml", "cmake", "txt", "png", "json")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w.*?/-]*\.(?:%s))(?![\w])" % ("|".join(FOLDERS), "|".join(EXTENSIONS)))
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
# A page and a section of it, quoted after a comma: `docs/design.md, "Platforms"` or
# `[design.md](design.md), "Platforms"`; the quote may wrap onto the next line.
SECTION = re.compile(r"([\w./-]+\.md)\)?,\s+\"([^\"]+)\"")
OUTSIDE = re.compile(r"\.\./shared|shared/(?:DESIGN|ALGORITHMS|STYLE)\.md|\bALGORITHMS\.md")
HISTORY = "CHANGELOG.md"
TEXT = (".md", ".py", ".sh", ".ini", ".cpp", ".hpp", ".toml", ".cmake", ".txt", "CMakeLists.txt", ".xml", "run")


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f.endswith(TEXT) and os.path.isfile(os.path.join(ROOT, f))]


def exists(path, relative_to=None):
    candidates = [os.path.join(ROOT, path)]
    if relative_to:
        candidates.append(os.path.join(ROOT, relative_to, path))
    for candidate in candidates:
        if any(c in path for c in "*?"):
            if glob.glob(candidate):
                return True
        elif os.path.exists(candidate):
            return True
    return False


class RepositoryReferencesTest(unittest.TestCase):
    def test_every_named_path_exists(self):
        missing = []
        for name in tracked_files():
            with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as f:
                text = f.read()
            folder = os.path.dirname(name)
            for number, line in enumerate(text.splitlines(), 1):
                for path in PATH.findall(line) if name != HISTORY else ():
                    path = path.rstrip(".")
                    # A capitalised name is a placeholder (scenarios/claims/PAPER.toml): its
                    # folder must exist.
                    stem = os.path.splitext(os.path.basename(path))[0]
                    if re.fullmatch(r"[A-Z][A-Z_]*", stem) and not exists(path, folder):
                        path = os.path.dirname(path)
                    if not exists(path, folder):
                        missing.append(f"{name}:{number}: {path}")
                if name.endswith(".md"):
                    for link in MARKDOWN_LINK.findall(line):
                        if "://" in link or link.startswith("mailto:"):
                            continue
                        if not os.path.exists(os.path.normpath(os.path.join(ROOT, folder, link))):
                            missing.append(f"{name}:{number}: link {link}")
        self.assertEqual(missing, [], "\n" + "\n".join(missing))

    def test_every_section_a_page_names_is_in_that_page(self):
        missing = []
        for name in tracked_files():
            if not name.endswith(".md"):
                continue
            with open(os.path.join(ROOT, name), encoding="utf-8") as f:
                text = f.read()
            for match in SECTION.finditer(text):
                page, section = match.groups()
                path = os.path.normpath(os.path.join(ROOT, os.path.dirname(name), page))
                if not os.path.exists(path):
                    path = os.path.join(ROOT, page)
                if not os.path.exists(path):
                    continue  # a missing page is test_every_named_path_exists's to report
                with open(path, encoding="utf-8") as f:
                    target = " ".join(f.read().split())
                if " ".join(section.split()) not in target:
                    number = text.count("\n", 0, match.start()) + 1
                    missing.append(f"{name}:{number}: {page}, \"{section}\"")
        self.assertEqual(missing, [], "\n" + "\n".join(missing))

    def test_no_file_points_outside_the_repository(self):
        outside = []
        for name in tracked_files():
            if name == "test/scripts/test_repository_references.py":
                continue
            with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    if OUTSIDE.search(line):
                        outside.append(f"{name}:{number}: {line.strip()[:100]}")
        self.assertEqual(outside, [], "\n" + "\n".join(outside))


if __name__ == "__main__":
    unittest.main()
