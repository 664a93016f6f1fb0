"""Writes a pathological input: make-input.py KIND OUT"""
import sys

HEADER = b".version 9.0\n.target sm_100a\n.address_size 64\n"
kind, out = sys.argv[1], sys.argv[2]
if kind == "empty":
    data = b""
elif kind == "binary":
    data = bytes(range(256)) * 64
elif kind == "nul":
    data = HEADER + b".visible .entry k()\n{\n\tret;\x00\n}\n"
elif kind == "utf8":
    data = HEADER + b"// na\xc3\xafve \xff\xfe\n.visible .entry k()\n{\n\tret;\n}\n"
elif kind == "long-line":
    # A whole valid module of about 100 MB on one line.
    body = b"mov.b32 %r1, 1; " * (100 * 1024 * 1024 // 16)
    data = (b".version 9.0 .target sm_100a .address_size 64 "
            b".visible .entry k() { .reg .b32 %r<2>; " + body + b"ret; }")
elif kind == "long-token":
    data = (HEADER + b".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.b32 %r1, " +
            b"a" * (50 * 1024 * 1024) + b";\n}\n")
elif kind == "nested":
    data = HEADER + b".visible .entry k()\n{\n" + b"{" * 100000 + b"}" * 100000 + b"\n}\n"
elif kind == "nested-unbalanced":
    data = HEADER + b".visible .entry k()\n{\n" + b"{" * 100000 + b"\n"
elif kind == "nested-operand":
    data = HEADER + b".visible .entry k()\n{\n.reg .b32 %r<2>;\nmov.b32 %r1, " + b"(" * 100000 + b"1" + b")" * 100000 + b";\n}\n"
elif kind == "truncated":
    data = HEADER + b".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.b32 %r1, "
elif kind == "garbage-text":
    import random
    rnd = random.Random(7)
    alphabet = b"{}[]();,.%@!_:<>+-abcxyz0123456789 \n\t"
    data = HEADER + bytes(rnd.choice(alphabet) for _ in range(200000))
elif kind == "errors-one-line":
    # 20,000 uses of an undeclared register, all on one line.
    data = HEADER + b".visible .entry k()\n{\n" + b"mov.b32 %x, 0; " * 20000 + b"\nret;\n}\n"
elif kind == "small-valid":
    data = HEADER + b".visible .entry k()\n{\n\tret;\n}\n"
elif kind == "sparse-4g":
    # 4 GiB on stat, no blocks on disk: refused before a byte is read.
    with open(out, "wb") as f:
        f.truncate(1 << 32)
    raise SystemExit(0)
else:
    raise SystemExit("unknown kind " + kind)
open(out, "wb").write(data)
