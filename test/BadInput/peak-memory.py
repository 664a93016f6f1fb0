"""Runs the checker and fails if its peak resident memory exceeds a
multiple of the input's size.

usage: peak-memory.py MAX_RATIO INPUT TOOL [ARGS...]
The tool is run as TOOL ARGS... INPUT; its exit status must be 0.

The child's peak as wait4 reports it starts from this script's at the fork
(bench/run-bench.py forks through GNU time to avoid that); a few MB of
Python are nothing beside the inputs this is used on.
"""
import os
import subprocess
import sys

max_ratio, path, cmd = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
proc = subprocess.Popen(cmd + [path], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(proc.pid, 0)
code = os.waitstatus_to_exitcode(status)
if code != 0:
    sys.exit("exit %d" % code)
ratio = usage.ru_maxrss * 1024 / os.path.getsize(path)
print("peak memory %.2fx the input" % ratio)
# A sanitized tool's peak is the sanitizer's shadow memory and quarantine:
# there the run must still succeed, and the bound is not judged.
if ratio > max_ratio and not os.environ.get("TCGEN05_INSTRUMENTED"):
    sys.exit("peak memory %.2fx the input, above %.2fx" % (ratio, max_ratio))
