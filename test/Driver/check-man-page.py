"""Compares the options of a manual page with those --help lists: the
same names, with the same value names.

usage: check-man-page.py PAGE HELP
"""
import re
import sys

page = open(sys.argv[1]).read()
help_text = open(sys.argv[2]).read()


def unroff(s):
    return re.sub(r"\\f[BIR]", "", s).replace("\\-", "-").replace("\\e", "\\")


entries = {}
for m in re.finditer(r"^\.TP\n(\\fB.*)$", page, re.M):
    first = unroff(m.group(1))
    name = re.match(r"(-{1,2}[\w-]+)", first)
    if name:  # not an enumerated value
        entries[name.group(1)] = first

options = {}
section = help_text.split("tcgen05-check options:", 1)[1].split("EXIT CODES:", 1)[0]
for line in section.splitlines():
    m = re.match(r"^  (-{1,2}[\w-]+)(?:[= ]<([^>]*)>)?\s+- ", line)
    if m:
        options[m.group(1)] = m.group(2)
assert options, "no options in --help"
for name, value in options.items():
    assert name in entries, f"{name} is not on the page"
    if value and value not in ("value", "uint"):
        assert entries[name].endswith(value), (name, value, entries[name])
extra = set(entries) - set(options)
# Beyond --help: the aliases it leaves out, and the options cl does not parse.
for name in extra:
    assert re.fullmatch(r"--jobs|-q|-c|--color|-W(no-(error)?)?|-Werror", name), name
print(f"man page ok: {len(options)} options")
