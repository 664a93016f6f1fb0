#!/usr/bin/env python3
"""rustc's tidy rule for error codes: every diagnostic in the catalogue has a
page in docs/diagnostics, is emitted somewhere in lib/, and is exercised by a
test (its [TCnnnn] or its name appears under test/ or unittests/).  Notes must
be emitted too.  Every page belongs to a catalogue entry and quotes its
message format as the catalogue has it.  A hazard lint has one name: its
row's first column is its diagnostic's name in CamelCase, without the
severity prefix; its checker is check<Name> and its page's title ends with
(<Name>).

usage: check-codes.py SOURCE_ROOT
"""
import os
import re
import sys


# Codes no test can reach, and why.
UNTESTABLE = {
    "TC3001": "the two parses of a statement disagree, which no known input makes them do",
    "TC3014": "the module parser rejects an unclosed address first",
    "TC3017": "the module parser rejects a broken operand first",
    "TC3023": "the module parser rejects a token between operands first",
    "TC3024": "the module parser rejects a token between operands first",
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
    # The hazard lints' diagnostics are declared in their own table.
    hazards = open(os.path.join(root, "include/tcgen05/Basic/Hazards.def")).read()
    catalogue += "\n" + re.sub(
        r'^HAZARD\(\w+, (\w+), (\d+), (\w+), "[^"]*", "[^"]*",\s*("(?:[^"\\]|\\.)*")\)$',
        r"DIAG(\1, \2, \3, \4)", hazards, flags=re.M)
    diags = re.findall(r"^DIAG\((\w+), (\d+),", catalogue, re.M)
    formats = {int(code): fmt for code, fmt in
               re.findall(r'^DIAG\(\w+, (\d+), \w+, "(.*)"\)$', catalogue, re.M)}
    notes = re.findall(r"^NOTE\((\w+),", catalogue, re.M)
    lib = read_tree(os.path.join(root, "lib"), (".cpp", ".h")) + \
        read_tree(os.path.join(root, "tools"), (".cpp",))
    # The descriptor rule table names its diagnostics; its checker emits them.
    rules = open(os.path.join(root, "include/tcgen05/Descriptors/DescriptorRules.def")).read()
    lib += "\n".join("DiagID::" + d for d in
                     re.findall(r"^DESC_RULE\(.*, ((?:err|warn)_\w+), \"", rules, re.M))
    # A lint's diagnostic is emitted through the hazard table's rows.
    if '#include "tcgen05/Basic/Hazards.def"' in lib:
        lib += "".join(f" DiagID::{n}" for n in re.findall(r"^HAZARD\(\w+, (\w+),", hazards, re.M))
    tests = read_tree(os.path.join(root, "test"), (".ptx", ".test", ".py")) + \
        read_tree(os.path.join(root, "unittests"), (".cpp",))
    problems = []
    for lint, name, code in re.findall(r"^HAZARD\((\w+), (\w+), (\d+),", hazards, re.M):
        camel = "".join(w.capitalize() for w in
                        re.sub(r"^(err|warn|remark)_hz_", "", name).split("_"))
        if lint != camel:
            problems.append(f"hazard lint {lint} is named {camel} by its diagnostic {name}")
        if f"tcgen05::check{lint}(" not in lib:
            problems.append(f"hazard lint {lint} has no checker check{lint} in lib/")
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
        tested = f"[{tc}]" in tests or f'"{tc}"' in tests or name in tests
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
        want = formats[code].replace('\\"', '"')
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
