#!/usr/bin/env python3
"""Every PTX ISA section the project cites exists in the manual's excerpts,
and a rule of the tcgen05 tables about an instruction cites that
instruction's section (or a shared one: shapes, descriptors, the memory
model), not another instruction's: "tcgen05.ld needs a .sync qualifier"
must not send the reader to the alloc section.

usage: check-sections.py SOURCE_ROOT SPEC_DIR
"""
import glob
import os
import re
import sys

SECTION = re.compile(r"\b(9\.7\.\d+(?:\.\d+)+)\b")
# The chapters the manual's excerpts hold.
COVERED = ("9.7.15.5", "9.7.16", "9.7.17", "9.7.18", "9.7.19")
# Sections of those chapters that the excerpts leave out and rules cite from
# the public manual: the syntax of wgmma.mma_async (the excerpts hold only its
# register fragments, 9.7.15.5.1).
PUBLIC = {"9.7.15.5.2"}


def headings(spec):
    found = set()
    for path in glob.glob(os.path.join(spec, "*.txt")):
        for line in open(path, encoding="utf-8", errors="replace"):
            # An excerpt's first heading may follow a space.
            m = re.match(r"^\s*(\d+(?:\.\d+)+)\.\s", line)
            if m:
                found.add(m.group(1))
    return found


def rows(text):
    """The rows of a .def table: NAME(args...) spanning lines, as (name,
    args text, line)."""
    for m in re.finditer(r"^([A-Z_]+)\(((?:[^()]|\([^()]*\))*)\)", text, re.M):
        yield m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1


def main():
    root, spec = sys.argv[1], sys.argv[2]
    known = headings(spec)
    problems = []
    cited = 0
    sources = (glob.glob(os.path.join(root, "lib/**/*.def"), recursive=True) +
               glob.glob(os.path.join(root, "include/**/*.def"), recursive=True) +
               glob.glob(os.path.join(root, "lib/**/*.cpp"), recursive=True) +
               glob.glob(os.path.join(root, "docs/**/*.md"), recursive=True) +
               [os.path.join(root, "README.md")])
    for path in sources:
        rel = os.path.relpath(path, root)
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            for s in SECTION.findall(line):
                # Sections of chapters the excerpts do not hold (integer
                # arithmetic, in comments) are the public manual's.
                if not s.startswith(COVERED):
                    continue
                cited += 1
                if s not in known and s not in PUBLIC:
                    problems.append(f"{rel}:{n}: cites {s}, which the manual's excerpts do not have")

    # Each form's own section, and the form groups, from the tables.
    tables = os.path.join(root, "lib/Sema/Tcgen05")
    vocabulary = os.path.join(root, "include/tcgen05/AST")
    own = {}
    for name, args, _ in rows(open(os.path.join(vocabulary, "Tcgen05Forms.def")).read()):
        if name == "FORM":
            parts = [a.strip() for a in args.split(",")]
            sec = SECTION.search(args)
            own["F_" + parts[0]] = sec.group(1)
    groups = {}
    for name, args, _ in rows(open(os.path.join(vocabulary, "Tcgen05FormGroups.def")).read()):
        if name == "FORM_GROUP":
            g, expr = args.split(",", 1)
            groups[g.strip()] = expr
    def forms(expr):
        out = set()
        # Forms taken away with & ~X are not in the row.
        expr = re.sub(r"&\s*~\s*\w+", "", expr)
        for word in re.findall(r"\b\w+\b", expr):
            if word in own:
                out.add(word)
            elif word in groups:
                out |= forms(groups[word])
        return out

    def chapter(section):
        # The instruction chapters: 9.7.16.7 - 9.7.16.12 and below.
        parts = section.split(".")
        return ".".join(parts[:4]) if len(parts) >= 4 and 7 <= int(parts[3]) <= 12 else None

    for path in sorted(glob.glob(os.path.join(tables, "*.def")) +
                       [os.path.join(vocabulary, "Tcgen05Qualifiers.def"),
                        os.path.join(vocabulary, "Tcgen05Operands.def")]):
        text = open(path).read()
        for name, args, line in rows(text):
            first = args.split(",", 1)[0]
            row_forms = forms(first)
            sec = SECTION.findall(args)
            if not row_forms or not sec:
                continue
            section = sec[-1]
            if chapter(section) is None:
                continue
            for f in sorted(row_forms):
                # The mma variants (9.7.16.10.9.1-4) share one family of
                # sections: the rules they have in common are in the first.
                family = own[f].rsplit(".", 1)[0] if own[f].startswith("9.7.16.10.9.") else own[f]
                if not (section == family or section.startswith(family + ".") or
                        (family.startswith(section + ".") and section.count(".") >= 4)):
                    problems.append(f"lib/Sema/Tcgen05/{os.path.basename(path)}:{line}: "
                                    f"{name} row for {f} cites {section}, not its own {own[f]}")
    for p in problems:
        print(p)
    print(f"{cited} citations, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
