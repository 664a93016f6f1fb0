"""Inputs that are large in one dimension, each at a size that proves a bound.

usage: stress.py TOOL WORKDIR [--only NAME ...] [--list]

Every case generates its input (nothing giant is stored), runs the tool on it
and fails if the run takes longer than the time limit, peaks above the memory
limit, dies of a signal, prints LLVM's crash banner, exits with another code
than the case expects, or does not print what the case expects.  The sizes
are well past those at which a quadratic or unbudgeted path would break the
limits, so a pass shows the bound, not only the absence of a crash.
The peak that wait4 reports starts from this script's own at the fork (about
100 MB after the larger generators), so it errs on the high side.
"""
import argparse
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time

TIME_LIMIT = 10.0  # seconds, per case
MEMORY_LIMIT = 2 << 30  # bytes of peak resident memory, per case

HEADER = ".version 9.0\n.target sm_100a\n.address_size 64\n"


def kernel(body, regs=".reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;\n"):
    return (HEADER + ".visible .entry k(.param .u64 p)\n{\n" + regs +
            "ld.param.u64 %rd1, [p];\nmov.b32 %r0, 0;\n" + body + "ret;\n}\n")


class Case:
    def __init__(self, name, what, write, args=(), exits=(0, 1), expect=None,
                 stdin=None, stdout=None, time_limit=TIME_LIMIT,
                 memory_limit=MEMORY_LIMIT):
        self.name, self.what, self.write = name, what, write
        self.args, self.exits, self.expect = list(args), exits, expect
        self.stdin, self.stdout, self.time_limit = stdin, stdout, time_limit
        self.memory_limit = memory_limit


def text(path, s):
    with open(path, "w", encoding="latin-1") as f:
        f.write(s)


def data(path, b):
    with open(path, "wb") as f:
        f.write(b)


CASES = []


def case(*a, **k):
    CASES.append(Case(*a, **k))


# --- The hazard analyses: memory and time linear in the input. -------------
LD = "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r0];\n"
WAIT = "tcgen05.wait::ld.sync.aligned;\n"
case("ld-many-reads",
     "one tcgen05.ld, then 200,000 instructions reading its register",
     lambda p: text(p, kernel(LD + WAIT + "add.s32 %r2, %r1, %r1;\n" * 200000 +
                              "st.global.b32 [%rd1], %r2;\n")))
case("ld-vector-copies",
     "one tcgen05.ld, then one store whose vector names its register 200,000 times",
     lambda p: text(p, kernel(LD + "st.global.v4.b32 [%rd1], {" +
                              ", ".join(["%r1"] * 200000) + "};\n")))
case("ld-wait-add-triples", "200,000 tcgen05.ld / wait::ld / add triples",
     lambda p: text(p, kernel((LD + WAIT + "add.s32 %r2, %r2, %r1;\n") * 200000 +
                              "st.global.b32 [%rd1], %r2;\n")),
     expect=r"gave up after \d+ steps.*\[TC6100\]")
case("ld-no-wait-reads", "200,000 tcgen05.ld each read before any wait",
     lambda p: text(p, kernel((LD + "add.s32 %r2, %r2, %r1;\n") * 200000 +
                              WAIT + "st.global.b32 [%rd1], %r2;\n")))


def loop_blocks(n):
    out = [LD, "setp.ne.s32 %p1, %r2, 0;\n$L_0:\n"]
    for i in range(1, n):
        out.append("@%%p1 bra $L_%d;\nadd.s32 %%r2, %%r2, 1;\n$L_%d:\n" % (i, i))
    out.append("add.s32 %r3, %r3, 1;\nsetp.lt.s32 %p2, %r3, 9;\n@%p2 bra $L_0;\n")
    out.append(WAIT + "st.global.b32 [%rd1], %r1;\n")
    return kernel("".join(out))


def chain(n):
    out = ["mov.b32 %r3, %tid.x;\nsetp.eq.s32 %p1, %r3, 0;\n@%p1 bra $L_0;\n$L_0:\n"]
    for i in range(1, n):
        out.append("%s%sbra.uni $L_%d;\n$L_%d:\n" % (LD, WAIT, i, i))
    return kernel("".join(out) + "bar.sync 0;\n")


case("chain-200k-blocks", "200,000 blocks each the only way into the next, each with a load",
     lambda p: text(p, chain(200000)))
case("elect-branches", "80,000 elect.sync branches around loads and barriers",
     lambda p: text(p, kernel("".join(
         "elect.sync %%r2|%%p2, -1;\n@%%p2 bra $E_%d;\n%s$E_%d:\nbar.sync 0;\n" % (i, LD, i)
         for i in range(80000)))), exits=(0, 1))
case("release-many-pending", "80,000 loads, each followed by a barrier",
     lambda p: text(p, kernel((LD + "bar.sync 0;\n") * 80000)))
case("releases-hand-off", "12,000 loads, each followed by a barrier and a store",
     lambda p: text(p, kernel((LD + "bar.sync 0;\n"
                               "tcgen05.st.sync.aligned.32x32b.x1.b32 [%r0], {%r1};\n") * 12000 +
                              WAIT + "tcgen05.wait::st.sync.aligned;\n")),
     args=["--format=json"], exits=(1,), stdout=r"TC6100")
case("allocations", "32,000 allocations, each freed",
     lambda p: text(p, HEADER + ".shared .b32 smem;\n" + kernel(
         "mov.u32 %r3, smem;\n" +
         ("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r3], 32;\n"
          "ld.shared.b32 %r4, [%r3];\n"
          "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r4, 32;\n") * 32000)[len(HEADER):]),
     expect=r"TC6100")
case("branch-targets", "brx.idx over 200,000 labels, each block with a load",
     lambda p: text(p, kernel("ts: .branchtargets %s;\nbrx.idx %%r0, ts;\n" %
                              ", ".join("$T_%d" % i for i in range(200000)) +
                              "".join("$T_%d:\n%s%s" % (i, LD, WAIT) for i in range(200000)))))
case("notes-far-back", "80,000 findings whose notes point at one early mov",
     lambda p: text(p, kernel("mov.b64 %rd2, 0;\n" + (
         "tcgen05.mma.cta_group::1.kind::f16 [%r0], %rd2, %rd2, %r1, 1;\n"
         "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd1];\n"
         "mbarrier.try_wait.parity.shared::cta.b64 %p1, [%rd1], 0;\n") * 80000)),
     args=["--format=json"], exits=(1,))
case("loop-800k-blocks", "a loop of 800,000 blocks around a pending tcgen05.ld",
     lambda p: text(p, loop_blocks(400000)))
case("loop-blocks-steps-1", "the same loop with --hazard-steps=1",
     lambda p: text(p, loop_blocks(400000)), args=["--hazard-steps=1"])

# --- The command line: every number and file it reads is bounded. ----------
SMALL = kernel("")
case("threads-max", "-j 4294967295", lambda p: text(p, SMALL),
     args=["-j", "4294967295"], exits=(0, 2))
case("threads-ten-million", "-j 10000000", lambda p: text(p, SMALL),
     args=["-j", "10000000"], exits=(0, 2))
case("response-file-dev-zero", "@/dev/zero as a response file",
     lambda p: text(p, SMALL), args=["@/dev/zero"], exits=(2,),
     expect=r"error: .*response file")
case("cta-group-3", "--cta-group=3", lambda p: None,
     args=["--decode-idesc=0x08400490", "--kind=f16", "--cta-group=3"], exits=(2,),
     expect=r"cta-group")


def baseline_nested(p):
    text(p + ".baseline", "[" * 500000 + "]" * 500000)
    text(p, SMALL)


case("baseline-nested", "a --baseline JSON nested 500,000 deep", baseline_nested,
     args=["--baseline={input}.baseline"], exits=(2,), expect=r"TC0\d+")


def baseline_huge(p):
    entry = ('{"fingerprint": "%032x", "code": "TC6006", "file": "kernel.ptx", '
             '"message": "a finding of some length that a real baseline would hold"},\n')
    with open(p + ".baseline", "w") as f:
        f.write('{"tool": "tcgen05-check", "findings": [\n')
        for i in range(1000000):
            f.write(entry % i)
        f.write((entry % 0).rstrip(",\n") + "]}\n")
    text(p, SMALL)


case("baseline-huge", "a baseline of about 170 MB", baseline_huge,
     args=["--baseline={input}.baseline"], exits=(0,))

# --- Lexing and the per-line lookups: linear. -------------------------------
case("non-ascii-run", "a run of 3.2 MB of bytes above 0x7f in a body",
     lambda p: data(p, kernel("").encode()[:-8] + b"\xc3\xa9" * 1600000 + b"\nret;\n}\n"),
     exits=(1,), expect=r"error:")
case("non-ascii-comment", "the same run in a comment, JSON: one finding",
     lambda p: data(p, kernel("").encode()[:-8] + b"// " + b"\xc3\xa9" * 1600000 +
                    b"\nret;\n}\n"),
     args=["--format=json"], exits=(1,), stdout=r'^(?![\s\S]*"TC1001"[\s\S]*"TC1001")')


def loc_one_line(p):
    # A .loc, then 20 MB on one line: a .loc (not at a line's start, so not
    # one that counts) before each of 100,000 wrong instructions.
    head = HEADER + '.file 1 "k.cu"\n.visible .entry k()\n{ .reg .b32 %r<4>;\n.loc 1 7 3\n'
    body = (".loc 1 8 3 " + "mov.b32 %r1, 0; " * 10 +
            "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 100; ") * 100000
    text(p, head + body + "ret; }\n")


case("loc-one-line", "100,000 findings under .loc on one 20 MB line",
     loc_one_line, exits=(1,), expect=r"k\.cu:8:3")
case("loc-one-line-sarif", "the same in SARIF", loc_one_line,
     args=["--format=sarif"], exits=(1,), stdout=r'"ruleId": "TC3123"')


def errors_one_line(p):
    text(p, HEADER + ".visible .entry k()\n{\n" + "mov.b32 %x, 0; " * 400000 +
         "\nret;\n}\n")


case("errors-one-line-sarif", "400,000 errors on one line, SARIF", errors_one_line,
     args=["--format=sarif"], exits=(1,))
case("errors-one-line-json", "400,000 errors on one line, JSON", errors_one_line,
     args=["--format=json"], exits=(1,))
case("messages-one-line", "400,000 different errors on one line, SARIF",
     lambda p: text(p, HEADER + ".visible .entry k()\n{\n" +
                    "".join("mov.b32 %%x%d, 0; " % i for i in range(400000)) +
                    "\nret;\n}\n"),
     args=["--format=sarif"], exits=(1,))
case("markers-one-line", "400,000 suppression markers on a line with findings",
     lambda p: text(p, kernel("mov.b32 %x, 0; " * 1000 +
                              "// tcgen05-check: ignore TC6006 " * 400000 + "\n")),
     exits=(1,), expect=r"TC2001")

# --- Input: found wrong early, never read whole for nothing. ----------------


def sparse_nul(p):
    with open(p, "wb") as f:
        f.truncate(3 << 30)


case("sparse-3g-nul", "a 3 GB sparse file (a NUL at byte 0)", sparse_nul,
     exits=(1,), expect=r"not PTX text: it contains a NUL byte \[TC0003\]")
case("stdin-endless", "standard input that never ends", lambda p: None,
     args=["-"], stdin="endless", exits=(2,),
     expect=r"holds more than 536870912 bytes, the input size limit \[TC0009\]")
case("stdin-zeros", "standard input of endless NULs", lambda p: None,
     args=["-"], stdin="/dev/zero", exits=(1,), expect=r"\[TC0003\]")

# An input's text is given back once its findings are printed.
case("many-inputs", "one 12 MB kernel named 60 times, in 200 MB",
     lambda p: text(p, kernel("add.s32 %r2, %r2, %r1;\n" * 500000 +
                              "mov.b32 %x, 0;\n")),
     args=["-j", "1", "--format=json"] + ["{input}"] * 59, exits=(1,),
     memory_limit=200 << 20)

# --- Output: failures to write are reported; nothing raw reaches a terminal.
case("write-dev-full-emit", "--emit=ptx -o /dev/full", lambda p: text(p, SMALL),
     args=["--emit=ptx", "-o", "/dev/full"], exits=(2,), expect=r"TC0113")
case("write-dev-full-sarif", "--format=sarif to a full stdout", lambda p: text(p, SMALL),
     args=["--format=sarif"], stdout="/dev/full", exits=(2,), expect=r"TC0113")
case("write-dev-full-baseline", "--write-baseline=/dev/full", lambda p: text(p, SMALL),
     args=["--write-baseline=/dev/full"], exits=(2,), expect=r"TC0113")
case("escape-source-line", "ESC, OSC, BEL and CR in a source line",
     lambda p: data(p, kernel("").encode()[:-8] +
                    b"mov.b32 %x, 0; // \x1b]0;title\x07\x1b[31mred\r\n" + b"ret;\n}\n"),
     exits=(1,), expect=r"\\x1b")
case("escape-file-string", "ESC in a .file string",
     lambda p: data(p, HEADER.encode() + b'.file 1 "k\x1b[31m.cu"\n.visible .entry k()\n{\n'
                    b".reg .b32 %r<4>;\n.loc 1 5 1\ntcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 100;\nret;\n}\n"),
     exits=(1,), expect=r"k\\x1b\[31m\.cu")

# --- Values: out of range is an error, not a silent cut. --------------------
case("dealloc-ncols-wide", "tcgen05.dealloc nCols of 4294967424",
     lambda p: text(p, kernel("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r0, 4294967424;\n")),
     exits=(1,), expect=r"TC\d+")
case("mov-overflow", "a mov immediate past 64 bits",
     lambda p: text(p, kernel("mov.b64 %rd2, 123456789012345678901234567890;\n")),
     exits=(1,), expect=r"error:")


def run(tool, work, c):
    path = os.path.join(work, c.name + ".ptx")
    c.write(path)
    args = [a.replace("{input}", path) for a in c.args]
    cmd = [tool] + args + ([] if "-" in args or not os.path.exists(path) else [path])
    stdin = subprocess.DEVNULL
    feeder = None
    if c.stdin == "endless":
        stdin = subprocess.PIPE
    elif c.stdin:
        stdin = open(c.stdin, "rb")
    out = open(c.stdout, "wb") if c.stdout and c.stdout.startswith("/") else subprocess.PIPE
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=out, stderr=subprocess.PIPE)
    if c.stdin == "endless":
        def feed():
            chunk = b"// a comment line that never ends the input\n" * 4096
            try:
                while True:
                    proc.stdin.write(chunk)
            except (BrokenPipeError, ValueError, OSError):
                pass
        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
    outputs = {}

    def drain(name, stream):
        size, keep = 0, []
        for block in iter(lambda: stream.read(1 << 16), b""):
            size += len(block)
            if size < (4 << 20):
                keep.append(block)
        outputs[name] = b"".join(keep)

    readers = [threading.Thread(target=drain, args=("err", proc.stderr))]
    if out == subprocess.PIPE:
        readers.append(threading.Thread(target=drain, args=("out", proc.stdout)))
    for r in readers:
        r.start()
    timer = threading.Timer(c.time_limit * 3, lambda: proc.kill())
    timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - start
    timer.cancel()
    for r in readers:
        r.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    problems = []
    code = proc.returncode
    err = outputs.get("err", b"").decode("latin-1")
    if code < 0:
        problems.append("killed by signal %d" % -code)
    elif code not in c.exits:
        problems.append("exit %d, expected %s" % (code, c.exits))
    if "PLEASE submit a bug report" in err or "Stack dump" in err:
        problems.append("crash banner")
    if elapsed > c.time_limit:
        problems.append("%.1f s, above %.0f s" % (elapsed, c.time_limit))
    peak = usage.ru_maxrss * 1024
    if peak > c.memory_limit:
        problems.append("peak memory %d MB, above %d MB" % (peak >> 20, c.memory_limit >> 20))
    if c.expect and not re.search(c.expect, err):
        problems.append("stderr does not match /%s/" % c.expect)
    if c.stdout and not c.stdout.startswith("/") and \
            not re.search(c.stdout, outputs.get("out", b"").decode("latin-1")):
        problems.append("stdout does not match /%s/" % c.stdout)
    for f in (path, path + ".baseline"):
        if os.path.exists(f):
            os.remove(f)
    line = "%-26s exit %3d %6.2f s %6d MB  %s" % (c.name, code, elapsed, peak >> 20, c.what)
    if problems:
        print("FAIL " + line + "\n     " + "; ".join(problems) +
              "\n     stderr: " + err[:600].replace("\n", "\n             "))
    else:
        print("ok   " + line)
    sys.stdout.flush()
    return not problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("work")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        for c in CASES:
            print("%-26s %s" % (c.name, c.what))
        return 0
    os.makedirs(a.work, exist_ok=True)
    # A runaway case must not take the machine down before its limits are read.
    resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30))
    chosen = [c for c in CASES if not a.only or c.name in a.only]
    failed = [c.name for c in chosen if not run(a.tool, a.work, c)]
    print("%d of %d cases passed" % (len(chosen) - len(failed), len(chosen)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
