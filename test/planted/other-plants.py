#!/usr/bin/env python3
"""Planted bugs in the stack manipulation and miscellaneous instructions of
real kernels (lib/Sema/OtherInstructions.def): each edit rewrites the first
matching instruction of a corpus file the way a hand-written kernel gets it
wrong, requires tcgen05-check to report the expected code on that line, and,
given ptxas, requires ptxas (parse only) to reject the same line.  The
unmodified files must have no finding of these rules.

usage: other-plants.py TOOL CORPUS_DIR [--ptxas PTXAS]
"""
import argparse
import lzma
import os
import re
import subprocess
import sys
import tempfile

# (corpus file, instruction pattern, replacement, expected code)
PLANTS = [
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"setmaxnreg\.dec\.sync\.aligned\.u32 24;", "setmaxnreg.dec.sync.aligned.u32 20;", "TC7011"),
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"setmaxnreg\.inc\.sync\.aligned\.u32 192;", "setmaxnreg.inc.sync.aligned.u32 196;", "TC7012"),
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"setmaxnreg\.dec\.sync\.aligned\.u32 96;", "setmaxnreg.dec.sync.u32 96;", "TC7004"),
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"setmaxnreg\.inc\.sync\.aligned\.u32 192;", "setmaxnreg.sync.aligned.inc.u32 192;", "TC7006"),
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"setmaxnreg\.dec\.sync\.aligned\.u32 32;", "setmaxnreg.dec.sync.aligned.u32 %r1;", "TC7009"),
    ("cutlass/77_blackwell_fmha.sm_100a.ptx.xz",
     r"\bbrkpt;", "brkpt.u32;", "TC7003"),
    ("deepgemm/deepgemm_sm100_bf16_gemm.sm_100f.ptx",
     r"\btrap;", "trap 1;", "TC7007"),
]


def read(path):
    return lzma.open(path).read() if path.endswith(".xz") else open(path, "rb").read()


def findings(tool, data):
    proc = subprocess.run([tool, "--color=never", "-ferror-limit=0", "-Wno-tcgen05-hazards", "-"],
                          input=data, capture_output=True)
    out = proc.stderr.decode(errors="replace")
    return [(int(m.group(1)), m.group(2))
            for m in re.finditer(r"^<stdin>:(\d+):\d+: error: .*\[(TC70\d\d)\]$", out, re.M)]


def ptxas_error_lines(ptxas, data, arch):
    with tempfile.NamedTemporaryFile(suffix=".ptx") as f:
        f.write(data)
        f.flush()
        proc = subprocess.run([ptxas, "-arch=" + arch, f.name, "-o", os.devnull],
                              capture_output=True)
    return {int(n) for n in re.findall(r"line (\d+); error", proc.stderr.decode(errors="replace"))}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("corpus")
    ap.add_argument("--ptxas")
    args = ap.parse_args()
    found = missed = unclean = 0
    originals = {}
    for rel, pattern, repl, code in PLANTS:
        if rel not in originals:
            data = read(os.path.join(args.corpus, rel))
            originals[rel] = data
            clean = findings(args.tool, data)
            if clean:
                unclean += 1
                print(f"UNCLEAN {rel}: {clean[:3]}")
        text = originals[rel].decode()
        m = re.search(pattern, text)
        if not m:
            print(f"NO SITE {rel}: {pattern}")
            missed += 1
            continue
        line = text.count("\n", 0, m.start()) + 1
        planted = (text[:m.start()] + repl + text[m.end():]).encode()
        got = findings(args.tool, planted)
        ok = (line, code) in got
        if ok and args.ptxas:
            target = re.search(r"^\.target (\w+)", text, re.M).group(1)
            ok = line in ptxas_error_lines(args.ptxas, planted, target.replace("sm_", "compute_"))
            if not ok:
                print(f"PTXAS ACCEPTS {rel}:{line}: {repl}")
        if ok:
            found += 1
        else:
            missed += 1
            print(f"MISSED {rel}:{line}: {repl} (want {code}, got {got[:3]})")
    print(f"plants: {len(PLANTS)}, found: {found}, missed: {missed}, unclean: {unclean}")
    return 0 if missed == 0 and unclean == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
