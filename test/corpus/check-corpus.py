#!/usr/bin/env python3
"""Checks every corpus file that ptxas accepts: tcgen05-check must report no
diagnostic at all on it, but for the real bugs known_findings.py lists,
which it must report exactly.  Compressed files are read through lzma, in
place.

usage: check-corpus.py TOOL CORPUS_DIR
"""
import lzma
import os
import re
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from known_findings import KNOWN_FINDINGS  # noqa: E402


def manifest_rows(corpus):
    """(path, ptxas verdict) for each file row of MANIFEST.md."""
    with open(os.path.join(corpus, "MANIFEST.md"), encoding="ascii") as f:
        for line in f:
            m = re.match(r"\|\s*`([^`]+)`\s*\|.*\|\s*([^|]+?)\s*\|\s*$", line)
            if m:
                yield m.group(1), m.group(2)


def accepted(verdict):
    # 'OK', or rejected only for the retired sm_101a -arch spelling while
    # the same file is accepted with -arch=sm_110a.
    return verdict == "OK" or verdict.endswith("with -arch=sm_110a: OK")


def main():
    tool, corpus = sys.argv[1], sys.argv[2]
    rows = list(manifest_rows(corpus))
    if not rows:
        print("error: no files listed in MANIFEST.md")
        return 1
    failed = checked = 0
    for rel, verdict in rows:
        if not accepted(verdict):
            continue
        path = os.path.join(corpus, rel)
        data = lzma.open(path).read() if path.endswith(".xz") else open(path, "rb").read()
        proc = subprocess.run([tool, "--color=never", "-ferror-limit=0", "-"], input=data,
                              capture_output=True)
        checked += 1
        known = KNOWN_FINDINGS.get(rel)
        if known is not None:
            # Text output ends every finding's first line with its code.
            text = proc.stderr.decode(errors="replace")
            found = Counter(re.findall(r"^\S+:\d+:\d+: (?:error|warning): .*\[(TC\d{4})\]",
                                       text, re.M))
            if dict(found) == known and not proc.stdout:
                print(f"ok   {rel} (known findings: {dict(found)})")
                continue
            failed += 1
            print(f"FAIL {rel}: expected {known}, got {dict(found)}")
            continue
        if proc.returncode != 0 or proc.stderr or proc.stdout:
            failed += 1
            print(f"FAIL {rel} (exit {proc.returncode})")
            sys.stdout.write(proc.stderr.decode(errors="replace")[:4000])
        else:
            print(f"ok   {rel}")
    print(f"corpus: {checked - failed} passed, {failed} failed")
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
