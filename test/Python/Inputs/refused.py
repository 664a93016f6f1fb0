"""Prints what the Python door says of a check with the given target and PTX
version, as the command line prints diagnostics."""
import sys

import tcgen05check as t

ptx = open(sys.argv[1]).read()
try:
    if len(sys.argv) > 3:
        t.emit(ptx, target=sys.argv[2], ptx_version=sys.argv[3])
    else:
        t.check(ptx, target=sys.argv[2])
    print("checked")
except t.CheckError as e:
    for d in e.diagnostics:
        print(f"{d.severity}: {d.message} [{d.code}]")
        for n in d.notes:
            print(f"note: {n.message}")
