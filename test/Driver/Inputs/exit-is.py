"""Succeeds when a command exits with a given status:

    exit-is.py STATUS [--stdout=FILE] [--address-space-mb=N] CMD...

The command's standard error passes through; --stdout sends its standard
output to FILE (such as /dev/full); --address-space-mb limits its address
space.  A signal never matches a status, so a crash is not a failure."""
import resource
import subprocess
import sys

want, args = int(sys.argv[1]), sys.argv[2:]
stdout, limit = None, None
while args and args[0].startswith("--"):
    name, _, value = args.pop(0).partition("=")
    if name == "--stdout":
        stdout = open(value, "w")
    elif name == "--address-space-mb":
        limit = int(value) << 20


def setup():
    if limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


code = subprocess.call(args, stdout=stdout, preexec_fn=setup)
if code != want:
    sys.exit("exit status %d, expected %d" % (code, want))
