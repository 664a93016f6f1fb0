#!/usr/bin/env python3
"""Writes the tcgen05 differential cases: small complete PTX files, one kernel
each, that run_diff.py gives to both ptxas and tcgen05-check.

The sets, all deterministic:
  forms      every instruction form of forms.py, crossed with .target/.version
             (every form on the Blackwell targets that take tcgen05; every 16th
             form on the other combinations, enough to see the gates); and
             every form others.py reads from the tables of 9.7.17 - 9.7.19
             and wgmma's fragments, at home and every 8th on the other targets;
  mutations  one-change mutations (mutate.py) of a spread of valid forms, on a
             target that supports the form;
  operands   every operand kind in every operand position of one valid form
             per family and role;
  mixcg      two statements with different .cta_group in one kernel, and the
             controls: one .cta_group, two kernels, a called .func;
  expressions  operand expressions around a register, a variable and a
             special register's component, and constant expressions.

A case name encodes everything that made it (family, form, target, version,
mutation), so `gen_cases.py OUT --only NAME` rewrites exactly that file. The
tcgen05 statement is sometimes preceded by filler instructions or split over
two lines, chosen from the name's hash, so error line numbers mean something;
manifest.json records each statement's lines.

usage: gen_cases.py OUT_DIR [--sample N | --stratified K] [--seed S] [--only NAME]...
                   [--filter RE]
                            [--list] [--stats]
"""
import argparse
import json
import os
import random
import re
import sys
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forms  # noqa: E402
import mutate  # noqa: E402
import others  # noqa: E402
from forms import Operand  # noqa: E402
from mutate import mutations  # noqa: E402

TARGETS = ["sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f", "sm_120a", "sm_90a"]
VERSIONS = ["8.5", "8.6", "8.7", "8.8", "9.0"]

# The combinations on which every form is generated: the targets that have
# tcgen05, at each .version that knows the target (found with ptxas 13.0:
# sm_100a from 8.6, sm_100f/sm_103a/sm_103f from 8.8, sm_110a/sm_110f from 9.0).
FULL = [("sm_100a", "8.6"), ("sm_100a", "8.7"), ("sm_100a", "8.8"), ("sm_100a", "9.0"),
        ("sm_100f", "8.8"), ("sm_100f", "9.0"), ("sm_103a", "8.8"), ("sm_103a", "9.0"),
        ("sm_103f", "8.8"), ("sm_103f", "9.0"), ("sm_110a", "9.0"), ("sm_110f", "9.0")]
# Every other combination gets every PARTIAL_STRIDE-th form of each family.
PARTIAL_STRIDE = 16
# Valid forms per family that get every mutation (more if needed to cover
# every qualifier and operand form).
MUTATED_PER_FAMILY = 16
HOME = ("sm_100a", "9.0")
# tcgen05.ld.red is not on sm_100a; mutate it where it exists.
HOME_BY_FAMILY = {"ld.red": ("sm_103a", "9.0"), "wgmma": ("sm_90a", "9.0")}
TCGEN05_FAMILIES = set(forms.FAMILIES) | {"mixcg", "wgmma"}
# The instructions of 9.7.17 - 9.7.19 and wgmma: every form at home, every
# OTHER_STRIDE-th on each other target (at .version 9.0, which knows them
# all), so that the target gates are seen.
OTHER_STRIDE = 8
REG_DECLS = [".reg .pred %p<8>;", ".reg .b16 %rs<300>;", ".reg .b32 %r<300>;",
             ".reg .b64 %rd<300>;", ".reg .f32 %f<300>;"]


@dataclass
class Func:
    name: str
    entry: bool
    body: list              # forms.Stmt (tcgen05 statements) or str (other lines)


@dataclass
class Case:
    name: str
    family: str             # instruction family, or "mixcg"
    set: str                # "forms", "mutations", "mixcg"
    target: str
    version: str
    funcs: list
    form: str = ""
    mutation: str = ""
    valid: bool = True      # the spelling is allowed by the manual on some target
    features: list = field(default_factory=list)
    module: list = field(default_factory=list)  # lines after .address_size


def ver_tag(version):
    return "ptx" + version.replace(".", "")


def layout_of(name):
    """0: statement first in the body; 1, 2: after 3 or 7 filler lines;
    3: operands on a second line. From the name, so a name is a file."""
    return zlib.crc32(name.encode()) % 4


def render(case):
    """The PTX text and, per tcgen05 statement, its [first, last] line."""
    layout = layout_of(case.name)
    # Line 2 lists the statements' lines; it is filled in at the end.
    out = [f"// tcgen05-check differential case {case.name}", "",
           f".version {case.version}", f".target {case.target}", ".address_size 64", ""]
    out += case.module
    spans = []
    for fn in case.funcs:
        out.append((".visible .entry " if fn.entry else ".func ") + fn.name + "()")
        out.append("{")
        out += ["\t" + d for d in REG_DECLS]
        out.append("")
        if layout in (1, 2):
            out += [f"\tmov.b32 %r{200 + i}, {i};" for i in range(3 if layout == 1 else 7)]
        for item in fn.body:
            if isinstance(item, str):
                out.append("\t" + item)
                continue
            text = item.text(split=(layout == 3))
            first = len(out) + 1
            out += ["\t" + line for line in text.split("\n")]
            spans.append([first, len(out)])
        out.append("\tret;")
        out.append("}")
        out.append("")
    out[1] = "// tcgen05 statement lines: " + ", ".join(
        str(a) if a == b else f"{a}-{b}" for a, b in spans)
    return "\n".join(out), spans


def single(name, family, set_, target, version, stmt, f, mutation=""):
    return Case(name, family, set_, target, version, [Func("k", True, [stmt])],
                form=f.slug, mutation=mutation, valid=f.valid and not mutation,
                features=list(f.features))


def form_cases(all_forms):
    by_family = {}
    for f in all_forms:
        by_family.setdefault(f.family, []).append(f)
    for target in TARGETS:
        for version in VERSIONS:
            full = (target, version) in FULL
            for family, fs in by_family.items():
                chosen = fs if full else fs[::PARTIAL_STRIDE]
                for f in chosen:
                    name = f"{family}__{f.slug}__{target}.{ver_tag(version)}"
                    yield single(name, family, "forms", target, version, f.stmt, f)


def other_form_cases(other_forms):
    by_family = {}
    for f in other_forms:
        by_family.setdefault(f.family, []).append(f)
    for family, fs in by_family.items():
        home = HOME_BY_FAMILY.get(family, HOME)
        for target in TARGETS:
            version = home[1] if target == home[0] else "9.0"
            chosen = fs if target == home[0] else fs[::OTHER_STRIDE]
            for f in chosen:
                name = f"{family}__{f.slug}__{target}.{ver_tag(version)}"
                yield single(name, family, "forms", target, version, f.stmt, f)


def coverage_keys(f):
    """What a form exercises: its qualifiers and its operands' roles and forms."""
    return ({q.text for q in f.stmt.quals}
            | {f"{o.role}:{o.kind}:{len(o.regs)}" for o in f.stmt.operands})


def representatives(fs, n):
    """Forms to mutate: first enough to use every qualifier and operand form
    once (greedy, in order), then others spread evenly up to n in all."""
    chosen, seen = [], set()
    for f in fs:
        keys = coverage_keys(f)
        if not keys <= seen:
            chosen.append(f)
            seen |= keys
    rest = [f for f in fs if f not in chosen]
    want = max(0, n - len(chosen))
    if rest and want:
        chosen += [rest[i * len(rest) // want] for i in range(min(want, len(rest)))]
    return [f for f in fs if f in chosen]      # generation order


def mutation_cases(all_forms):
    by_family = {}
    for f in all_forms:
        if f.valid:
            by_family.setdefault(f.family, []).append(f)
    for family, fs in by_family.items():
        target, version = HOME_BY_FAMILY.get(family, HOME)
        for f in representatives(fs, MUTATED_PER_FAMILY):
            for label, stmt in mutations(f.stmt):
                name = f"{family}__{f.slug}__{target}.{ver_tag(version)}__{label}"
                yield single(name, family, "mutations", target, version, stmt, f, label)


# Operands of every kind, each put in every operand position of one valid
# form per family and role: a register of each width and class, immediates
# in each radix, addresses of each shape, a variable, vectors of each kind,
# the sink.  The variable is declared in the kernel when a case names it.
OPERAND_KINDS = [
    ("pred", "%p1"), ("b16", "%rs9"), ("b32", "%r9"), ("b64", "%rd9"), ("f32", "%f9"),
    ("dec", "16"), ("hex", "0x10"), ("oct", "010"), ("bin", "0b10"), ("neg", "-1"),
    ("addr-reg", "[%r9]"), ("addr-off", "[%r9+16]"), ("addr-imm", "[16]"),
    ("addr-sym", "[tc_sym]"), ("sym", "tc_sym"), ("vec1", "{%r9}"),
    ("vec-imm", "{0, 0, 0, 0}"), ("vec-sink", "{%r9, _, %r10, %r11}"),
    ("vec-mixed", "{%r9, %f9, %r10, %f10}"), ("vec64", "{%rd9, %rd10, %rd11, %rd12}"),
    ("sink", "_"),
]
SYMBOL_DECL = ".shared .align 8 .b64 tc_sym;"


def operand_kind_cases(all_forms):
    seen = set()
    for f in all_forms:
        if not f.valid:
            continue
        for i, op in enumerate(f.stmt.operands):
            if (f.family, op.role) in seen:
                continue
            seen.add((f.family, op.role))
            target, version = HOME_BY_FAMILY.get(f.family, HOME)
            for kind, text in OPERAND_KINDS:
                if text == op.text():
                    continue
                ops = list(f.stmt.operands)
                ops[i] = Operand(op.role, "raw", raw=text)
                stmt = replace(f.stmt, operands=tuple(ops))
                label = f"kind-{op.role}-{kind}"
                name = f"{f.family}__{f.slug}__{target}.{ver_tag(version)}__{label}"
                body = ([SYMBOL_DECL] if "tc_sym" in text else []) + [stmt]
                yield Case(name, f.family, "operands", target, version, [Func("k", True, body)],
                           form=f.slug, mutation=label, valid=False,
                           features=list(f.features))


def mixcg_cases(all_forms):
    """The manual: all tcgen05 instructions within a kernel must specify the
    same .cta_group. One representative per family and .cta_group."""
    rep = {}
    for f in all_forms:
        if f.valid and f.cta_group and not f.features and (f.family, f.cta_group) not in rep:
            rep[(f.family, f.cta_group)] = f
    families = sorted({fam for fam, _ in rep})
    target, version = HOME

    def case(kind, a, b, funcs):
        fa, fb = rep[(a, 1)], rep[b]
        name = f"mixcg__{kind}__{a}-cg1__{b[0]}-cg{b[1]}__{target}.{ver_tag(version)}"
        # Only a kernel's own statements and its callees' must agree.
        mixed = b[1] == 2 and kind in ("same-kernel", "callee")
        return Case(name, "mixcg", "mixcg", target, version, funcs, form=f"{fa.slug}+{fb.slug}",
                    mutation=kind, valid=not mixed)

    for a in families:
        for b in families:
            if (a, 1) not in rep or (b, 2) not in rep:
                continue
            sa, sb = rep[(a, 1)].stmt, rep[(b, 2)].stmt
            yield case("same-kernel", a, (b, 2), [Func("k", True, [sa, sb])])
            if a == b or "mma" in (a, b) or a == "alloc":
                # Controls and the call-graph variants for a few pairs.
                yield case("two-kernels", a, (b, 2),
                           [Func("k1", True, [sa]), Func("k2", True, [sb])])
                yield case("callee", a, (b, 2),
                           [Func("f", False, [sb]), Func("k", True, [sa, "call f;"])])
                yield case("uncalled-func", a, (b, 2),
                           [Func("f", False, [sb]), Func("k", True, [sa])])
        if (a, 1) in rep and ("mma", 1) in rep:
            yield case("same-kernel", a, ("mma", 1), [Func("k", True, [rep[(a, 1)].stmt,
                                                                      rep[("mma", 1)].stmt])])


# Operand expressions around a name N (TC1126): ptxas parses a name alone or
# followed by '+' and a constant expression (N+1-2 is N + (1-2)), and
# constant expressions; anything else around a name is a syntax error.
# (shape, accepted)
EXPRESSION_SHAPES = [
    ("N", True), ("N+1", True), ("N+-1", True), ("N+1+2", True), ("N+(1+2)", True),
    ("N+(1)", True), ("N+1*2", True), ("(N)", False), ("(N)+1", False), ("(N+1)", False),
    ("N+1-2", True), ("N+1<<1", True), ("N+2*3-1", True),
    ("(N)*2", False), ("N-1", False), ("1+N", False), ("N+N", False), ("N*2", False),
    ("N*2+1", False), ("N<<1", False), ("N|1", False), ("N&1", False), ("-N+1", False),
    ("1+(N)", False), ("N+(N)", False),
]
# Constant expressions, which may use every operator and parentheses.
CONSTANT_EXPRESSIONS = ["1", "(1)", "(1+2)*3", "1-2", "-1", "~1", "(1)+1", "2*(3-1)"]
# Where each kind of name goes: the instruction, and the name.
EXPRESSION_SITES = [
    ("reg", "add.s32 %r1, {}, 1;", "%r2"),
    ("reg-mov", "mov.b32 %r1, {};", "%r2"),
    ("var", "mov.u64 %rd1, {};", "tc_sym"),
    ("sreg", "mov.u32 %r1, {};", "%tid.x"),
    # Inside an address the same shapes hold (TC1116, TC1117).
    ("addr-reg", "ld.shared.b32 %r1, [{}];", "%r2"),
    ("addr-var", "ld.shared.b32 %r1, [{}];", "tc_sym"),
]


# Initializers: a variable, generic(var) or a mask(var), alone or with '+' and
# a constant expression, or a constant expression.  (initializer, accepted)
INITIALIZERS = [
    ("g", True), ("g+4-2", True), ("g+(4)", True), ("g+4*2", True), ("generic(g)", True),
    ("generic(g)+4", True), ("0xFF00(g)", True), ("(1+2)*3", True), ("{g, g+4}", True),
    ("{(1), 2}", True), ("{generic(g)+8, 0}", True),
    ("(g)", False), ("4+g", False), ("g-4", False), ("generic(g+4)", False),
    ("generic((g))", False), ("{(g), 0}", False), ("{4+g, 0}", False), ("g+g", False),
]


# Numeric literals, each where its type belongs: (statement template, literal).
LITERALS = [("mov.f32 %f1, {};", x) for x in
            (".5", ".5e3", ".5e-3", "-.5", "5.", "1e3", "1.5e+3", "0f3F800000", "0F3F800000",
             "0f3F80")] + \
           [("mov.f64 %fd1, {};", x) for x in ("0d3FF0000000000000", ".25")] + \
           [("mov.b64 %rd1, {};", x) for x in
            ("08", "019", "017", "00", "0x1F", "0X1F", "0b101", "0B101", "07U", "08U", "-0x8",
             "0x", "1_000", "18446744073709551615")]


# Vector elements: a register, '_' or a constant expression, nothing more
# around a name.  (element, accepted)
VECTOR_ELEMENTS = [(sh.replace("N", "%r2"), sh == "N") for sh, _ in EXPRESSION_SHAPES] + \
                  [("-%r2", False), ("1+1", True), ("(1)", True), ("-1", True), ("_", True)]


def expression_cases():
    target, version = HOME
    for k, (elem, ok) in enumerate(VECTOR_ELEMENTS):
        stmt = forms.Stmt("st.shared.v2.b32", (), (
            Operand("expr", "raw", raw="[%r1]"), Operand("expr", "raw", raw="{" + elem + ", %r3}")))
        if elem == "_":
            stmt = forms.Stmt("mov.b64", (), (
                Operand("expr", "raw", raw="{%r3, _}"), Operand("expr", "raw", raw="%rd1")))
        yield Case(f"expr__vector-{k:02d}__{target}.{ver_tag(version)}", "expr",
                   "expressions", target, version, [Func("k", True, [stmt])],
                   form="vector", mutation=elem, valid=ok)
    for k, (template, lit) in enumerate(LITERALS):
        stmt = forms.Stmt(template.split(" ")[0], (), tuple(
            Operand("expr", "raw", raw=o.strip())
            for o in template.split(" ", 1)[1].rstrip(";").format(lit).split(", ")))
        yield Case(f"expr__literal-{k:02d}__{target}.{ver_tag(version)}", "expr",
                   "expressions", target, version, [Func("k", True, [stmt])],
                   form="literal", mutation=lit)
    for k, (init, ok) in enumerate(INITIALIZERS):
        decl = "p[2]" if init.startswith("{") else "p"
        module = [".global .align 8 .b32 g[8];", f".global .align 8 .u64 {decl} = {init};", ""]
        yield Case(f"expr__init-{k:02d}__{target}.{ver_tag(version)}", "expr", "expressions",
                   target, version, [Func("k", True, [])], form="init", mutation=init,
                   valid=ok, module=module)
    for site, template, name in EXPRESSION_SITES:
        shapes = [(sh.replace("N+N", "N+%r3" if name.startswith("%r") else "N+N")
                   .replace("N", name), ok) for sh, ok in EXPRESSION_SHAPES]
        if site == "reg":
            shapes += [(c, True) for c in CONSTANT_EXPRESSIONS]
        for k, (expr, ok) in enumerate(shapes):
            stmt = forms.Stmt(template.split(" ")[0], (), tuple(
                Operand("expr", "raw", raw=o.strip())
                for o in template.split(" ", 1)[1].rstrip(";").format(expr).split(", ")))
            body = ([SYMBOL_DECL] if name == "tc_sym" else []) + [stmt]
            yield Case(f"expr__{site}-{k:02d}__{target}.{ver_tag(version)}", "expr",
                       "expressions", target, version, [Func("k", True, body)],
                       form=site, mutation=expr, valid=ok)


def all_cases():
    fs = forms.all_forms()
    others.register_vocabulary(mutate.IMMEDIATES)
    ofs = [*others.other_forms(), *others.wgmma_forms()]
    cases = [*form_cases(fs), *other_form_cases(ofs), *mutation_cases(fs + ofs),
             *operand_kind_cases(fs + ofs), *mixcg_cases(fs), *expression_cases()]
    names = Counter(c.name for c in cases)
    dups = [n for n, k in names.items() if k > 1]
    if dups:
        raise SystemExit(f"internal error: duplicate case names, e.g. {dups[:3]}")
    return cases


def write(cases, out_dir):
    manifest_path = os.path.join(out_dir, "manifest.json")
    # Remove the files of a previous run so the directory holds this set only.
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            for old in json.load(f)["cases"]:
                try:
                    os.remove(os.path.join(out_dir, old["file"]))
                except FileNotFoundError:
                    pass
    entries = []
    for c in cases:
        rel = os.path.join(c.family, c.name + ".ptx")
        path = os.path.join(out_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text, spans = render(c)
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(text)
        entries.append({"name": c.name, "file": rel, "family": c.family, "set": c.set,
                        "target": c.target, "version": c.version, "form": c.form,
                        "mutation": c.mutation, "valid": c.valid, "features": c.features,
                        "lines": spans})
    with open(manifest_path, "w", encoding="utf-8") as f:
        # One case per line: easy to grep and to diff between runs.
        f.write('{"version": 1, "cases": [\n')
        f.write(",\n".join(json.dumps(e) for e in entries))
        f.write("\n]}\n")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out_dir", nargs="?", help="directory to write the cases and manifest.json to")
    p.add_argument("--sample", type=int, metavar="N", help="write N cases chosen at random")
    p.add_argument("--seed", type=int, default=0,
                   help="random seed for --sample and --stratified (default 0)")
    p.add_argument("--stratified", type=int, metavar="K",
                   help="write K cases of every stratum: instruction family x case set x "
                        "mutation class (forms: x target)")
    p.add_argument("--only", action="append", metavar="NAME", help="write just this case (repeatable)")
    p.add_argument("--filter", metavar="RE", help="only cases whose name matches this regex")
    p.add_argument("--list", action="store_true", help="print the selected case names, write nothing")
    p.add_argument("--stats", action="store_true", help="print counts per family and set")
    args = p.parse_args(argv)

    cases = all_cases()
    if args.only:
        wanted = set(args.only)
        cases = [c for c in cases if c.name in wanted]
        missing = wanted - {c.name for c in cases}
        if missing:
            p.error("no such case: " + ", ".join(sorted(missing)))
    if args.filter:
        rx = re.compile(args.filter)
        cases = [c for c in cases if rx.search(c.name)]
    if args.stratified is not None:
        strata = {}
        for i, c in enumerate(cases):
            # A mutation class: the label without its count, and without the
            # instruction in the roles of others.py ("type-vadd:d-b64": "type-d-b64").
            kind = re.sub(r"-\d+$", "", re.sub(r"[\w.]+:", "", c.mutation)) if c.mutation \
                else c.target
            # The instructions of 9.7.17 - 9.7.19 share their strata: the
            # whole set of each is in recorded.test.
            family = c.family if c.family in TCGEN05_FAMILIES else "other"
            strata.setdefault((family, c.set, kind), []).append(i)
        rng = random.Random(args.seed)
        keep = set()
        for key in sorted(strata):
            members = strata[key]
            keep.update(rng.sample(members, min(args.stratified, len(members))))
        cases = [c for i, c in enumerate(cases) if i in keep]
    if args.sample is not None and args.sample < len(cases):
        keep = set(random.Random(args.seed).sample(range(len(cases)), args.sample))
        cases = [c for i, c in enumerate(cases) if i in keep]

    if args.stats:
        by = Counter((c.family, c.set) for c in cases)
        sets = ["forms", "mutations", "operands", "mixcg"]
        print(f"{'family':26}" + "".join(f"{s:>11}" for s in sets) + f"{'total':>9}")
        for fam in dict.fromkeys(c.family for c in cases):
            row = [by[(fam, s)] for s in sets]
            print(f"{fam:26}" + "".join(f"{n:11}" for n in row) + f"{sum(row):9}")
        totals = Counter()
        for (_, s), n in by.items():
            totals[s] += n
        print(f"{'total':26}" + "".join(f"{totals[s]:11}" for s in sets) + f"{len(cases):9}")
    if args.list:
        sys.stdout.write("".join(c.name + "\n" for c in cases))
        return 0
    if args.out_dir:
        write(cases, args.out_dir)
        print(f"wrote {len(cases)} cases to {args.out_dir}", file=sys.stderr)
    elif not args.stats:
        p.error("give OUT_DIR, --list or --stats")
    return 0


if __name__ == "__main__":
    sys.exit(main())
