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
descriptions = {}
for m in re.finditer(r"^\.TP\n(\\fB.*)\n(.*)$", page, re.M):
    first = unroff(m.group(1))
    name = re.match(r"(-{1,2}[\w-]+)", first)
    if name:  # not an enumerated value
        entries[name.group(1)] = first
        descriptions[name.group(1)] = unroff(m.group(2))

options = {}
values = {}
section = help_text.split("tcgen05-check options:", 1)[1].split("EXIT CODES:", 1)[0]
current = None
for line in section.splitlines():
    m = re.match(r"^  (-{1,2}[\w-]+)(?:[= ]<([^>]*)>)?\s+- ", line)
    if m:
        current = m.group(1)
        options[current] = m.group(2)
        continue
    # An enumerated option's values follow it: "    =ptx   -   ...".
    m = re.match(r"^    =([\w-]+)\s+- ", line)
    if m and current:
        values.setdefault(current, []).append(m.group(1))
assert options, "no options in --help"
for name, value in options.items():
    assert name in entries, f"{name} is not on the page"
    if name in values:
        want = "|".join(values[name])
        assert entries[name].endswith("=" + want), (name, want, entries[name])
    elif value and value not in ("value", "uint"):
        assert entries[name].endswith(value), (name, value, entries[name])
# Beyond --help: the aliases it leaves out, and the options the tool reads
# before LLVM's parser does (--color, -W<group>), which --help lists after
# the exit codes.
extra_help = help_text.split("EXIT CODES:", 1)[1]
for name in set(entries) - set(options):
    assert (descriptions[name].startswith("Alias for ") or
            re.search(r"^  " + re.escape(name) + r"[=<]", extra_help, re.M)), name
print(f"man page ok: {len(options)} options")
