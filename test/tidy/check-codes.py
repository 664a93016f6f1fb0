#!/usr/bin/env python3
"""rustc's tidy rule for error codes: every diagnostic in the catalogue has a
page in docs/diagnostics, is emitted somewhere in lib/, and is exercised by a
test (its [TCnnnn] or its name appears under test/ or unittests/).  Notes must
be emitted too.

usage: check-codes.py SOURCE_ROOT
"""
import os
import re
import sys


# Codes no test can reach, and why.
UNTESTABLE = {
}


def read_tree(root, exts):
    text = []
    for base, _, files in os.walk(root):
        for name in files:
            if name.endswith(exts):
                with open(os.path.join(base, name), encoding="ascii", errors="replace") as f:
                    text.append(f.read())
    return "\n".join(text)


def main():
    root = sys.argv[1]
    catalogue = open(os.path.join(root, "include/tcgen05/Basic/DiagnosticKinds.def")).read()
    diags = re.findall(r"^DIAG\((\w+), (\d+),", catalogue, re.M)
    notes = re.findall(r"^NOTE\((\w+),", catalogue, re.M)
    lib = read_tree(os.path.join(root, "lib"), (".cpp", ".h")) + \
        read_tree(os.path.join(root, "tools"), (".cpp",))
    tests = read_tree(os.path.join(root, "test"), (".ptx", ".test", ".py")) + \
        read_tree(os.path.join(root, "unittests"), (".cpp",))
    problems = []
    for name, code in diags:
        tc = f"TC{int(code):04d}"
        if not os.path.exists(os.path.join(root, "docs/diagnostics", tc + ".md")):
            problems.append(f"{tc} ({name}) has no docs/diagnostics/{tc}.md")
        if f"DiagID::{name}" not in lib:
            problems.append(f"{tc} ({name}) is never emitted")
        if f"[{tc}]" not in tests and name not in tests and tc not in UNTESTABLE:
            problems.append(f"{tc} ({name}) has no test")
    for name in notes:
        if f"DiagID::{name}" not in lib:
            problems.append(f"note {name} is never emitted")
    for p in problems:
        print(p)
    print(f"{len(diags)} codes, {len(notes)} notes, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
