#!/usr/bin/env python3
"""rustc's tidy rule for error codes: every diagnostic in the catalogue has a
page in docs/diagnostics, is emitted somewhere in lib/, and is exercised by a
test (its [TCnnnn] or "TCnnnn" appears under test/, or DiagID::name in the
code of a unit test, not in a comment).  Notes must
be emitted too.  Every page belongs to a catalogue entry and quotes its
message format as the catalogue has it.  The catalogue is read from the
checker (tcgen05-check --dump-vocabulary), not from the .def files.  A hazard lint has one name: its
row's first column is its diagnostic's name in CamelCase, without the
severity prefix; its checker is check<Name>, its page's title ends with
(<Name>), and the table of docs/hazards.md names it in its row.

usage: check-codes.py SOURCE_ROOT
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ptxas"))
import tables  # noqa: E402  (the checker's tables, from tcgen05-check)


# Codes no test can reach, and why.
UNTESTABLE = {
    "TC3001": "the two parses of a statement disagree, which no known input makes them do",
    "TC3014": "the module parser rejects an unclosed address first",
    "TC3017": "the module parser rejects a broken operand first",
    "TC3023": "the module parser rejects a token between operands first",
    "TC3024": "the module parser rejects a token between operands first",
}


def read_tree(root, exts, skip=()):
    text = []
    for base, _, files in os.walk(root):
        if os.path.relpath(base, root).split(os.sep)[0] in skip:
            continue
        for name in files:
            if name.endswith(exts):
                with open(os.path.join(base, name), encoding="ascii", errors="replace") as f:
                    text.append(f.read())
    return "\n".join(text)


def main():
    root = sys.argv[1]
    # The catalogue as the checker has it, hazard lints included.
    vocabulary = tables.load()
    diags = [(d["name"], d["code"]) for d in vocabulary["diagnostics"] if "code" in d]
    formats = {d["code"]: d["format"] for d in vocabulary["diagnostics"] if "code" in d}
    notes = [d["name"] for d in vocabulary["diagnostics"] if d["severity"] == "note"]
    lints = [(h["lint"], h["diagnostic"], h["code"]) for h in vocabulary["hazard_lints"]]
    lib = read_tree(os.path.join(root, "lib"), (".cpp", ".h")) + \
        read_tree(os.path.join(root, "tools"), (".cpp",))
    # The descriptor rule table names its diagnostics; its checker emits them.
    rules = open(os.path.join(root, "include/tcgen05/Descriptors/DescriptorRules.def")).read()
    lib += "\n".join("DiagID::" + d for d in
                     re.findall(r"^DESC_RULE\(.*, ((?:err|warn)_\w+), \"", rules, re.M))
    # A lint's diagnostic is emitted through the hazard table's rows.
    if '#include "tcgen05/Basic/Hazards.def"' in lib:
        lib += "".join(f" DiagID::{name}" for _, name, _ in lints)
    # Not the scripts that list codes to exempt them (here, test/docs).
    tests = read_tree(os.path.join(root, "test"), (".ptx", ".test", ".py"),
                      skip=("tidy", "docs"))
    # A unit test names a diagnostic in code, not in a comment.
    unit_code = "\n".join(line for line in read_tree(os.path.join(root, "unittests"), (".cpp",))
                          .splitlines() if not line.lstrip().startswith("//"))
    problems = []
    hazard_page = open(os.path.join(root, "docs/hazards.md"), encoding="utf-8").read()
    for lint, name, code in lints:
        camel = "".join(w.capitalize() for w in
                        re.sub(r"^(err|warn|remark)_hz_", "", name).split("_"))
        if lint != camel:
            problems.append(f"hazard lint {lint} is named {camel} by its diagnostic {name}")
        if f"tcgen05::check{lint}(" not in lib:
            problems.append(f"hazard lint {lint} has no checker check{lint} in lib/")
        row = re.search(rf"^\| TC{int(code):04d} \| (\w+) \|", hazard_page, re.M)
        if not row or row.group(1) != lint:
            problems.append(f"docs/hazards.md: its table has no row TC{int(code):04d} | {lint}")
        page = os.path.join(root, "docs/diagnostics", f"TC{int(code):04d}.md")
        if os.path.exists(page):
            title = open(page, encoding="utf-8").readline().rstrip()
            if not title.endswith(f"({lint})"):
                problems.append(f"docs/diagnostics/TC{int(code):04d}.md: its title does not end with ({lint})")
    for name, code in diags:
        tc = f"TC{int(code):04d}"
        if not os.path.exists(os.path.join(root, "docs/diagnostics", tc + ".md")):
            problems.append(f"{tc} ({name}) has no docs/diagnostics/{tc}.md")
        if f"DiagID::{name}" not in lib:
            problems.append(f"{tc} ({name}) is never emitted")
        # Text output shows [TCnnnn]; JSON and SARIF tests match "TCnnnn".
        tested = (f"[{tc}]" in tests or f'"{tc}"' in tests or
                  re.search(rf"\bDiagID::{name}\b", unit_code))
        if not tested and tc not in UNTESTABLE:
            problems.append(f"{tc} ({name}) has no test")
    pages = os.path.join(root, "docs/diagnostics")
    for page in sorted(os.listdir(pages)):
        m = re.fullmatch(r"TC(\d{4})\.md", page)
        if not m:
            continue
        code = int(m.group(1))
        if code not in formats:
            problems.append(f"docs/diagnostics/{page} belongs to no catalogue entry")
            continue
        text = open(os.path.join(pages, page), encoding="utf-8").read()
        quoted = re.search(r"Message: `(.*)`\.", text)
        want = formats[code]
        if not quoted or quoted.group(1) != want:
            problems.append(f"docs/diagnostics/{page} does not quote the message `{want}`")
    for name in notes:
        if f"DiagID::{name}" not in lib:
            problems.append(f"note {name} is never emitted")
    for p in problems:
        print(p)
    print(f"{len(diags)} codes, {len(notes)} notes, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
