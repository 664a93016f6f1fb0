"""Checks each file read whole first and read while it is checked, in
chunks of several sizes, and fails when the two reports differ in anything:
text, order or exit code.

usage: compare-streamed.py TOOL FILE...
"""
import subprocess
import sys

CHUNKS = (1, 7, 4096)


def report(tool, path, options):
    p = subprocess.run([tool, "-j2", "-ferror-limit=0"] + options + [path],
                       capture_output=True)
    return p.returncode, p.stdout, p.stderr


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    differing = 0
    for path in files:
        whole = report(tool, path, ["--stream-from-bytes=0"])
        for chunk in CHUNKS:
            streamed = report(tool, path, ["--stream-from-bytes=1",
                                           "--stream-chunk-bytes=%d" % chunk])
            if streamed != whole:
                print("%s: read in chunks of %d bytes, the report differs"
                      % (path, chunk))
                differing += 1
    print("%d files, %d reports differ" % (len(files), differing))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
