#!/usr/bin/env python3
"""Writes the tcgen05 lexer grammar: the template with its @NAME_WORDS@
filled in from the forms table, so that the instruction names are spelled
once (include/tcgen05/AST/Tcgen05Forms.def).

usage: gen-lexer.py FORMS.def TEMPLATE.g4.in PARSER.g4 OUT.g4

Each word of a form's spelling ('.mma', '.ws', '.wait::ld') becomes a token
named for it (MMA, WS, WAIT_LD); a word with a '::' part also gets an
*_OTHER token for its first part, which the parser matches to say which
words were meant.  Fails when the parser does not use a generated token:
a form the grammar cannot parse.  (A token the parser uses that no form
spells fails in ANTLR, run with -Werror.)
"""
import re
import sys

FORM = re.compile(r'^FORM\(\s*(\w+)\s*,\s*(\w+)\s*,\s*"([^"]+)"', re.M)


def token_name(word):
    return re.sub(r'[^A-Za-z0-9]+', '_', word.lstrip('.')).upper()


def main(forms_def, template, parser, out):
    words = []
    for _, _, spelling in FORM.findall(open(forms_def).read()):
        head, *rest = spelling.split('.')
        if head != 'tcgen05' or not rest:
            sys.exit(f'{forms_def}: "{spelling}" is not a tcgen05 spelling')
        for w in rest:
            if '.' + w not in words:
                words.append('.' + w)
    if not words:
        sys.exit(f'{forms_def}: no FORM rows')
    lines = []
    for w in words:
        lines.append(f"{token_name(w)} : '{w}' ;")
    others = []
    for w in words:
        if '::' in w:
            first = w.split('::')[0]
            if first not in others:
                others.append(first)
    for first in others:
        lines.append(f"{token_name(first)}_OTHER : '{first}' ('::' [A-Za-z0-9_]+)* ;")

    parser_text = open(parser).read()
    unused = [l.split()[0] for l in lines
              if not re.search(r'\b' + l.split()[0] + r'\b', parser_text)]
    if unused:
        sys.exit(f'{parser}: no rule uses the name word token(s) {", ".join(unused)} '
                 f'that {forms_def} spells')

    text = open(template).read()
    # The placeholder is a line of its own (the template's comments name it).
    if '\n@NAME_WORDS@\n' not in text:
        sys.exit(f'{template}: no @NAME_WORDS@ line')
    text = text.replace('\n@NAME_WORDS@\n', '\n' + '\n'.join(lines) + '\n')
    # Rewritten only when it changes, so that ANTLR does not rerun.
    try:
        if open(out).read() == text:
            return
    except OSError:
        pass
    with open(out, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
