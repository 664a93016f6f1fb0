"""Compares the options of the README's usage block with those the tool
has: each option --help lists is in the block, and each option the block
names is one the tool has (--help, its aliases, or the options it reads
itself: --color, -W<group>).

usage: check-readme-usage.py README HELP MAN_PAGE
"""
import re
import sys

readme = open(sys.argv[1]).read()
help_text = open(sys.argv[2]).read()
page = open(sys.argv[3]).read()

block = readme.split("## Usage", 1)[1].split("```", 2)[1]
named = set()
for m in re.finditer(r"(?<![\w<-])(-{1,2}[A-Za-z][\w-]*)", block):
    word = m.group(1)
    # -jN and -Wno-<group>: the option, not its value.
    word = re.sub(r"^-j\w+$", "-j", word)
    named.add(word.rstrip("-"))

section = help_text.split("tcgen05-check options:", 1)[1].split("EXIT CODES:", 1)[0]
helped = {m.group(1) for m in re.finditer(r"^  (-{1,2}[\w-]+)", section, re.M)}
# LLVM spells a long option of one dash as it is registered ("--Werror");
# the README writes the clang spelling ("-Werror").
def spellings(name):
    bare = name.lstrip("-")
    return {name, "-" + bare, "--" + bare}

missing = [h for h in sorted(helped) if not spellings(h) & named]
assert not missing, f"the README's usage block does not name {missing}"

known = set()
for m in re.finditer(r"^\.TP\n\\fB(.*?)\\fR", page, re.M):
    name = re.match(r"(-{1,2}[\w-]*)", m.group(1).replace("\\-", "-"))
    if name:
        known |= spellings(name.group(1).rstrip("-"))
known |= {"--version", "--help", "-W", "-Wno", "-Werror", "-Wno-error"}
unknown = sorted(n for n in named if n not in known)
assert not unknown, f"the README's usage block names options the tool does not have: {unknown}"
# The warning groups, as --help lists them.
groups = re.search(r"\(groups: ([^)]*)\)", re.sub(r"\s+", " ", help_text)).group(1)
flat = re.sub(r"\s+", " ", block)
absent = [g for g in groups.split(", ") if not re.search(r"(?<![\w-])" + re.escape(g) + r"(?![\w-])", flat)]
assert not absent, f"the README's usage block does not name the groups {absent}"
print(f"README usage ok: {len(helped)} options")
