#!/usr/bin/env python3
"""Makes the generated recognizers set themselves up when the first one is
built instead of when the program starts.

usage: lazy-init.py GENERATED.cpp...

ANTLR 4.7-4.9 emits `Tcgen05Lexer::Initializer Tcgen05Lexer::_init;`, a
static whose constructor deserializes the ATN at program start: 2.5 million
instructions, most of a small file's check and all of `--version`, whether
any tcgen05 instruction is parsed or not.  The definition is dropped and the
constructor builds the Initializer once, as a function-local static (which
C++ initializes once, thread-safely).  Output without that static (4.10 on
initializes lazily) is left as is, and so is output patched already; output
with the static but not the constructor the patch needs fails the build.

The Initializer fills the class's other statics, which must be constructed
by then: no lexer or parser may be built during static initialization.
The runtime library's own statics (its XPath lexer's, about 0.3 million
instructions) still run at start; they are not generated here.
"""
import re
import sys


def patch(path):
    with open(path) as f:
        text = f.read()
    cls = re.search(r'^(\w+)::Initializer \1::_init;\n', text, re.M)
    ctor = cls and re.search(
        r'^%s::%s\(\w+ \*input\) : \w+\(input\) \{\n' % (cls.group(1), cls.group(1)),
        text, re.M)
    if not cls:
        return
    if not ctor or ctor.end() > cls.start():
        sys.exit(f'lazy-init.py: {path}: no constructor to initialize from')
    text = (text[:ctor.end()] + '  static Initializer Once;\n' +
            text[ctor.end():cls.start()] + text[cls.end():])
    with open(path, 'w') as f:
        f.write(text)


for p in sys.argv[1:]:
    patch(p)
