"""The tcgen05 vocabulary, read from the tables the checker is built from
(include/tcgen05/AST/Tcgen05Forms.def, Tcgen05FormGroups.def and
Tcgen05Qualifiers.def), so that the differential cases use the words the
tables declare and no list here restates them.

words(cls, form)   the qualifier words of a class that a form accepts,
                   without the leading '.', in table order
name_words(opcode) the words after 'tcgen05' of every form of an opcode
"""
import os
import re

TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                      "include", "tcgen05", "AST")

ROW = re.compile(r"^([A-Z_]+)\(((?:[^()]|\([^()]*\))*)\)", re.M)
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _rows(name):
    text = open(os.path.join(TABLES, name)).read()
    text = re.sub(r"//[^\n]*", "", text)
    for m in ROW.finditer(text):
        yield m.group(1), m.group(2)


def _split(args):
    """Top-level comma-separated arguments, adjacent string literals joined."""
    out, depth, cur, quoted = [], 0, "", False
    for ch in args:
        if ch == '"':
            quoted = not quoted
        if not quoted and ch in "(":
            depth += 1
        if not quoted and ch in ")":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [("".join(STRING.findall(a)) if a.startswith('"') else a) for a in out]


FORMS = []          # (id, opcode, spelling), in table order
for name, args in _rows("Tcgen05Forms.def"):
    if name == "FORM":
        a = _split(args)
        FORMS.append((a[0], a[1], a[2]))
_IDS = [f[0] for f in FORMS]

GROUPS = {}
for name, args in _rows("Tcgen05FormGroups.def"):
    if name == "FORM_GROUP":
        g, expr = args.split(",", 1)
        GROUPS[g.strip()] = expr


def _bits(expr):
    """The set of form ids a Forms column names: F_x, groups, |, & ~."""
    expr = " ".join(expr.split())
    minus = set()
    for m in re.finditer(r"&\s*~\s*(\w+)", expr):
        minus |= _bits(m.group(1))
    expr = re.sub(r"&\s*~\s*\w+", "", expr)
    out = set()
    for word in re.findall(r"\w+", expr):
        if word.startswith("F_") and word[2:] in _IDS:
            out.add(word[2:])
        elif word in GROUPS:
            out |= _bits(GROUPS[word])
        else:
            raise ValueError(f"unknown form or form group {word!r}")
    return out - minus


QUALS = []          # (forms, class, spelling)
for name, args in _rows("Tcgen05Qualifiers.def"):
    if name == "QUAL":
        a = _split(args)
        QUALS.append((_bits(a[0]), a[1], a[2]))


def words(cls, form):
    if form not in _IDS:
        raise ValueError(f"unknown form {form!r}")
    out = [s.lstrip(".") for forms, c, s in QUALS if c == cls and form in forms]
    if not out:
        raise ValueError(f"form {form} takes no {cls} qualifier")
    return out


def name_words(opcode):
    out = [sp.split(".", 1)[1] for _, op, sp in FORMS if op == opcode]
    if not out:
        raise ValueError(f"unknown opcode {opcode!r}")
    return out
