"""The tcgen05 instruction forms of PTX ISA 9.7.16 as data, for the ptxas
differential cases.

A Form is one spelling of one instruction: its qualifiers and operands, as
structured values (not text) so that mutate.py can change one thing at a time.
`valid` says whether the manual's syntax and rules allow the spelling on some
target; it is not a prediction of ptxas's verdict on a given .target/.version
(that is what the harness measures).
"""
from dataclasses import dataclass

from vocabulary import name_words, words

# Register name prefix for each register type; gen_cases.py declares all of them.
PREFIX = {"pred": "%p", "b16": "%rs", "b32": "%r", "b64": "%rd", "f32": "%f"}

# Fixed register numbers per operand role, so a case reads like the manual.
N_TADDR, N_NCOLS, N_IDESC, N_ATMEM, N_SCALE_A, N_SCALE_B, N_SPMETA, N_REDVAL = 1, 2, 3, 4, 5, 6, 7, 8
N_ADESC, N_BDESC, N_ZCM, N_SDESC, N_ALLOC_DST, N_MBAR = 1, 2, 3, 4, 5, 6
N_VEC = 10          # first register of ld/st vectors (up to 256 of them)
N_DOL = 20          # first register of disable-output-lane


@dataclass(frozen=True)
class Qual:
    text: str               # as written after a '.', e.g. "cta_group::1"
    group: str              # the choice it makes: "cta_group", "kind", "shape", ...
    required: bool = True   # mandatory in the manual's syntax


@dataclass(frozen=True)
class Operand:
    role: str               # "taddr", "adesc", "dol", "split", ...
    kind: str               # "reg", "addr" ([reg]), "vec" ({regs}) or "imm"
    type: str = "b32"       # register type of reg/addr/vec operands
    regs: tuple = ()        # register numbers
    value: int = 0          # immediate value
    last_type: str = ""     # a vector whose last element has another type
    raw: str = ""           # kind "raw": the operand's text as written

    def text(self):
        if self.kind == "raw":
            return self.raw
        names = [PREFIX[self.type] + str(n) for n in self.regs]
        if self.last_type:
            names[-1] = PREFIX[self.last_type] + str(self.regs[-1])
        if self.kind == "reg":
            return names[0]
        if self.kind == "addr":
            return "[" + names[0] + "]"
        if self.kind == "vec":
            return "{" + ", ".join(names) + "}"
        return str(self.value)


@dataclass(frozen=True)
class Stmt:
    opcode: str             # "tcgen05", "tcgen05.mma.sp", ...
    quals: tuple
    operands: tuple

    def text(self, split=False):
        """The statement; split=True puts the operands on a second line, as
        the manual's examples do for long mma statements."""
        head = self.opcode + "".join("." + q.text for q in self.quals)
        if not self.operands:
            return head + ";"
        ops = ", ".join(o.text() for o in self.operands)
        return head + ("\n\t\t" if split else " ") + ops + ";"


@dataclass(frozen=True)
class Form:
    family: str             # "alloc", "ld", "ld.red", "mma.ws.sp", ...
    slug: str               # unique within the family; part of case names
    stmt: Stmt
    valid: bool             # allowed by the manual's syntax and rules on some target
    features: tuple = ()    # gated features (per the PTX ISA / Target ISA notes)
    cta_group: int = 0      # 0: the instruction has no .cta_group


# Alternatives of each qualifier group, from the checker's tables
# (vocabulary.py): a "conflict" mutation adds another member of the group
# next to the one present.
ALTERNATIVES = {
    "cta_group": words("CtaGroup", "Alloc"),
    "kind": words("Kind", "Mma"),
    "ldshape": words("Shape", "Ld"),
    "cpshape": words("Shape", "Cp"),
    "num": words("Num", "Ld"),
    "multicast": words("Multicast", "Cp"),
    "src_fmt": words("SrcFmt", "Cp"),
    "scale_vec": words("ScaleVec", "Mma"),
    "collector": words("Collector", "Mma"),
    "collector_b": words("Collector", "MmaWs"),
    "redop": words("RedOp", "LdRed"),
    "redtype": words("Type", "LdRed"),
    "wait": name_words("Wait"),
    "fence": name_words("Fence"),
}

# Plausible misspellings of qualifiers, for the "misspell" mutation.
WRONG = {
    "b32": "b64", "b64": "b32", "shared::cta": "shared::cluster",
    "shared::cluster": "shared::cta", "down": "up", "sync": "async",
    "aligned": "unaligned", "mbarrier::arrive::one": "mbarrier::arrive::two",
    "multicast::cluster": "multicast::cta", "pack::16b": "pack::32b",
    "unpack::16b": "unpack::32b", "block_scale": "block_scale::2X", "b8x16": "b8x32",
    "ashift": "bshift", "abs": "neg", "NaN": "nan",
}


def q(text, group=None, required=True):
    return Qual(text, group or text, required)


def reg(role, n, type="b32"):
    return Operand(role, "reg", type, (n,))


def addr(role, n, type="b32"):
    return Operand(role, "addr", type, (n,))


def vec(role, first, count, type="b32"):
    return Operand(role, "vec", type, tuple(range(first, first + count)))


def imm(role, value):
    return Operand(role, "imm", value=value)


def cg(n):
    return q(f"cta_group::{n}", "cta_group")


def slug_of(quals, tags=()):
    """A file-name-safe slug: qualifiers, then operand-variant tags."""
    parts = [x.text.replace("::", "_") for x in quals] + list(tags)
    return ".".join(parts)


def form(family, opcode, quals, operands, tags=(), valid=True, features=(), cta_group=0):
    stmt = Stmt(opcode, tuple(quals), tuple(operands))
    return Form(family, slug_of(quals, tags), stmt, valid, tuple(features), cta_group)


# ---------------------------------------------------------------------------
# 9.7.16.7.1 alloc / dealloc / relinquish_alloc_permit

def alloc_forms():
    for n in (1, 2):
        for space in (None, "shared::cta"):
            for dst_type in ("b64", "b32"):
                for ncols in ("reg", 32, 512):
                    quals = [cg(n), q("sync"), q("aligned")]
                    if space:
                        quals.append(q(space, "space", required=False))
                    quals.append(q("b32"))
                    nc = reg("ncols", N_NCOLS) if ncols == "reg" else imm("ncols", ncols)
                    tags = ["dst32"] if dst_type == "b32" else []
                    tags.append(f"ncols_{ncols}")
                    # LLVM's short-pointer mode writes a 32-bit address register.
                    yield form("alloc", "tcgen05.alloc", quals,
                               [addr("dst", N_ALLOC_DST, dst_type), nc], tags, cta_group=n)
        for ncols in ("reg", 32, 512):
            nc = reg("ncols", N_NCOLS) if ncols == "reg" else imm("ncols", ncols)
            yield form("dealloc", "tcgen05.dealloc", [cg(n), q("sync"), q("aligned"), q("b32")],
                       [reg("taddr", N_TADDR), nc], [f"ncols_{ncols}"], cta_group=n)
        yield form("relinquish_alloc_permit", "tcgen05.relinquish_alloc_permit",
                   [cg(n), q("sync"), q("aligned")], [], cta_group=n)


# ---------------------------------------------------------------------------
# 9.7.16.8 ld / st / wait

NUMS = [int(n[1:]) for n in ALTERNATIVES["num"]]
# Table 47/48: 32-bit registers per .x1, per shape; larger .num scale it.
REGS_PER_X1 = {"16x64b": 1, "32x32b": 1, "16x32bx2": 1, "16x128b": 2, "16x256b": 4}


def vector_size(shape, num):
    """Registers in the ld/st vector; sizes past 128 are the 'NA' cells."""
    return REGS_PER_X1[shape] * num


def ld_forms():
    for shape in REGS_PER_X1:
        for num in NUMS:
            size = vector_size(shape, num)
            for pack in (False, True):
                quals = [q("sync"), q("aligned"), q(shape, "ldshape"), q(f"x{num}", "num")]
                if pack:
                    quals.append(q("pack::16b", "pack", required=False))
                quals.append(q("b32"))
                ops = [vec("r", N_VEC, size), addr("taddr", N_TADDR)]
                if shape == "16x32bx2":
                    ops.append(imm("split", 2))
                yield form("ld", "tcgen05.ld", quals, ops, valid=size <= 128)


def st_forms():
    for shape in REGS_PER_X1:
        for num in NUMS:
            size = vector_size(shape, num)
            for unpack in (False, True):
                quals = [q("sync"), q("aligned"), q(shape, "ldshape"), q(f"x{num}", "num")]
                if unpack:
                    quals.append(q("unpack::16b", "unpack", required=False))
                quals.append(q("b32"))
                ops = [addr("taddr", N_TADDR)]
                if shape == "16x32bx2":
                    ops.append(imm("split", 2))
                ops.append(vec("r", N_VEC, size))
                yield form("st", "tcgen05.st", quals, ops, valid=size <= 128)


def ld_red_form(shape, num, op, type, abs_=False, nan=False, type_first=False, pack=False):
    """tcgen05.ld.red: the manual writes .redOp{.abs}{.NaN}.type; CCCL emits
    the type first (.type.redOp.abs); both spellings occur in the corpus."""
    tail = [q(op, "redop")]
    if abs_:
        tail.append(q("abs", required=False))
    if nan:
        tail.append(q("NaN", required=False))
    tq = q(type, "redtype")
    tail = [tq] + tail if type_first else tail + [tq]
    quals = [q("sync"), q("aligned"), q(shape, "ldshape"), q(f"x{num}", "num")]
    if pack:
        quals.append(q("pack::16b", "pack", required=False))
    quals += tail
    rt = "f32" if type == "f32" else "b32"
    ops = [vec("r", N_VEC, vector_size(shape, num), rt), reg("redval", N_REDVAL, rt),
           addr("taddr", N_TADDR)]
    if shape == "16x32bx2":
        ops.append(imm("split", 2))
    valid = (shape in ("32x32b", "16x32bx2") and num >= 2 and not pack
             and (type == "f32" or not (abs_ or nan)))
    return form("ld.red", "tcgen05.ld.red", quals, ops, ["typefirst"] if type_first else [],
                valid=valid, features=["ld.red"])


def ld_red_forms():
    for shape in ("32x32b", "16x32bx2"):
        for num in NUMS:        # .x1 too, which .red does not allow
            yield ld_red_form(shape, num, "min", "u32")
            yield ld_red_form(shape, num, "max", "f32", abs_=True)
        for op in ALTERNATIVES["redop"]:
            for type in ALTERNATIVES["redtype"]:
                for abs_ in (False, True):
                    for nan in (False, True):
                        for type_first in (False, True):
                            yield ld_red_form(shape, 4, op, type, abs_, nan, type_first)
    # Shapes and qualifiers the manual does not allow with .red.
    for shape in ("16x64b", "16x128b", "16x256b"):
        yield ld_red_form(shape, 4, "min", "u32")
    yield ld_red_form("32x32b", 4, "min", "u32", pack=True)


def wait_forms():
    for w in ALTERNATIVES["wait"]:
        yield form("wait", "tcgen05", [q(w, "wait"), q("sync"), q("aligned")], [])


# ---------------------------------------------------------------------------
# 9.7.16.9 cp / shift

CP_SHAPE_MULTICAST = {"128x256b": None, "4x256b": None, "128x128b": None,
                      "64x128b": "warpx2", "32x128b": "warpx4"}


def cp_forms():
    for n in (1, 2):
        for shape, needs in CP_SHAPE_MULTICAST.items():
            for mc in (None, *ALTERNATIVES["multicast"]):
                for fmt in (None, *ALTERNATIVES["src_fmt"]):
                    quals = [cg(n), q(shape, "cpshape")]
                    if mc:
                        quals.append(q(mc, "multicast", required=False))
                    if fmt:
                        quals += [q("b8x16", "dst_fmt", required=False),
                                  q(fmt, "src_fmt", required=False)]
                    ok = (needs is None and mc is None) or (needs and mc and mc.startswith(needs))
                    yield form("cp", "tcgen05.cp", quals,
                               [addr("taddr", N_TADDR), reg("sdesc", N_SDESC, "b64")],
                               valid=bool(ok), cta_group=n)


def shift_forms():
    # The manual's syntax says .cta_group.down, its examples .down.cta_group.
    for n in (1, 2):
        yield form("shift", "tcgen05.shift", [cg(n), q("down")], [addr("taddr", N_TADDR)],
                   features=["shift"], cta_group=n)
        yield form("shift", "tcgen05.shift", [q("down"), cg(n)], [addr("taddr", N_TADDR)],
                   features=["shift"], cta_group=n)


# ---------------------------------------------------------------------------
# 9.7.16.11 fence, 9.7.16.12 commit

def fence_forms():
    for f in ALTERNATIVES["fence"]:
        yield form("fence", "tcgen05", [q(f, "fence")], [])


def commit_forms():
    for n in (1, 2):
        for space in (None, "shared::cluster"):
            for mc in (False, True):
                for addr_type in ("b64", "b32"):
                    quals = [cg(n), q("mbarrier::arrive::one", "completion")]
                    if space:
                        quals.append(q(space, "space", required=False))
                    if mc:
                        quals.append(q("multicast::cluster", "multicast", required=False))
                    quals.append(q("b64"))
                    ops = [addr("mbar", N_MBAR, addr_type)]
                    if mc:
                        ops.append(reg("ctamask", 1, "b16"))
                    yield form("commit", "tcgen05.commit", quals, ops,
                               ["mbar32"] if addr_type == "b32" else [], cta_group=n)


# ---------------------------------------------------------------------------
# 9.7.16.10.9 mma, mma.sp, mma.ws, mma.ws.sp

PLAIN_KINDS = ["f16", "tf32", "f8f6f4", "i8"]
SCALED_KINDS = ["mxf8f6f4", "mxf4", "mxf4nvf4"]
# Table 54: the scale-vector sizes each block-scaled kind allows ("" = none given).
SCALE_VEC_OK = {
    "mxf8f6f4": {"", "scale_vec::1X", "block32"},
    "mxf4": {"", "scale_vec::2X", "block32"},
    "mxf4nvf4": {"scale_vec::2X", "scale_vec::4X", "block16", "block32"},
}


def kind_features(kind):
    return [f"kind::{kind}"] if kind in ("i8", "mxf4", "mxf4nvf4") else []


def mma_stmt(family, n, kind, a_tmem, *, block_scale=False, scale_vec="", dol=False,
             scale_d=False, collector="", ashift="", zcm=False):
    """One mma-family statement. ashift is "" or "before"/"after" the collector."""
    sparse = family.endswith(".sp")
    quals = [cg(n), q(f"kind::{kind}", "kind")]
    if block_scale:
        quals.append(q("block_scale"))
    if scale_vec:
        quals.append(q(scale_vec, "scale_vec", required=False))
    coll = [q(collector, "collector_b" if ".b" in collector else "collector", False)] if collector else []
    ash = [q("ashift", required=False)] if ashift else []
    quals += ash + coll if ashift == "before" else coll + ash
    ops = [addr("d", N_TADDR),
           addr("a", N_ATMEM) if a_tmem else reg("a", N_ADESC, "b64"),
           reg("b", N_BDESC, "b64")]
    if sparse:
        ops.append(addr("spmeta", N_SPMETA))
    ops.append(reg("idesc", N_IDESC))
    if block_scale:
        ops += [addr("scale_a", N_SCALE_A), addr("scale_b", N_SCALE_B)]
    if dol:
        ops.append(vec("dol", N_DOL, 4 * n))
    ops.append(reg("enable_d", 1, "pred"))
    if scale_d:
        ops.append(imm("scale_d", 3))
    if zcm:
        ops.append(reg("zcm", N_ZCM, "b64"))
    tags = ["atmem" if a_tmem else "adesc"]
    tags += ["dol"] if dol else []
    tags += ["scaled"] if scale_d else []
    tags += ["zcm"] if zcm else []
    opcode = "tcgen05." + family
    return quals, ops, tags, opcode


def mma_form(family, n, kind, a_tmem, valid, **kw):
    quals, ops, tags, opcode = mma_stmt(family, n, kind, a_tmem, **kw)
    features = kind_features(kind)
    if kw.get("scale_d"):
        features.append("scale-input-d")
    sv = kw.get("scale_vec", "")
    if sv:
        features.append(sv.split("::")[0])   # "scale_vec" or "block16"/"block32"
    return form(family, opcode, quals, ops, tags, valid, features, n)


def mma_forms(family):
    """tcgen05.mma / tcgen05.mma.sp (family 'mma' or 'mma.sp')."""
    for n in (1, 2):
        for a_tmem in (False, True):
            # Plain kinds: disable-output-lane and scale-input-d in all combinations.
            for kind in PLAIN_KINDS:
                for dol in (False, True):
                    for scale_d in (False, True):
                        yield mma_form(family, n, kind, a_tmem, not scale_d or kind in ("f16", "tf32"),
                                       dol=dol, scale_d=scale_d)
                # Collector usage and .ashift (only with A in Tensor Memory, never
                # with ::fill or ::use).
                for coll in ["", *ALTERNATIVES["collector"]]:
                    for ashift in ("", "before", "after"):
                        if not coll and not ashift:
                            continue
                        if not coll and ashift == "after":
                            continue
                        ok = not ashift or (a_tmem and coll not in ("collector::a::fill", "collector::a::use"))
                        yield mma_form(family, n, kind, a_tmem, ok, collector=coll, ashift=ashift)
            # Block-scaled kinds: every scale-vector size (Table 54), and the collector.
            for kind in SCALED_KINDS:
                for sv in ["", *ALTERNATIVES["scale_vec"]]:
                    yield mma_form(family, n, kind, a_tmem, sv in SCALE_VEC_OK[kind],
                                   block_scale=True, scale_vec=sv)
                default_sv = "block32" if kind == "mxf4nvf4" else ""
                for coll in ALTERNATIVES["collector"]:
                    yield mma_form(family, n, kind, a_tmem, True, block_scale=True,
                                   scale_vec=default_sv, collector=coll)
            # Spellings outside the manual's forms: block scaling on a plain kind,
            # a scaled kind without .block_scale, .ashift / disable-output-lane /
            # scale-input-d with block scaling, a collector of mma.ws.
            yield mma_form(family, n, "f16", a_tmem, False, block_scale=True)
            yield mma_form(family, n, "mxf8f6f4", a_tmem, False)
            yield mma_form(family, n, "mxf8f6f4", a_tmem, False, block_scale=True, ashift="before")
            yield mma_form(family, n, "mxf8f6f4", a_tmem, False, block_scale=True, dol=True)
            yield mma_form(family, n, "mxf4", a_tmem, False, block_scale=True, scale_d=True)
            yield mma_form(family, n, "f16", a_tmem, False, collector="collector::b0::fill")
            yield mma_form(family, n, "f16", a_tmem, False, zcm=True)


def mma_ws_forms(family):
    """tcgen05.mma.ws / tcgen05.mma.ws.sp: .cta_group::1 only, collector for B."""
    for a_tmem in (False, True):
        for kind in PLAIN_KINDS:
            for zcm in (False, True):
                yield mma_form(family, 1, kind, a_tmem, True, zcm=zcm)
            for coll in ALTERNATIVES["collector_b"]:
                yield mma_form(family, 1, kind, a_tmem, True, collector=coll)
            # Not in the mma.ws forms: .cta_group::2, collector::a, disable-output-lane,
            # scale-input-d, .ashift.
            yield mma_form(family, 2, kind, a_tmem, False)
        yield mma_form(family, 1, "f16", a_tmem, False, collector="collector::a::fill")
        yield mma_form(family, 1, "f16", a_tmem, False, dol=True)
        yield mma_form(family, 1, "f16", a_tmem, False, scale_d=True)
        yield mma_form(family, 1, "f16", a_tmem, False, ashift="before")
        for kind in SCALED_KINDS:
            yield mma_form(family, 1, kind, a_tmem, False, block_scale=True,
                           scale_vec="block32")


# ---------------------------------------------------------------------------

FAMILIES = ["alloc", "dealloc", "relinquish_alloc_permit", "ld", "ld.red", "st", "wait",
            "cp", "shift", "fence", "commit", "mma", "mma.sp", "mma.ws", "mma.ws.sp"]


def all_forms():
    """Every form, in a fixed order, without duplicate (family, slug)."""
    gens = [alloc_forms(), ld_forms(), ld_red_forms(), st_forms(), wait_forms(), cp_forms(),
            shift_forms(), fence_forms(), commit_forms(), mma_forms("mma"),
            mma_forms("mma.sp"), mma_ws_forms("mma.ws"), mma_ws_forms("mma.ws.sp")]
    seen = set()
    out = []
    for g in gens:
        for f in g:
            key = (f.family, f.slug)
            if key not in seen:
                seen.add(key)
                out.append(f)
    order = {fam: i for i, fam in enumerate(FAMILIES)}
    out.sort(key=lambda f: order[f.family])     # stable: keeps generation order within
    return out
