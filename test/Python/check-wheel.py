"""Checks a wheel against its RECORD: every member listed once with its
sha256 and size, the executables executable, the metadata complete.

usage: check-wheel.py WHEEL
"""
import base64
import csv
import hashlib
import io
import stat
import sys
import zipfile

wheel = zipfile.ZipFile(sys.argv[1])
names = wheel.namelist()
dist_info = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
assert len(dist_info) == 1, dist_info
dist_info = dist_info.pop()
record = list(csv.reader(io.StringIO(wheel.read(f"{dist_info}/RECORD").decode())))
listed = [r[0] for r in record]
assert sorted(listed) == sorted(names), set(listed) ^ set(names)
for name, digest, size in record:
    if name.endswith("/RECORD"):
        continue
    data = wheel.read(name)
    want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert digest == f"sha256={want}" and int(size) == len(data), name
for name in ("tcgen05check/bin/tcgen05-check", "tcgen05check/libtcgen05check.so"):
    mode = wheel.getinfo(name).external_attr >> 16
    assert stat.S_ISREG(mode) and mode & 0o111, (name, oct(mode))
meta = wheel.read(f"{dist_info}/METADATA").decode()
for field in ("Name: tcgen05check", "Version: ", "Requires-Python: ", "License: Apache-2.0"):
    assert field in meta, field
assert "tcgen05check/py.typed" in names
assert "tcgen05-check = tcgen05check._cli:main" in wheel.read(f"{dist_info}/entry_points.txt").decode()
print("wheel ok")
