#!/usr/bin/env python3
"""The README's usage block, written from the manual page, which the tool
writes from the options it registers (tcgen05-check --print-man-page): the
block is never edited by hand.

usage: readme-usage.py --check README MAN_PAGE   fail if the block differs
       readme-usage.py --write README MAN_PAGE   rewrite the block
"""
import re
import sys
import textwrap

WIDTH = 92
COLUMN = 28
SYNOPSIS = """tcgen05-check [options] <file.ptx|directory ...>
  ('-' reads standard input; a directory, the *.ptx files under it)
"""


def unroff(text):
    text = re.sub(r"\\f[BRI]", "", text)
    return text.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")


def section(page, name):
    m = re.search(rf"^\.SH {name}\n(.*?)(?=^\.SH |\Z)", page, re.M | re.S)
    return m.group(1) if m else ""


def entry(spelling, text, indent=2):
    """One option: its spelling, then its text in the second column (on
    the next line when the spelling is too long)."""
    head = " " * indent + spelling
    rest = " " * COLUMN
    if len(head) + 2 <= COLUMN:
        first = head.ljust(COLUMN)
    else:
        first = rest
        head += "\n"
    lines = textwrap.wrap(text, WIDTH - COLUMN, break_on_hyphens=False,
                          break_long_words=False) or [""]
    out = first + lines[0] + "\n" + "".join(rest + l + "\n" for l in lines[1:])
    return (head if first == rest else "") + out


def block(page):
    out = [SYNOPSIS, "\n"]
    lines = section(page, "OPTIONS").splitlines()
    depth = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if line == ".RS":
            depth += 1
        elif line == ".RE":
            depth -= 1
        elif line == ".TP":
            spelling, text = unroff(lines[i + 1]), unroff(lines[i + 2])
            out.append(entry(spelling if depth == 0 else "=" + spelling, text,
                             2 + 4 * depth))
            i += 2
        i += 1
    return "".join(out).replace(" \n", "\n")


def main():
    mode, readme_path, page_path = sys.argv[1:4]
    readme = open(readme_path).read()
    want = block(open(page_path).read())
    m = re.search(r"(## Usage\n\n```\n)(.*?)(```\n)", readme, re.S)
    if not m:
        sys.exit(f"{readme_path}: no ## Usage block")
    if mode == "--write":
        open(readme_path, "w").write(readme[:m.start(2)] + want + readme[m.end(2):])
        return 0
    if m.group(2) != want:
        sys.stdout.writelines(
            f"{readme_path}: the usage block is not the one the manual page gives; "
            f"run test/Driver/readme-usage.py --write {readme_path} MAN_PAGE\n")
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            m.group(2).splitlines(True), want.splitlines(True), "README", "generated"))
        return 1
    print("README usage block ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
