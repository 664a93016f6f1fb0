"""Runs clang-format over the C and C++ sources of the project and fails on
any line that is not in the style of .clang-format.

usage: check-format.py CLANG_FORMAT SOURCE_DIR
"""
import os
import subprocess
import sys

clang_format, root = sys.argv[1:3]
# The project's own sources; the generated parser is built, not kept.
dirs = ["examples", "fuzz", "include", "lib", "test", "tools", "unittests"]
files = []
for d in dirs:
    for base, subdirs, names in os.walk(os.path.join(root, d)):
        subdirs[:] = sorted(s for s in subdirs if s not in ("Output", "__pycache__"))
        files += [os.path.join(base, n) for n in sorted(names)
                  if n.endswith((".cpp", ".h", ".c"))]
assert files, "no sources found"
proc = subprocess.run([clang_format, "--dry-run", "-Werror", "--style=file"] + files,
                      capture_output=True, text=True)
sys.stderr.write(proc.stderr)
print(f"{len(files)} files checked")
sys.exit(proc.returncode)
