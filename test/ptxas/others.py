"""The instructions of PTX ISA 9.7.17 - 9.7.19 and wgmma.mma_async's
register fragments (9.7.15.5.1) as differential forms, read from the
checker's tables (OtherInstructions.def, WgmmaFragments.def, through
tcgen05-check --dump-vocabulary: tables.py) so
that every row, qualifier value, optional part and rule gets a case; ptxas
decides whether the table is right.

other_forms() and wgmma_forms() yield forms.Form values; register_vocabulary()
adds their qualifier alternatives and immediate edges to the mutation tables.
"""
from forms import ALTERNATIVES, Operand, form, imm, q, reg
from tables import load


def _other_rows():
    """The rows of OtherInstructions.def by id, each with its qualifier
    slots, operands and rules, in table order."""
    rows = {}
    for r in load()["other_instructions"]:
        if r["row"] == "instr":
            rows[r["id"]] = dict(opcode=r["opcode"], variant=r["variant"],
                                 targets=r["targets"], quals=[], operands=[], rules=[])
        elif r["row"] == "quals":
            rows[r["id"]]["quals"].append(
                (r["name"], [v.lstrip(".") for v in r["values"].split("|")], r["use"]))
        elif r["row"] == "operand":
            rows[r["id"]]["operands"].append(dict(
                name=r["name"], kind=r["kind"], min=r["min"], max=r["max"], step=r["step"],
                optional=r["presence"] == "Optional", sel=r["sel"]))
        elif r["row"] == "rule":
            rows[r["id"]]["rules"].append(r["rule"])
    return rows


def _family(row):
    return row["opcode"] + ("." + row["variant"].lstrip(".") if row["variant"] else "")


def _in_range(o):
    """The smallest valid immediate of an operand."""
    lo, hi, step = o["min"], o["max"], o["step"]
    if lo > hi:
        return 1
    if step == -1:
        v = 1
        while v < lo:
            v *= 2
        return v
    if step > 0:
        return -(-lo // step) * step
    return lo


def _edges(o):
    """Immediates just outside (or at) the edges of an operand's range."""
    lo, hi, step = o["min"], o["max"], o["step"]
    if lo > hi:
        return ()
    out = [lo - 1, hi + 1, hi]
    if step == -1:
        out += [3, hi * 2]
    elif step > 1:
        out += [lo + 1, hi - step + 1]
    return tuple(dict.fromkeys(out))


# One selector per selector set, as the manual writes them.
SELECTORS = {"ScalarSel": ".b1", "Simd2Mask": ".h10", "Simd2Sel": ".h32",
             "Simd4Mask": ".b3210", "Simd4Sel": ".b7654"}


def _operand(family, o, n, width):
    role = f"{family}:{o['name']}"
    if o["kind"] == "Imm":
        return imm(role, _in_range(o))
    if o["kind"] in ("Result", "Typed", "TypedOrImm"):
        return reg(role, n, "b64" if width == 64 else "b32")
    return reg(role, n, "b32")


def _raw(op, text):
    return Operand(op.role, "raw", raw=text)


def _statement(row, family, chosen, optional_ops, sel=None, neg=None):
    """chosen: slot name -> value or None; sel: operand name -> selector."""
    quals = []
    for name, values, use in row["quals"]:
        v = chosen.get(name)
        if v is None:
            continue
        group = f"{family}:{name}"
        for word in ([v, v] if chosen.get(name + "*2") else [v]):
            quals.append(q(word, group, not use.startswith("Optional")))
    width = 64 if "u64" in (chosen.get("type"), chosen.get("dtype")) else 32
    ops = []
    for i, o in enumerate(row["operands"]):
        if o["optional"] and o["name"] not in optional_ops:
            continue
        op = _operand(family, o, 11 + i, width)
        if sel and o["name"] in sel:
            op = _raw(op, op.text() + sel[o["name"]])
        if neg and o["name"] == neg:
            op = _raw(op, "-" + op.text())
        ops.append(op)
    return quals, ops


def other_forms():
    for rid, row in _other_rows().items():
        family = _family(row)
        base = {name: (None if use.startswith("Optional") else values[0])
                for name, values, use in row["quals"]}
        rules = set(row["rules"])
        has_c = any(o["name"] == "c" and o["optional"] for o in row["operands"])
        optional_ops = [o["name"] for o in row["operands"] if o["optional"]]

        def valid_of(chosen, opt, sel=None, neg=None):
            op2 = chosen.get("op2") or chosen.get("add")
            if "SecondaryNeedsC" in rules and chosen.get("op2") and "c" not in opt:
                return False
            if "DestSelMerge" in rules and sel and "d" in sel and (
                    "c" not in opt or chosen.get("op2")):
                return False
            if "SatNotWithAdd" in rules and chosen.get("sat") and op2:
                return False
            if "PoNotWithNegation" in rules and chosen.get("po") and neg:
                return False
            return True

        def make(chosen, opt=(), tags=(), sel=None, neg=None):
            quals, ops = _statement(row, family, chosen, opt, sel, neg)
            return form(family, row["opcode"], quals, ops, tags,
                        valid_of(chosen, opt, sel, neg), ["other"])

        yield make(base)
        if optional_ops:
            yield make(base, optional_ops, ["allops"])
        for name, values, use in row["quals"]:
            for v in values:
                if not use.startswith("Optional") and v == values[0]:
                    continue
                chosen = dict(base, **{name: v})
                yield make(chosen)
                if has_c and name == "op2":
                    yield make(chosen, ["c"], ["c"])
            if use.endswith("Repeatable"):
                yield make(dict(base, **{name: values[0], name + "*2": True}), (),
                           [f"{name}twice"])
        for o in row["operands"]:
            if o["sel"] != "NoSel":
                s = {o["name"]: SELECTORS[o["sel"]]}
                yield make(base, (), [f"sel_{o['name']}"], sel=s)
                if o["name"] == "d" and has_c:
                    yield make(base, ["c"], [f"sel_{o['name']}", "c"], sel=s)
            if o["kind"] == "VideoNeg":
                yield make(base, (), [f"neg_{o['name']}"], neg=o["name"])
                if any(n == "po" for n, _, _ in row["quals"]):
                    yield make(dict(base, po="po"), (), [f"neg_{o['name']}"], neg=o["name"])
        if "SatNotWithAdd" in rules:
            yield make(dict(base, sat="sat", add="add"))
        if "SatNotWithAdd" not in rules and any(n == "sat" for n, _, _ in row["quals"]) and \
                any(n == "op2" for n, _, _ in row["quals"]):
            yield make(dict(base, sat="sat", op2="add"), ["c"], ["c"])


def _wgmma_rows():
    for f in load()["wgmma"]["fragments"]:
        yield (f["k"], [t.strip(".") for t in f["a_types"].split("|")], f["same"],
               f["d_type"].strip("."), f["n_set"], f["d_div"], f["desc_ops"],
               f["reg_ops"], f["class"])


def _wgmma_quals():
    """(word, classes, use, repeatable, after) of each WGMMA_QUAL row."""
    return [(q["word"].strip("."), q["classes"], q["use"], q["repeatable"],
             q["after"].strip(".")) for q in load()["wgmma"]["qualifiers"]]


def _wgmma_scalars():
    """(name, kind, values, desc_only) of each WGMMA_SCALAR row."""
    return [(c["name"], c["kind"], [int(v) for v in c["values"].split("|")], c["desc_only"])
            for c in load()["wgmma"]["scalars"]]


def _wgmma_ns(nset):
    if nset == "Float":
        return list(range(8, 257, 8))
    return [8, 16, 24, 32] + list(range(48, 257, 16))


def _takes(classes, cls):
    return classes in ("All", cls)


def _wgmma_stmt(row, n, a, b, a_regs, n_regs, k=None, quals_of=None, scalar_of=None):
    """The statement of fragment row with types a, b and N n, A in registers
    or not; quals_of edits the (text, group) qualifier list, scalar_of
    (name, default) gives each scalar operand."""
    rk, _, _, dtype, _, _, desc_ops, reg_ops, cls = row
    words = [(w, f"wgmma:{w}") for w, c, u, _, _ in _wgmma_quals()
             if _takes(c, cls) and u != "Optional"]
    shape = (f"m64n{n}k{k or rk}", "wgmma:shape")
    types = [(dtype, "wgmma:dtype"), (a, "wgmma:atype"), (b, "wgmma:btype")]
    # The name, .sync and .aligned, the shape, the types, then the rest.
    qlist = words[:2] + [shape] + types + words[2:]
    if quals_of:
        qlist = quals_of(qlist)
    quals = [q("mma_async", "wgmma:name")] + [q(t, g) for t, g in qlist]
    d_type = "f32" if dtype == "f32" else "b32"
    ops = [Operand("wgmma:d", "vec", d_type, tuple(range(20, 20 + n_regs))),
           Operand("wgmma:a", "vec", "b32", (10, 11, 12, 13)) if a_regs
           else reg("wgmma:adesc", 1, "b64"),
           reg("wgmma:bdesc", 2, "b64")]
    want = reg_ops if a_regs else desc_ops
    for name, kind, values, desc_only in _wgmma_scalars():
        if len(ops) >= want:
            break
        if a_regs and desc_only:
            continue
        role = "wgmma:" + name.replace("-", "_")
        op = scalar_of(name) if scalar_of else None
        if op is None:
            op = reg(role, 1, "pred") if kind == "PredOrImm" else imm(role, values[-1] if "scale" in name else values[0])
        elif isinstance(op, str):
            op = Operand(role, "raw", raw=op)
        ops.append(op)
    return quals, ops


def wgmma_forms():
    """Every fragment row x type pair x N with A in shared memory, every
    fourth N with A in registers; the N, k and type pairs the tables
    refuse; and per row each qualifier of WGMMA_QUAL dropped, repeated,
    moved or put on a row that does not take it, and each scalar operand
    of WGMMA_SCALAR with each value it takes and values beside them."""
    rows = list(_wgmma_rows())
    all_k = sorted({r[0] for r in rows})
    for row in rows:
        k, atypes, same, dtype, nset, ddiv = row[:6]
        pairs = [(t, t) for t in atypes] if same else [(x, y) for x in atypes for y in atypes]
        ns = _wgmma_ns(nset)
        for a, b in pairs:
            for i, n in enumerate(ns):
                for a_regs in (False, True):
                    if a_regs and (i % 4 or a == "b1"):
                        continue
                    quals, ops = _wgmma_stmt(row, n, a, b, a_regs, n // ddiv)
                    yield form("wgmma", "wgmma", quals, ops, ["areg"] if a_regs else [],
                               True, ["wgmma"])
        a, b = pairs[0]
        bad_ns = [4, 264] if nset == "Float" else [40, 72, 264]
        for n in bad_ns:
            quals, ops = _wgmma_stmt(row, n, a, b, False, max(1, n // ddiv))
            yield form("wgmma", "wgmma", quals, ops, [], False, ["wgmma"])
        for other_k in all_k:
            if other_k != k:
                quals, ops = _wgmma_stmt(row, 8, a, b, False, 8 // ddiv or 1, k=other_k)
                yield form("wgmma", "wgmma", quals, ops, [], False, ["wgmma"])
        if same and len(atypes) > 1:
            quals, ops = _wgmma_stmt(row, 8, atypes[0], atypes[1], False, 8 // ddiv or 1)
            yield form("wgmma", "wgmma", quals, ops, [], False, ["wgmma"])
        yield from _wgmma_syntax_forms(row, a, b)


def _wgmma_syntax_forms(row, a, b):
    cls, n = row[8], 8
    n_regs = n // row[5] or 1

    def make(tags, valid, quals_of=None, scalar_of=None, a_regs=False):
        quals, ops = _wgmma_stmt(row, n, a, b, a_regs, n_regs, quals_of=quals_of,
                                 scalar_of=scalar_of)
        return form("wgmma", "wgmma", quals, ops, tags, valid, ["wgmma"])

    for word, classes, use, repeatable, after in _wgmma_quals():
        if _takes(classes, cls):
            # Dropped: the manual's requirement that ptxas does not enforce
            # is a warning, the verdict an accept.
            if use != "Optional":
                yield make([f"no-{word}"], use != "Required",
                           quals_of=lambda ql, w=word: [x for x in ql if x[0] != w])
            else:
                yield make([f"with-{word}"], True, quals_of=lambda ql, w=word: ql + [(w, f"wgmma:{w}")])
            yield make([f"twice-{word}"], repeatable,
                       quals_of=lambda ql, w=word: ql + [(w, f"wgmma:{w}")])
            # Before the shape: the qualifiers may stand anywhere.
            yield make([f"first-{word}"], True,
                       quals_of=lambda ql, w=word: [(w, f"wgmma:{w}")] + [x for x in ql if x[0] != w])
            if after:
                yield make([f"{word}-before-{after}"], False,
                           quals_of=lambda ql, w=word, f=after: _swap(ql, w, f))
        else:
            yield make([f"with-{word}"], False, quals_of=lambda ql, w=word: ql + [(w, f"wgmma:{w}")])
    # The types before the shape.
    yield make(["types-first"], True,
               quals_of=lambda ql: [x for x in ql if x[1] != "wgmma:shape"] +
               [x for x in ql if x[1] == "wgmma:shape"])
    # .b1 takes A in shared memory only.
    for a_regs in (False, True) if a != "b1" else (False,):
        taken = [s for s in _wgmma_scalars()
                 if not (a_regs and s[3])][:(row[7] if a_regs else row[6]) - 3]
        for name, kind, values, _ in taken:
            tag = name + ("-areg" if a_regs else "")
            for v in sorted(set(values) | {min(values) - 1, max(values) + 1, 0}):
                yield make([f"{tag}={v}"], v in values, scalar_of=lambda s, x=str(v), m=name: x if s == m else None,
                           a_regs=a_regs)
            yield make([f"{tag}=reg"], False, scalar_of=lambda s, m=name: "%r1" if s == m else None,
                       a_regs=a_regs)
            if kind == "PredOrImm":
                yield make([f"{tag}=notpred"], True,
                           scalar_of=lambda s, m=name: "!%p1" if s == m else None, a_regs=a_regs)


def _swap(ql, w, f):
    out = list(ql)
    i = [x[0] for x in out].index(w)
    j = [x[0] for x in out].index(f)
    out[i], out[j] = out[j], out[i]
    return out


def register_vocabulary(immediates):
    """Qualifier alternatives for the conflict mutations, immediate edges
    for the range mutations."""
    for rid, row in _other_rows().items():
        family = _family(row)
        for name, values, use in row["quals"]:
            if len(values) > 1:
                ALTERNATIVES[f"{family}:{name}"] = values
        for o in row["operands"]:
            if o["kind"] == "Imm":
                immediates[f"{family}:{o['name']}"] = _edges(o)
