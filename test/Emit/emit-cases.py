#!/usr/bin/env python3
"""Emission over the differential cases (test/ptxas/gen_cases.py): every case
tcgen05-check accepts is emitted, and ptxas must accept the emitted file and
give the same cubin as for the case itself.  The cases cover every tcgen05
form with its qualifiers in many orders, so this holds the printer's
canonical qualifier order to what ptxas assembles.

usage: emit-cases.py CASES_DIR --tool TOOL --ptxas PTXAS [--jobs N]
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cubin import arch_of, assemble, same_but_ptx_text  # noqa: E402


def check_case(args, path):
    """'skip', 'same', or a failure message."""
    tool = subprocess.run([args.tool, "--color=never", "--emit=ptx", path],
                          capture_output=True)
    if tool.returncode != 0:
        return "skip"  # rejected: nothing to emit
    with open(path, "rb") as f:
        ptx = f.read()
    arch = arch_of(ptx)
    with tempfile.TemporaryDirectory() as tmp:
        original, _ = assemble(args.ptxas, ptx, arch, tmp, "case")
        if original is None:
            return "skip"  # a documented divergence: ptxas rejects it
        again, err = assemble(args.ptxas, tool.stdout, arch, tmp, "emitted")
        if again is None:
            return f"FAIL {path}: ptxas rejects the emitted file:\n{err[:800]}"
        if original != again and not same_but_ptx_text(original, again):
            return f"FAIL {path}: the emitted file assembles differently"
    return "same"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("cases")
    p.add_argument("--tool", required=True)
    p.add_argument("--ptxas", required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args()
    paths = sorted(os.path.join(root, n)
                   for root, _, names in os.walk(args.cases)
                   for n in names if n.endswith(".ptx"))
    counts = {"same": 0, "skip": 0}
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for verdict in pool.map(lambda c: check_case(args, c), paths):
            if verdict in counts:
                counts[verdict] += 1
            else:
                failed += 1
                print(verdict)
    print(f"emit-cases: {counts['same']} same cubin, {failed} failed, "
          f"{counts['skip']} not accepted")
    return 1 if failed or not counts["same"] else 0


if __name__ == "__main__":
    sys.exit(main())
