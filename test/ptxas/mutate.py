"""One-change mutations of a tcgen05 statement, for the ptxas differential cases.

Each mutation changes exactly one thing in a valid statement -- a word of the
instruction's name dropped, repeated or moved among the qualifiers; a
qualifier dropped, duplicated, joined by a conflicting one, misspelt or
swapped with its neighbour; an operand of the wrong register type, vector length, immediate
value or form; an operand too few or too many -- so that a disagreement with
ptxas points at a single rule. mutations() yields (label, Stmt); labels are
unique per statement and become the last part of a case name.
"""
from dataclasses import replace

from forms import ALTERNATIVES, WRONG, Operand, Qual

# Register types tried in place of each operand's type.
OTHER_TYPES = {"b32": ("b64", "f32", "b16"), "b64": ("b32",), "pred": ("b32",),
               "b16": ("b32", "b64"), "f32": ("b32", "b64")}

# Immediates outside (or at the edge of) the range the manual gives, per role.
IMMEDIATES = {
    "ncols": (0, 16, 48, 1024, -32),    # power of 2 in [32, 512]
    "split": (-1, 1, 65536),            # immHalfSplitoff: no range in the manual
    "scale_d": (0, 15, 16, -1),         # scale-input-d in [0, 15]
}

# disable-output-lane has 4 elements with .cta_group::1 and 8 with ::2.
DOL_OTHER_SIZE = {4: 8, 8: 4}


def _with_quals(stmt, quals):
    return replace(stmt, quals=tuple(quals))


def _with_operand(stmt, i, op):
    ops = list(stmt.operands)
    if op is None:
        del ops[i]
    else:
        ops[i] = op
    return replace(stmt, operands=tuple(ops))


def qualifier_mutations(stmt):
    quals = list(stmt.quals)
    for i, q in enumerate(quals):
        if q.required:
            yield f"drop-{q.group}", _with_quals(stmt, quals[:i] + quals[i + 1:])
        yield f"dup-{q.group}", _with_quals(stmt, quals[:i + 1] + [q] + quals[i + 1:])
        alts = [a for a in ALTERNATIVES.get(q.group, ()) if a != q.text]
        if alts:
            other = replace(q, text=alts[0])
            yield (f"conflict-{q.group}-{alts[0].replace('::', '_')}",
                   _with_quals(stmt, quals[:i + 1] + [other] + quals[i + 1:]))
        if q.text in WRONG:
            bad = replace(q, text=WRONG[q.text])
            yield (f"misspell-{q.group}-{WRONG[q.text].replace('::', '_')}",
                   _with_quals(stmt, quals[:i] + [bad] + quals[i + 1:]))
    for i in range(len(quals) - 1):
        swapped = quals[:i] + [quals[i + 1], quals[i]] + quals[i + 2:]
        yield f"swap-{quals[i].group}-{quals[i + 1].group}", _with_quals(stmt, swapped)


def name_mutations(stmt):
    """The words of the instruction's name (tcgen05.mma.ws.sp): each dropped,
    repeated, and a variant word (.ws, .sp, .red) moved among the
    qualifiers, where ptxas takes some (.sp) and not others."""
    head, *names = stmt.opcode.split(".")
    for i, w in enumerate(names):
        rest = names[:i] + names[i + 1:]
        yield f"drop-name-{w}", replace(stmt, opcode=".".join([head] + rest))
        yield (f"dup-name-{w}",
               replace(stmt, opcode=".".join([head] + names[:i + 1] + [w] + names[i + 1:])))
        if i > 0 and stmt.quals:
            moved = Qual(w, "name-" + w)
            without = ".".join([head] + rest)
            yield (f"move-name-{w}-second",
                   replace(stmt, opcode=without, quals=(stmt.quals[0], moved) + stmt.quals[1:]))
            yield f"move-name-{w}-last", replace(stmt, opcode=without, quals=stmt.quals + (moved,))


def operand_mutations(stmt):
    ops = stmt.operands
    for i, op in enumerate(ops):
        role = op.role
        if op.kind in ("reg", "addr", "vec"):
            for t in OTHER_TYPES[op.type]:
                yield f"type-{role}-{t}", _with_operand(stmt, i, replace(op, type=t))
        if op.kind == "vec":
            n = len(op.regs)
            longer = replace(op, regs=op.regs + (op.regs[-1] + 1,))
            yield f"veclen-{role}-{n + 1}", _with_operand(stmt, i, longer)
            if n > 1:
                yield f"veclen-{role}-{n - 1}", _with_operand(stmt, i, replace(op, regs=op.regs[:-1]))
                # One element of another width inside an otherwise right vector.
                odd = "b64" if op.type != "b64" else "b32"
                yield f"vecelem-{role}-{odd}", _with_operand(stmt, i, replace(op, last_type=odd))
            else:
                yield f"unbraced-{role}", _with_operand(stmt, i, replace(op, kind="reg"))
            if role == "dol":
                size = DOL_OTHER_SIZE[n]
                yield (f"dolsize-{size}",
                       _with_operand(stmt, i, replace(op, regs=tuple(range(op.regs[0], op.regs[0] + size)))))
        if op.kind == "addr":
            yield f"unbracketed-{role}", _with_operand(stmt, i, replace(op, kind="reg"))
        if op.kind == "reg":
            yield f"bracketed-{role}", _with_operand(stmt, i, replace(op, kind="addr"))
            yield f"imm-for-{role}", _with_operand(stmt, i, Operand(role, "imm", value=0))
        if op.kind == "imm":
            for v in IMMEDIATES.get(role, ()):
                yield f"imm-{role}-{v}", _with_operand(stmt, i, replace(op, value=v))
            yield f"reg-for-{role}", _with_operand(stmt, i, Operand(role, "reg", "b32", (9,)))
    if ops:
        yield "drop-last-operand", _with_operand(stmt, len(ops) - 1, None)
        yield "extra-operand", replace(stmt, operands=ops + (ops[-1],))
    else:
        yield "extra-operand", replace(stmt, operands=(Operand("x", "reg", "b32", (1,)),))


def mutations(stmt):
    """(label, Stmt) for every one-change mutation of stmt; labels unique."""
    seen = {}
    for label, s in (*name_mutations(stmt), *qualifier_mutations(stmt),
                     *operand_mutations(stmt)):
        k = seen.get(label, 0)
        seen[label] = k + 1
        yield (label if k == 0 else f"{label}-{k + 1}"), s
