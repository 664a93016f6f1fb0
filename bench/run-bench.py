#!/usr/bin/env python3
"""Times tcgen05-check against `ptxas -arch=compute_100a` (parse and check
only) on the same files and prints a Markdown table: seconds, MB/s, the
ratio, and peak memory.  Also measures scaling with input size and threads,
and what emission (--emit=ptx, retargeting) costs over checking.

usage: run-bench.py TOOL [--ptxas PTXAS] [--corpus DIR] [--quick]
"""
import argparse
import lzma
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, repeat):
    """Best wall time of `repeat` runs, and the peak RSS (bytes) of the
    last one."""
    best = float("inf")
    rss = 0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        err = proc.stderr.read()
        proc.stderr.close()
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {err.decode(errors='replace')[:2000]}")
        best = min(best, elapsed)
        rss = usage.ru_maxrss * 1024
    return best, rss


def compute_arch(path):
    """compute_100a for a module whose .target is sm_100a: parse-only ptxas
    needs the module's own architecture."""
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith(".target"):
                arch = line.split()[1].rstrip(",")
                return arch.replace("sm_", "compute_")
    return "compute_100a"


def materialize(path, tmp):
    if not path.endswith(".xz"):
        return path
    out = os.path.join(tmp, os.path.basename(path)[:-3])
    with lzma.open(path) as src, open(out, "wb") as dst:
        shutil.copyfileobj(src, dst)
    return out


def generate(size_mb, tmp):
    out = os.path.join(tmp, f"generated-{size_mb}mb.ptx")
    subprocess.check_call([sys.executable, os.path.join(HERE, "gen-module.py"), str(size_mb), out])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    ap.add_argument("--quick", action="store_true", help="smaller inputs, one run each")
    args = ap.parse_args()
    repeat = 1 if args.quick else 3
    tmp = tempfile.mkdtemp(prefix="tcgen05-bench-")
    try:
        files = []
        corpus = os.path.normpath(args.corpus)
        if os.path.isdir(corpus):
            cands = []
            for root, _, names in os.walk(corpus):
                for n in names:
                    if n.endswith(".ptx") or n.endswith(".ptx.xz"):
                        p = os.path.join(root, n)
                        cands.append((os.path.getsize(materialize(p, tmp)), p))
            for _, p in sorted(cands, reverse=True)[:3]:
                files.append((os.path.relpath(p, corpus), materialize(p, tmp)))
        big = 10 if args.quick else 50
        files.append((f"generated {big} MB, many functions", generate(big, tmp)))

        print("| input | MB | tcgen05-check s | MB/s | peak MB | ptxas -arch=compute_XXX s | MB/s | ratio |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, path in files:
            mb = os.path.getsize(path) / 1e6
            t, rss = run([args.tool, path], repeat)
            pt, _ = run([args.ptxas, "-arch=" + compute_arch(path), path, "-o", os.devnull], 1)
            print(f"| {name} | {mb:.1f} | {t:.3f} | {mb / t:.0f} | {rss / 1e6:.0f} | {pt:.2f} | {mb / pt:.1f} | {pt / t:.0f}x |")

        print()
        print("| threads (-j) | generated input s | MB/s | speed-up |")
        print("|---:|---:|---:|---:|")
        path = files[-1][1]
        mb = os.path.getsize(path) / 1e6
        base = None
        for j in (1, 2):
            t, _ = run([args.tool, f"-j={j}", path], repeat)
            base = base or t
            print(f"| {j} | {t:.3f} | {mb / t:.0f} | {base / t:.2f}x |")

        print()
        print("| emission (generated input) | s | MB/s | peak MB | vs check |")
        print("|---|---:|---:|---:|---:|")
        path = files[-1][1]
        mb = os.path.getsize(path) / 1e6
        check_t, _ = run([args.tool, path], repeat)
        for label, extra in (("--emit=ptx", []),
                             ("--emit=ptx --target=sm_103a --ptx-version=auto",
                              ["--target=sm_103a", "--ptx-version=auto"])):
            out = os.path.join(tmp, "emitted.ptx")
            t, rss = run([args.tool, "--emit=ptx", *extra, path, "-o", out], repeat)
            print(f"| {label} | {t:.3f} | {mb / t:.0f} | {rss / 1e6:.0f} | {t / check_t:.1f}x |")

        print()
        print("| size MB | s | MB/s | peak MB | peak / input |")
        print("|---:|---:|---:|---:|---:|")
        for size in ((1, 10) if args.quick else (1, 10, 100)):
            path = generate(size, tmp)
            mb = os.path.getsize(path) / 1e6
            t, rss = run([args.tool, path], repeat)
            print(f"| {mb:.0f} | {t:.3f} | {mb / t:.0f} | {rss / 1e6:.0f} | {rss / 1e6 / mb:.2f} |")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
