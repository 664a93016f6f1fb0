#!/usr/bin/env python3
"""Runs the instrumented tool the way it is used, which writes the profile
the optimized build is compiled with (ProfileGuided.cmake).

usage: pgo-train.py TOOL PROFILE_DIR SOURCE_DIR WORK_DIR [CORPUS_DIR]

The runs:
- a module of many GEMM-shaped kernels without findings
  (bench/gen-module.py), with one thread and with two, and emitted;
- the example and test kernels, whose diagnostics are printed in each
  format;
- when CORPUS_DIR exists, its real kernels of under 1 MB, with one thread
  and with two.  The larger ones are what the benchmark measures
  (bench/run-bench.py), so they are left out.  Real kernels train the
  analyses better than the generated module: FMHA's check gained 7% with
  them and 4% without.

Exit codes 0 and 1 are verdicts (no findings, findings). Any other fails
the training: 2 is a usage error or an unreadable input, which would leave
the profile with little but the tool's start counted, and anything else a
crash. No profile should come of either.
"""
import glob
import lzma
import os
import shutil
import subprocess
import sys

LARGE = 1_000_000


def run(tool, args):
    status = subprocess.call([tool] + args, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    if status not in (0, 1):
        sys.exit(f"pgo-train.py: {tool} {' '.join(args)}: exit {status}")


def corpus_kernels(corpus, work):
    """The corpus's kernels under LARGE bytes, decompressed into work."""
    found = []
    for root, _, names in sorted(os.walk(corpus)):
        for name in sorted(names):
            path = os.path.join(root, name)
            if name.endswith(".ptx.xz"):
                with lzma.open(path, "rb") as f:
                    data = f.read(LARGE + 1)
                if len(data) > LARGE:
                    continue
                out = os.path.join(work, "corpus", os.path.relpath(path, corpus)[:-3])
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, "wb") as f:
                    f.write(data)
                found.append(out)
            elif name.endswith(".ptx") and os.path.getsize(path) <= LARGE:
                found.append(path)
    return found


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    tool, profile, source, work = sys.argv[1:5]
    corpus = sys.argv[5] if len(sys.argv) == 6 else ""
    # Counts of an older build would be merged with these, or refused.
    shutil.rmtree(profile, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(profile)
    os.makedirs(work)

    module = os.path.join(work, "module.ptx")
    subprocess.check_call([sys.executable,
                           os.path.join(source, "bench", "gen-module.py"),
                           "4", module])
    run(tool, ["-j1", module])
    run(tool, ["-j2", module])
    run(tool, ["--emit=ptx", "-o", os.path.join(work, "emitted.ptx"), module])

    bundled = sorted(glob.glob(os.path.join(source, "examples", "*.ptx")) +
                     glob.glob(os.path.join(source, "test", "**", "*.ptx"),
                               recursive=True))
    for fmt in ("text", "json", "sarif"):
        run(tool, ["--format=" + fmt, "-ferror-limit=0"] + bundled)

    if corpus and os.path.isdir(corpus):
        kernels = corpus_kernels(corpus, work)
        for jobs in ("-j1", "-j2"):
            run(tool, [jobs, "-ferror-limit=0"] + kernels)

    if not glob.glob(os.path.join(profile, "*.gcda")):
        sys.exit(f"pgo-train.py: the runs wrote no profile in {profile}")


if __name__ == "__main__":
    main()
