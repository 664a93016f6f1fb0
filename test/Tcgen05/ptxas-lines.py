#!/usr/bin/env python3
"""Cross-checks a rule test file with ptxas: the lines ptxas reports errors on
must be exactly the lines the file's expected-error comments name.  Lines
with expected notes or warnings do not count.

usage: ptxas-lines.py PTXAS FILE.ptx
"""
import re
import subprocess
import sys

EXPECT = re.compile(r"expected-error(?:@([+-]?)(\d+))?(?::\d+)?\s*\{\{")


def expected_lines(path):
    lines = set()
    with open(path, encoding="ascii") as f:
        for number, text in enumerate(f, 1):
            comment = text.find("//")
            if comment < 0:
                continue
            for m in EXPECT.finditer(text, comment):
                sign, value = m.group(1), m.group(2)
                if value is None:
                    lines.add(number)
                elif sign == "+":
                    lines.add(number + int(value))
                elif sign == "-":
                    lines.add(number - int(value))
                else:
                    lines.add(int(value))
    return lines


def target_of(path):
    with open(path, encoding="ascii") as f:
        for text in f:
            if text.startswith(".target"):
                name = text.split()[1].rstrip(",")
                # ptxas 13.0 no longer takes sm_101a as -arch; PTX ISA 9.0
                # renamed it sm_110a.
                return name.replace("sm_101", "sm_110")
    raise SystemExit("no .target in " + path)


def main():
    ptxas, path = sys.argv[1], sys.argv[2]
    proc = subprocess.run([ptxas, "-arch=" + target_of(path), path, "-o", "/dev/null"],
                          capture_output=True, text=True)
    reported = {int(m.group(1)) for m in re.finditer(r", line (\d+); (?:error|fatal)", proc.stderr)}
    if "error" in proc.stderr and not reported:
        print("ptxas reported an error without a line:\n" + proc.stderr)
        return 1
    want = expected_lines(path)
    missing, extra = sorted(want - reported), sorted(reported - want)
    for line in missing:
        print(f"{path}:{line}: expected an error here, ptxas accepts the line")
    for line in extra:
        print(f"{path}:{line}: ptxas reports an error the test does not expect")
    if missing or extra:
        sys.stdout.write(proc.stderr)
        return 1
    print(f"ptxas agrees on {len(want)} error lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
