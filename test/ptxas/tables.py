"""The checker's tables, as the checker itself describes them
(tcgen05-check --dump-vocabulary): scripts read this instead of parsing the
.def files, so that a table's format can change without them.

load() returns the document (loaded once).  The tool is $TCGEN05_CHECK,
else tcgen05-check on PATH, else the build tree's (build/bin).
"""
import functools
import json
import os
import shutil
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FORMAT = 1


def tool():
    for candidate in (os.environ.get("TCGEN05_CHECK"), shutil.which("tcgen05-check"),
                      os.path.join(ROOT, "build", "bin", "tcgen05-check")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit("tables.py: no tcgen05-check found: set TCGEN05_CHECK "
                     "or put the built tool on PATH")


@functools.lru_cache(maxsize=None)
def load():
    out = subprocess.run([tool(), "--dump-vocabulary"], capture_output=True,
                         text=True, check=True).stdout
    doc = json.loads(out)
    if doc.get("format") != FORMAT:
        raise SystemExit(f"tables.py: the tool's vocabulary is format "
                         f"{doc.get('format')}, this script reads {FORMAT}")
    return doc
