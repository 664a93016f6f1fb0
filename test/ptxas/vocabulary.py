"""The tcgen05 vocabulary, read from the tables the checker is built from
(Tcgen05Forms.def, Tcgen05FormGroups.def and Tcgen05Qualifiers.def, through
tcgen05-check --dump-vocabulary: tables.py), so that the differential cases
use the words the tables declare and no list here restates them.

words(cls, form)   the qualifier words of a class that a form accepts,
                   without the leading '.', in table order
name_words(opcode) the words after 'tcgen05' of every form of an opcode
"""
from tables import load

FORMS = [(f["id"], f["opcode"], f["spelling"]) for f in load()["forms"]]
_IDS = [f[0] for f in FORMS]
QUALS = [(set(q["forms"]), q["class"], q["spelling"]) for q in load()["qualifiers"]]


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
