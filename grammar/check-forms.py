#!/usr/bin/env python3
"""Holds the parser grammar to the forms table: every operand sequence the
manual's syntax lines give a form (Tcgen05Forms.def, its Syntax column) must
be one the grammar's rule for that form parses, operand by operand and in
order.  Run at build time; a grammar that drops, adds or reorders an operand
the manual writes fails the build.

usage: check-forms.py FORMS.def OPERAND_ROLES.h PARSER.g4 STAMP

A syntax operand names its grammar rule by its role: the manual's spelling
or the role's name in TCGEN05_OPERAND_ROLES, compared without case and
dashes ('d-tmem' is dTmem, 'r' is the role Values, the rule values).  An
operand in brackets is an address rule, one without a value rule ('taddr' of
tcgen05.dealloc is taddrValue).  '{, x}' is optional; 'x or [y]' is either.
The grammar may accept more than the manual (ptxas's extra immediate, a
stray redval it reports itself); it may not accept less.
"""
import itertools
import re
import sys

FORM = re.compile(r'^FORM\((\w+),\s*(\w+),\s*"([^"]+)",\s*"[^"]*",\s*\d+,\s*\w+,\s*'
                  r'((?:"(?:[^"\\]|\\.)*"\s*)+)\)', re.M)
ROLE = re.compile(r'X\((\w+),\s*"([^"]+)"\)')


def norm(name):
    return name.replace('-', '').lower()


# --- the grammar -----------------------------------------------------------

def grammar_rules(text):
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'^(parser grammar|options)[^;]*;', '', text, flags=re.M)
    rules = {}
    for m in re.finditer(r'^\s*(\w+)\s*:(.*?);', text, re.M | re.S):
        rules[m.group(1)] = m.group(2)
    return rules


def parse_body(body):
    """An alternation: a list of sequences of (atom, suffix), an atom a
    name or a nested alternation."""
    tokens = re.findall(r"\w+|'[^']*'|[()|?*+~]", body)
    pos = 0

    def alt():
        nonlocal pos
        seqs = [seq()]
        while pos < len(tokens) and tokens[pos] == '|':
            pos += 1
            seqs.append(seq())
        return seqs

    def seq():
        nonlocal pos
        items = []
        while pos < len(tokens) and tokens[pos] not in ('|', ')'):
            t = tokens[pos]
            pos += 1
            if t == '~':          # ~SEMI: any token, no operand
                pos += 1
                atom = None
            elif t == '(':
                atom = alt()
                pos += 1          # ')'
            else:
                atom = t
            suffix = ''
            if pos < len(tokens) and tokens[pos] in ('?', '*', '+'):
                suffix = tokens[pos]
                pos += 1
            items.append((atom, suffix))
        return items

    return alt()


class Grammar:
    LEAVES = {'address', 'scalar', 'vector', 'integer'}

    def __init__(self, text):
        self.rules = grammar_rules(text)
        self.parsed = {name: parse_body(body) for name, body in self.rules.items()}
        # An operand rule is one whose body names only operand forms (and
        # '!'); a rule of other rules (aOperand: aTmem | aDesc) is inlined.
        self.operands = set()
        for name, body in self.rules.items():
            words = set(re.findall(r"\b\w+\b", body))
            lower = {w for w in words if w[0].islower()}
            upper = words - lower
            if name[0].islower() and name not in self.LEAVES and lower and \
                    lower <= self.LEAVES and upper <= {'NOT'}:
                self.operands.add(name)
        self.addresses = {n for n in self.operands
                          if set(re.findall(r"\b\w+\b", self.rules[n])) == {'address'}}

    def expand(self, alternation, depth=0):
        """(tokens, operands) pairs: the name tokens and the operand rules of
        each path through an alternation, in order."""
        out = set()
        for seq in alternation:
            paths = {((), ())}
            for atom, suffix in seq:
                choices = self.expand_atom(atom, depth)
                if suffix in ('?', '*'):
                    choices = choices | {((), ())}
                paths = {(t1 + t2, o1 + o2) for (t1, o1) in paths for (t2, o2) in choices}
            out |= paths
        return out

    def expand_atom(self, atom, depth):
        if atom is None:
            return {((), ())}
        if isinstance(atom, list):
            return self.expand(atom, depth)
        if atom in self.operands:
            return {((), (atom,))}
        if atom[0].isupper() or atom.startswith("'"):
            return {((atom,), ())}
        if depth > 8:
            return {((), ())}
        return self.expand(self.parsed[atom], depth + 1)


# --- the forms table -------------------------------------------------------

def syntax_operands(line):
    """The operand sequences of one syntax line: each a tuple of (name,
    bracketed) pairs, with every optional part taken and left."""
    text = line.split(' ', 1)[1] if ' ' in line else ''
    if text.startswith('('):      # (no operands)
        return {()}
    # Optional parts '{, ...}' (not a vector '{ x }') become alternatives.
    parts, depth, cur = [], 0, ''
    for ch in text:
        if ch == '{' and depth == 0 and cur.rstrip().endswith(tuple('abcdefghijklmnopqrstuvwxyz'
                                                                    'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789]}')):
            parts.append(('req', cur))
            cur = ''
            depth = 1
            continue
        if ch == '{':
            depth += 1 if depth else 0
        if ch == '}' and depth == 1:
            parts.append(('opt', cur))
            cur = ''
            depth = 0
            continue
        if ch == '}' and depth > 1:
            depth -= 1
        cur += ch
    parts.append(('req', cur))
    out = set()
    options = [p for p in parts if p[0] == 'opt']
    for keep in itertools.product((True, False), repeat=len(options)):
        chosen = iter(keep)
        pieces = [t for kind, t in parts if kind == 'req' or next(chosen)]
        names = [o.strip() for o in ','.join(pieces).split(',') if o.strip()]
        for alts in itertools.product(*[n.split(' or ') for n in names]):
            out.add(tuple((a.strip(' []{}'), a.strip().startswith('[')) for a in alts))
    return out


def main(forms_def, roles_h, parser_g4, stamp):
    roles = {norm(spelling): norm(name) for name, spelling in
             ROLE.findall(open(roles_h).read())}
    g = Grammar(open(parser_g4).read())
    forms = FORM.findall(open(forms_def).read())
    if not forms:
        sys.exit(f'{forms_def}: no FORM rows')
    # Each instruction alternative's paths, for the forms whose name tokens
    # it spells.
    paths = set()
    for seq in g.parsed['instruction']:
        paths |= g.expand_atom(seq[0][0], 0) if len(seq) == 1 else set()
    problems = []
    for form, _, spelling, syntax in forms:
        syntax = ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', syntax))
        words = {re.sub(r'[^A-Za-z0-9]+', '_', w).upper() for w in spelling.split('.')[1:]}
        mine = {ops for toks, ops in paths if words <= set(toks)}
        if not mine:
            problems.append(f'{form}: no grammar rule spells {spelling}')
            continue
        for line in syntax.split(' | '):
            for seq in syntax_operands(line):
                want = []
                for name, bracketed in seq:
                    keys = {norm(name), roles.get(norm(name), norm(name))}
                    rule = [r for r in g.operands
                            if (norm(r) in keys or norm(r) in {k + 'value' for k in keys})
                            and (r in g.addresses) == bracketed]
                    want.append(rule[0] if len(rule) == 1 else f'?{name}')
                if tuple(want) not in mine:
                    problems.append(f'{form}: the manual writes "{line}" with operands '
                                    f'{", ".join(want) or "(none)"}, which the grammar does '
                                    f'not parse in that order')
    if problems:
        sys.exit(f'{parser_g4} disagrees with {forms_def}:\n  ' + '\n  '.join(problems))
    open(stamp, 'w').write('ok\n')


if __name__ == '__main__':
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
