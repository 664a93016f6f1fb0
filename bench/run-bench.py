#!/usr/bin/env python3
"""Times tcgen05-check against `ptxas -arch=compute_100a` (parse and check
only) on the same files and prints Markdown tables.

Real kernels first: every corpus file over 1 MB and the large files of the
shared bench directory, each run in alternating rounds (one thread, the
default threads, ptxas, and a baseline build when given), medians of the
rounds: ms, MB/s, the speed-up with threads, peak memory and the ratio to
ptxas, taken within each round that timed ptxas.  Each round also runs two
one-thread checks at once: twice the one-thread time over their time is the
speed-up the machine's two cores allow at all (they share caches and
memory), against which the tool's own is read.  Then a generated module: scaling with size and threads, and what
emission (--emit=ptx, retargeting) costs over checking.

usage: run-bench.py TOOL [--baseline TOOL] [--ptxas PTXAS] [--corpus DIR]
                    [--bench-dir DIR] [--rounds N] [--match TEXT] [--real-only]
                    [--quick]
"""
import argparse
import concurrent.futures
import lzma
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None

# Runs per tool and thread count whose highest peak RSS is reported.
PEAK_RUNS = 3


def run_once(cmd, ok_codes=(0,), peak=False):
    """Wall time of one run, and with peak its peak RSS (bytes), else None.
    tcgen05-check exits with 1 when it reports findings: that is a result,
    not a failure.

    A child's peak RSS as wait4 reports it starts from its parent's at
    fork (the kernel carries it across exec), and this script's includes
    decompressing the inputs: GNU time, a small process, forks the tool
    when it is there.  Its start and exit cost about a millisecond, an
    eighth of a 1 MB file's check, so a run that measures the peak is not
    one that is timed."""
    peak_file = None
    if peak and GNU_TIME:
        fd, peak_file = tempfile.mkstemp(prefix="peak-")
        os.close(fd)
        cmd = [GNU_TIME, "-f", "%M", "-o", peak_file] + cmd
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.stderr.close()
    peak = usage.ru_maxrss * 1024 if peak else None
    if peak_file:
        with open(peak_file) as f:
            lines = [l for l in f.read().split() if l.isdigit()]
        os.unlink(peak_file)
        if lines:
            peak = int(lines[-1]) * 1024
    if os.waitstatus_to_exitcode(status) not in ok_codes:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.decode(errors='replace')[:2000]}")
    return elapsed, peak


def run_pair(cmd):
    """Wall times of two copies of cmd started together.  Their slowdown
    against one run alone is what the machine charges two busy cores (the
    caches and memory they share), which no thread count avoids."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        runs = [pool.submit(run_once, cmd, (0, 1)) for _ in range(2)]
        return [r.result()[0] for r in runs]


def run(cmd, repeat, peak=True):
    """Best wall time of `repeat` runs, and with peak the peak RSS (bytes)
    of one more."""
    best = min(run_once(cmd, (0, 1))[0] for _ in range(repeat))
    return best, run_once(cmd, (0, 1), peak=True)[1] if peak else None


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def real_files(corpus, bench_dir, tmp):
    """Every corpus file over 1 MB, and every file of the bench directory,
    largest first."""
    found = []
    for top, only_large in ((corpus, True), (bench_dir, False)):
        if not os.path.isdir(top):
            continue
        for root, _, names in os.walk(top):
            for n in names:
                if not (n.endswith(".ptx") or n.endswith(".ptx.xz")):
                    continue
                p = os.path.join(root, n)
                path = materialize(p, tmp)
                size = os.path.getsize(path)
                if size > 1_000_000 or not only_large:
                    found.append((size, os.path.relpath(p, os.path.dirname(top)), path))
    return [(name, path) for _, name, path in sorted(found, reverse=True)]


def bench_real(args, tmp):
    """Alternating rounds on real kernels; medians."""
    tools = [("", args.tool)] + ([("baseline ", args.baseline)] if args.baseline else [])
    head = "| input | MB |"
    rule = "|---|---:|"
    for label, _ in tools:
        head += f" {label}j1 ms | {label}j1 MB/s | {label}j2 ms | {label}j2 speed-up | {label}peak MB j1 / j2 |"
        rule += "---:|---:|---:|---:|---:|"
    head += " two j1 at once ms | two-core bound | ptxas s | ratio j1 / j2 | j2 ratio by round |"
    rule += "---:|---:|---:|---:|---:|"
    print(head)
    print(rule)
    for name, path in real_files(args.corpus, args.bench_dir, tmp):
        if args.match not in name:
            continue
        mb = os.path.getsize(path) / 1e6
        times = {}
        peaks = {}
        ptxas = []
        pairs = []
        # A run right after ptxas is slower: ptxas leaves the kernel fresh
        # pages to hand out again and the caches cold.  Each round starts at
        # another of the tool runs, so every run takes that place as often.
        runs = [(label, tool, j) for label, tool in tools for j in (1, 2)]
        for r in range(args.rounds):
            k = r % len(runs)
            for label, tool, j in runs[k:] + runs[:k]:
                t, _ = run_once([tool, f"-j={j}", "-ferror-limit=0", path], (0, 1))
                times.setdefault((label, j), []).append(t)
            pairs.append(sum(run_pair([args.tool, "-j=1", "-ferror-limit=0", path])) / 2)
            if r < args.ptxas_rounds:
                t, _ = run_once([args.ptxas, "-arch=" + compute_arch(path), path, "-o", os.devnull])
                ptxas.append(t)
        for label, tool, j in runs:
            peaks[(label, j)] = max(
                run_once([tool, f"-j={j}", "-ferror-limit=0", path], (0, 1), peak=True)[1]
                for _ in range(PEAK_RUNS))
        row = f"| {name} | {mb:.1f} |"
        for label, _ in tools:
            j1, j2 = median(times[(label, 1)]), median(times[(label, 2)])
            row += (f" {j1 * 1e3:.0f} | {mb / j1:.0f} | {j2 * 1e3:.0f} | {j1 / j2:.2f}x |"
                    f" {peaks[(label, 1)] / 1e6:.0f} / {peaks[(label, 2)] / 1e6:.0f} |")
        # Two one-thread runs at once: the best two threads could do, were
        # the work split evenly and nothing serial.
        pair = median(pairs)
        row += f" {pair * 1e3:.0f} | {2 * median(times[('', 1)]) / pair:.2f}x |"
        p = median(ptxas)
        # The machine's speed drifts within minutes, and ptxas with it: each
        # ratio is taken within the round that timed ptxas, and the median
        # of those is reported, with the lowest and highest round's.
        by_round = {j: sorted(pt / times[("", j)][r] for r, pt in enumerate(ptxas))
                    for j in (1, 2)}
        row += (f" {p:.2f} | {median(by_round[1]):.1f}x / {median(by_round[2]):.1f}x |"
                f" {by_round[2][0]:.1f}x-{by_round[2][-1]:.1f}x |")
        print(row, flush=True)


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
    ap.add_argument("--bench-dir", default=os.path.join(HERE, "..", "..", "shared", "bench"))
    ap.add_argument("--baseline", help="another build of tcgen05-check, run in the same rounds")
    ap.add_argument("--rounds", type=int, default=7, help="alternating rounds on real kernels")
    ap.add_argument("--ptxas-rounds", type=int, default=3)
    ap.add_argument("--real-only", action="store_true", help="only the real kernels")
    ap.add_argument("--match", default="", help="only real kernels whose path contains this")
    ap.add_argument("--quick", action="store_true", help="smaller inputs, one run each")
    args = ap.parse_args()
    args.corpus = os.path.normpath(args.corpus)
    args.bench_dir = os.path.normpath(args.bench_dir)
    if args.quick:
        args.rounds = args.ptxas_rounds = 1
    repeat = 1 if args.quick else 3
    tmp = tempfile.mkdtemp(prefix="tcgen05-bench-")
    try:
        bench_real(args, tmp)
        if args.real_only:
            return
        print()
        big = 10 if args.quick else 50
        files = [(f"generated {big} MB, many functions", generate(big, tmp))]

        print("| input | MB | tcgen05-check s | MB/s | peak MB | ptxas -arch=compute_XXX s | MB/s | ratio |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, path in files:
            mb = os.path.getsize(path) / 1e6
            t, rss = run([args.tool, path], repeat)
            pt, _ = run([args.ptxas, "-arch=" + compute_arch(path), path, "-o", os.devnull], 1, peak=False)
            print(f"| {name} | {mb:.1f} | {t:.3f} | {mb / t:.0f} | {rss / 1e6:.0f} | {pt:.2f} | {mb / pt:.1f} | {pt / t:.0f}x |")

        print()
        print("| threads (-j) | generated input s | MB/s | speed-up |")
        print("|---:|---:|---:|---:|")
        path = files[-1][1]
        mb = os.path.getsize(path) / 1e6
        base = None
        for j in (1, 2):
            t, _ = run([args.tool, f"-j={j}", path], repeat, peak=False)
            base = base or t
            print(f"| {j} | {t:.3f} | {mb / t:.0f} | {base / t:.2f}x |")

        print()
        print("| emission (generated input) | s | MB/s | peak MB | vs check |")
        print("|---|---:|---:|---:|---:|")
        path = files[-1][1]
        mb = os.path.getsize(path) / 1e6
        check_t, _ = run([args.tool, path], repeat, peak=False)
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

        # One function of 100 MB (the bad-input test's), checked and emitted
        # with one thread.
        print()
        print("| one 100 MB function | s | MB/s | peak MB | peak / input |")
        print("|---|---:|---:|---:|---:|")
        path = os.path.join(tmp, "one-function.ptx")
        subprocess.check_call([sys.executable, os.path.join(
            HERE, "..", "test", "BadInput", "make-input.py"), "long-line", path])
        mb = os.path.getsize(path) / 1e6
        out = os.path.join(tmp, "emitted.ptx")
        for label, extra in (("check", []), ("--emit=ptx", ["--emit=ptx", "-o", out])):
            t, rss = run([args.tool, "-j=1", *extra, path], repeat)
            print(f"| {label} | {t:.3f} | {mb / t:.0f} | {rss / 1e6:.0f} | {rss / 1e6 / mb:.2f} |")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
