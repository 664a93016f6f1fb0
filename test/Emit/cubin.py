#!/usr/bin/env python3
"""Cubins for the emission tests: assembling PTX with ptxas for the
architecture its .target names, and comparing two cubins made from a PTX
file and from its emitted form: byte-identical, or identical but for the
sections that hold the PTX text and PTX line numbers, which ptxas embeds when
the module has line information (.loc) and which change with any
reformatting.

usage: cubin.py A.cubin B.cubin   (exit 0: same, 1: different)
"""
import os
import re
import struct
import subprocess
import sys


def arch_of(ptx):
    """The -arch for PTX text (bytes): its last .target architecture, as
    ptxas uses; sm_101a under its PTX ISA 9.0 name, sm_110a."""
    m = re.search(rb"^\s*\.target\s+([^\n]*)", ptx, re.M)
    names = [n.strip() for n in m.group(1).split(b",")] if m else []
    archs = [n.decode() for n in names if n.startswith(b"sm_")]
    arch = archs[-1] if archs else "sm_100a"
    return "sm_110a" if arch == "sm_101a" else arch


def assemble(ptxas, ptx, arch, tmp, name):
    """(cubin bytes, "") or (None, ptxas's messages)."""
    src = os.path.join(tmp, name + ".ptx")
    out = os.path.join(tmp, name + ".cubin")
    with open(src, "wb") as f:
        f.write(ptx)
    proc = subprocess.run([ptxas, f"-arch={arch}", src, "-o", out],
                          capture_output=True)
    if proc.returncode != 0:
        return None, proc.stderr.decode(errors="replace")
    with open(out, "rb") as f:
        return f.read(), ""

# Sections that hold the PTX text or PTX line numbers, their relocations
# (.rela...), and the copies some cubins carry under a .nv.merc prefix.
PTX_TEXT_SECTIONS = {".nv_debug_ptx_txt", ".nv_debug_line_sass"}


def sections(elf):
    """{name: bytes} of an ELF64 little-endian file."""
    shoff = struct.unpack_from("<Q", elf, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    heads = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize)
             for i in range(shnum)]
    strtab = heads[shstrndx]
    names = elf[strtab[4]:strtab[4] + strtab[5]]
    out = {}
    for i, h in enumerate(heads):
        name = names[h[0]:names.index(b"\0", h[0])].decode()
        body = b"" if h[1] == 8 else elf[h[4]:h[4] + h[5]]  # 8: NOBITS
        out[f"{i}:{name}"] = body
    return out


def same_but_ptx_text(a, b):
    """Whether a and b differ only in the PTX-text debug sections."""
    sa, sb = sections(a), sections(b)
    if list(sa) != list(sb):
        return False
    def ptx_text(key):
        name = key.split(":", 1)[1].replace(".nv.merc", "").replace(".rela", "")
        return name in PTX_TEXT_SECTIONS
    return all(sa[k] == sb[k] for k in sa if not ptx_text(k))



def main():
    a, b = (open(p, "rb").read() for p in sys.argv[1:3])
    if a == b:
        print("cubins identical")
        return 0
    if same_but_ptx_text(a, b):
        print("cubins identical but for the PTX text sections")
        return 0
    print("cubins differ")
    return 1


if __name__ == "__main__":
    sys.exit(main())
