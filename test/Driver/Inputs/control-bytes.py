"""Writes kernels whose text and names hold bytes a terminal acts on:
control-bytes.py DIR"""
import os
import sys

d = sys.argv[1]
head = b".version 9.0\n.target sm_100a\n.address_size 64\n"
body = b".visible .entry k()\n{\n.reg .b32 %r<4>;\n"
with open(os.path.join(d, "line.ptx"), "wb") as f:
    f.write(head + body + b"mov.b32 %x, 0; // \x1b]0;title\x07\x1b[31mred\xff\xc3\xa9\r\nret;\n}\n")
with open(os.path.join(d, "a\nb.ptx"), "wb") as f:
    f.write(head + body + b"mov.b32 %x, 0;\nret;\n}\n")
with open(os.path.join(d, "file.ptx"), "wb") as f:
    f.write(head + b'.file 1 "k\x1b[31m.cu"\n' + body +
            b".loc 1 5 1\ntcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 100;\nret;\n}\n")
with open(os.path.join(d, "back\\slash.ptx"), "wb") as f:
    f.write(head + body + b"mov.b32 %x, 0;\nret;\n}\n")
with open(os.path.join(d, "comment.ptx"), "wb") as f:
    f.write(head + body + b"// " + b"\xc3\xa9" * 100000 + b"\nmov.b32 %x, 0;\nret;\n}\n")
