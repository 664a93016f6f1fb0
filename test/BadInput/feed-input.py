"""Runs the checker on an input that a plain file cannot model, prints its
standard error and then 'exit N' (or 'signal N'), for FileCheck.

usage: feed-input.py KIND TOOL [ARGS...]
  endless    an endless stream of text on standard input
  fifo       a valid module through a named pipe (stat says size 0)
  shrinking  a large module truncated while it is being checked
"""
import os
import subprocess
import sys
import tempfile
import threading
import time

HEADER = b".version 9.0\n.target sm_100a\n.address_size 64\n"
MODULE = HEADER + b".visible .entry k()\n{\n\tret;\n}\n"
kind, tool, args = sys.argv[1], sys.argv[2], sys.argv[3:]


def report(proc, err):
    sys.stdout.write(err.decode("ascii", "replace"))
    code = proc.returncode
    print("signal %d" % -code if code < 0 else "exit %d" % code)


if kind == "endless":
    proc = subprocess.Popen([tool] + args + ["-"], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE)

    def feed():
        try:
            while True:
                proc.stdin.write(b"// more\n" * 8192)
        except (BrokenPipeError, ValueError, OSError):
            pass

    threading.Thread(target=feed, daemon=True).start()
    err = proc.stderr.read()
    proc.wait()
    report(proc, err)
elif kind == "fifo":
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "module.ptx")
        os.mkfifo(path)
        proc = subprocess.Popen([tool] + args + [path], stderr=subprocess.PIPE)
        with open(path, "wb") as f:
            f.write(MODULE)
        err = proc.stderr.read()
        proc.wait()
        report(proc, err)
elif kind == "shrinking":
    # About 16 MB that takes the checker a while; the file is emptied at
    # several moments of the run, as an editor saving it would.
    body = b"\tmov.b32 %r1, 1;\n" * (16 * 1024 * 1024 // 17)
    data = HEADER + b".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n" + body + b"\tret;\n}\n"
    worst = 0
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "module.ptx")
        for delay in (0.01, 0.05, 0.2):
            with open(path, "wb") as f:
                f.write(data)
            proc = subprocess.Popen([tool] + args + [path],
                                    stderr=subprocess.DEVNULL)
            time.sleep(delay)
            os.truncate(path, 0)
            proc.wait()
            if proc.returncode < 0:
                worst = proc.returncode
    print("signal %d" % -worst if worst < 0 else "no signal")
else:
    raise SystemExit("unknown kind " + kind)
