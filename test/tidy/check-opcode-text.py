#!/usr/bin/env python3
"""What kind of instruction a statement is, is asked of its interned opcode
(Instruction::op(), Instruction::is(), Opcodes.def's columns), never of its
text: a comparison of an opcode's text with a name, or of any string with a
literal that names a PTX instruction, is reported everywhere but the one place
that turns text into an Opcode (lib/Basic/Opcodes.cpp, which the parser
calls).

usage: check-opcode-text.py SOURCE_ROOT [FILE...]
With files, only those are checked (each path as given).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ptxas"))
import tables  # noqa: E402  (the checker's tables, from tcgen05-check)

EXEMPT = ("lib/Basic/Opcodes.cpp",)
COMPARE = re.compile(r'(==|!=)\s*"(\w+)"|"(\w+)"\s*(==|!=)|\.Case\("(\w+)"')
TEXT = re.compile(r"opcode\(\)\.text\(\)\s*(==|!=|\.(starts_with|ends_with|equals)\b)")


def opcode_names(root):
    return {o["name"] for o in tables.load()["opcodes"]}


def sources(root):
    for top in ("lib", "tools", "include"):
        for base, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith((".cpp", ".h")):
                    path = os.path.join(base, name)
                    rel = os.path.relpath(path, root)
                    if not rel.startswith(EXEMPT):
                        yield path, rel


def main():
    root = sys.argv[1]
    names = opcode_names(root)
    files = [(p, p) for p in sys.argv[2:]] or list(sources(root))
    bad = 0
    for path, shown in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                code = line.split("//", 1)[0]
                found = TEXT.search(code)
                for m in COMPARE.finditer(code):
                    word = m.group(2) or m.group(3) or m.group(5)
                    if word in names:
                        found = found or m
                if found:
                    print(f"{shown}:{number}: an opcode told by its text: {line.strip()}")
                    bad += 1
    if bad:
        print(f"{bad} comparison(s); ask Instruction::op() or is() "
              "(include/tcgen05/Basic/Opcodes.def)")
        return 1
    print(f"no opcode is told by its text ({len(names)} names)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
