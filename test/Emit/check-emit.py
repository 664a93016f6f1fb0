#!/usr/bin/env python3
"""Emission over the corpus.  For every file ptxas accepts:

  1. `tcgen05-check --emit=ptx` succeeds and prints a module;
  2. printing is idempotent: emitting the output again gives it back;
  3. with ptxas, the cubin of the emitted file is byte-identical to the
     cubin of the original, for the -arch its .target names (sm_101a files
     use its new name, sm_110a).  With line information (.loc) ptxas embeds
     the PTX text itself (.nv_debug_ptx_txt) and a SASS-to-PTX-line table
     (.nv_debug_line_sass), which change with any reformatting; for those
     files every other section, code and DWARF included, must be
     byte-identical, and the ELF headers may differ only in offsets;
  4. with each --retarget (sm_100a, sm_103a), files that retarget cleanly
     are assembled by ptxas for that target.

usage: check-emit.py TOOL CORPUS_DIR [--ptxas PTXAS] [--retarget sm_103a]...
                     [--sample N] [--jobs N] [--if-present]
"""
import argparse
import concurrent.futures
import lzma
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "corpus"))
from importlib import import_module  # noqa: E402

corpus_rows = import_module("check-corpus")
sys.path.insert(0, os.path.dirname(__file__))
from cubin import arch_of, assemble, same_but_ptx_text  # noqa: E402


def read(path):
    return lzma.open(path).read() if path.endswith(".xz") else open(path, "rb").read()


def emit(tool, data, *extra):
    # Emission is judged on its fidelity; the ordering of a kernel's
    # tcgen05 operations is the hazard lints' business (corpus/corpus.test).
    return subprocess.run([tool, "--color=never", "--emit=ptx", "-Wno-tcgen05-hazards",
                           *extra, "-"],
                          input=data, capture_output=True)


def check_one(args, rel):
    data = read(os.path.join(args.corpus, rel))
    first = emit(args.tool, data)
    if first.returncode != 0 or not first.stdout:
        return f"FAIL {rel}: emit exited {first.returncode}\n" + first.stderr.decode(errors="replace")[:2000]
    second = emit(args.tool, first.stdout)
    if second.returncode != 0 or second.stdout != first.stdout:
        return f"FAIL {rel}: emitting the emitted file changed it (not idempotent)"
    notes = []
    if args.ptxas:
        arch = arch_of(data)
        with tempfile.TemporaryDirectory() as tmp:
            a, err_a = assemble(args.ptxas, data, arch, tmp, "orig")
            b, err_b = assemble(args.ptxas, first.stdout, arch, tmp, "emitted")
            if a is None:
                return f"FAIL {rel}: ptxas rejects the original for {arch}\n{err_a[:1000]}"
            if b is None:
                return f"FAIL {rel}: ptxas rejects the emitted file for {arch}\n{err_b[:1000]}"
            if a == b:
                notes.append(f"cubin identical ({arch})")
            elif same_but_ptx_text(a, b):
                notes.append(f"cubin identical but for the PTX text sections ({arch})")
            else:
                return f"FAIL {rel}: cubins differ for {arch} ({len(a)} vs {len(b)} bytes)"
            for target in args.retarget:
                if target == arch:
                    continue
                moved = emit(args.tool, data, f"--target={target}", "--ptx-version=auto")
                if moved.returncode == 0:
                    c, err_c = assemble(args.ptxas, moved.stdout, target, tmp, "moved")
                    if c is None:
                        return (f"FAIL {rel}: retargeted to {target} cleanly, "
                                f"but ptxas rejects it\n{err_c[:1000]}")
                    notes.append(f"retargeted to {target}, assembled")
                else:
                    notes.append(f"not retargetable to {target}")
    return f"ok   {rel}" + (f" ({'; '.join(notes)})" if notes else "")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tool")
    p.add_argument("corpus")
    p.add_argument("--ptxas")
    p.add_argument("--retarget", action="append", default=[],
                   help="also emit for this target and assemble (repeatable)")
    p.add_argument("--sample", type=int, default=0,
                   help="every Nth file only (0: all)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--if-present", action="store_true",
                   help="say so and succeed when there is no corpus")
    args = p.parse_args()
    if args.if_present and not os.path.exists(os.path.join(args.corpus, "MANIFEST.md")):
        print(f"no corpus at {args.corpus}: nothing to emit")
        return 0
    rows = [rel for rel, verdict in corpus_rows.manifest_rows(args.corpus)
            if corpus_rows.accepted(verdict)]
    if args.sample > 1:
        rows = rows[::args.sample]
    if not rows:
        print("error: no corpus files")
        return 1
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for line in pool.map(lambda r: check_one(args, r), rows):
            print(line)
            failed += line.startswith("FAIL")
    print(f"emit: {len(rows) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
