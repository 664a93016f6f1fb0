#!/usr/bin/env python3
"""Runs the example of every diagnostic page (docs/diagnostics/TCnnnn.md) and
checks that the tool reports the page's code for it.

An example is the first ```ptx block after "## Example", run with every
group that is off by default turned on (as --help lists them) and the -R
flag the page's Severity line names.  One that
starts with a module-level directive is a module: as written if it has a
.version, .target or .address_size of its own (pages about those), after the
usual three otherwise.  Any other is a kernel's body: .target is sm_100a
unless a comment of it names another (`// .target sm_100f`), and registers
%r, %rd, %p, %rs, %f and %fd are declared unless it declares the name.

Pages whose example cannot run (an elided operand list or module, an input
too large to show, a code no input reaches) are listed in NOT_RUNNABLE with
the reason, or in check-codes.py's UNTESTABLE; the script fails when one of
them starts to report its code, so the lists only shrink.

usage: run-examples.py TOOL SOURCE_ROOT WORK_DIR
"""
import importlib.util
import os
import re
import subprocess
import sys

NOT_RUNNABLE = {
    "TC1107": "a nesting deeper than the limit, elided",
    "TC4100": "a body large enough to spend the budget, elided",
    "TC5001": "reported when --ptx-version rewrites the module the example shows",
    "TC5002": "reported when --target rewrites the module the example shows",
    "TC5003": "reported when --ptx-version rewrites the module the example shows",
    "TC7201": "a wgmma accumulator of dozens of registers, elided",
    "TC7202": "a wgmma accumulator of dozens of registers, elided",
    "TC7203": "a wgmma accumulator of dozens of registers, elided",
    "TC7204": "a wgmma accumulator of dozens of registers, elided",
}

MODULE_LEVEL = (".version", ".target", ".address_size", ".section", ".visible",
                ".extern", ".weak", ".entry", ".func", ".global", ".local",
                ".const", ".shared", ".file", ".alias")

REGISTERS = [(".b32", "%r"), (".b64", "%rd"), (".pred", "%p"), (".b16", "%rs"),
             (".f32", "%f"), (".f64", "%fd")]


def page_flags(page):
    """The flags the page's Severity line says turn the diagnostic on
    (`-Rdescriptor-analysis`)."""
    line = next((l for l in page.splitlines() if l.startswith("Severity:")), "")
    return re.findall(r"`(-R[\w-]+)`", line)


def example(page):
    m = re.search(r"## Example\n+```(\w*)\n(.*?)```", page, re.S)
    if not m or m.group(1) != "ptx":
        return None
    return m.group(2)


def module(body):
    first = next((l.strip() for l in body.splitlines()
                  if l.strip() and not l.strip().startswith("//")), "")
    header = ".version 9.0\n.target sm_100a\n.address_size 64\n"
    if first.startswith(MODULE_LEVEL):
        own = re.search(r"^\s*\.(version|target|address_size)\b", body, re.M)
        return body if own else header + body
    t = re.search(r"//.*\.target (sm_\w+)", body)
    if t:
        header = header.replace("sm_100a", t.group(1))
    declared = set(re.findall(r"\.reg\s+\.\w+\s+(%\w+?)<", body))
    regs = "".join(f"\t.reg {ty} {name}<100>;\n" for ty, name in REGISTERS
                   if name not in declared)
    return f"{header}.visible .entry k()\n{{\n{regs}{body}\tret;\n}}\n"


def off_groups(tool):
    """The groups off by default, as --help names them."""
    text = subprocess.run([tool, "--help"], capture_output=True, text=True).stdout
    m = re.search(r"Turn on a group that is off by default \(([^)]*)\)", text)
    return [g.strip() for g in m.group(1).split(",")] if m else []


def untestable(root):
    """check-codes.py's codes no input reaches."""
    spec = importlib.util.spec_from_file_location(
        "check_codes", os.path.join(root, "test", "tidy", "check-codes.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.UNTESTABLE


def main():
    tool, root, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    pages = os.path.join(root, "docs", "diagnostics")
    flags = [f"-W{g}" for g in off_groups(tool)]
    skip = dict(NOT_RUNNABLE, **untestable(root))
    ran = missing = 0
    failures = []
    for name in sorted(os.listdir(pages)):
        code = name[:-3]
        if not re.fullmatch(r"TC\d{4}", code):
            continue
        with open(os.path.join(pages, name)) as f:
            page = f.read()
        body = example(page)
        if body is None:
            missing += 1
            continue
        path = os.path.join(work, code + ".ptx")
        with open(path, "w") as f:
            f.write(module(body))
        out = subprocess.run([tool, "--color=never"] + flags + page_flags(page) + [path],
                             capture_output=True, text=True).stderr
        reported = f"[{code}]" in out
        if code in skip:
            if reported:
                failures.append(f"{code}: listed as not runnable ({skip[code]}), "
                                "but its example now reports it: take it off the list")
            continue
        ran += 1
        if not reported:
            first = next((l for l in out.splitlines() if "[TC" in l), "nothing")
            failures.append(f"{code}: its example does not report it; the tool said: {first}")
    for f in failures:
        print(f)
    print(f"{ran} examples run; {len(skip)} pages not runnable; {missing} pages "
          f"without a PTX example; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
