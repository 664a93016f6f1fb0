#!/usr/bin/env python3
"""Planted hazards: edits the real kernels of the corpus one hazard at a
time, confirms with ptxas that each edited file still assembles, and
requires tcgen05-check to report the hazard's lint on the expected line;
near-miss edits, which keep the kernel correct, must add no hazard finding.

Each edit is found and its expected line computed from the text alone,
independently of the tool: a straight-line reading of the function from
the edit onward (no control flow), which is what the edits are chosen for.
An edit whose outcome that reading cannot tell (a branch or a label
before the deciding instruction) is not planted.

Kernels over --max-size bytes are left out: ptxas takes about a minute
to assemble the 13 MB FMHA example, once per edit.

usage: mutate.py TOOL CORPUS_DIR --ptxas PTXAS [--sample N] [--report FILE]
                 [--cache DIR] [--jobs N] [--edits CLASS,...]
"""
import argparse
import collections
import concurrent.futures
import hashlib
import lzma
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "corpus"))
from importlib import import_module  # noqa: E402

corpus_list = import_module("check-corpus")

# The kernels: real code, not the wrapper and codegen-test files of the
# CCCL and LLVM directories, which hold .func bodies and no kernels.
KERNEL_DIRS = ("cutlass/", "deepgemm/", "thunderkittens/")

RELEASE = re.compile(r"^\s*(?:@!?%\w+\s+)?(?:mbarrier\.arrive|bar\.sync|barrier\.sync|bar\.arrive|"
                     r"barrier\.arrive|barrier\.cluster\.arrive|tcgen05\.dealloc)\b")
ASYNC = re.compile(r"^\s*(?:@!?%\w+\s+)?tcgen05\.(?:mma|cp|shift|ld|st)\b")
SINGLE_ISSUE = re.compile(r"^\s*tcgen05\.(?:mma|cp|shift|commit)\b")
ALIGNED = re.compile(r"^\s*tcgen05\.(?:alloc|dealloc|relinquish_alloc_permit|ld|st|wait)\b.*\.sync\.aligned")
WAIT_LD = re.compile(r"^\s*tcgen05\.wait::ld\b")
LD = re.compile(r"^\s*tcgen05\.ld\.\S*\s*\{([^}]*)\}")
TRY_WAIT = re.compile(r"^(\s*)mbarrier\.try_wait(\.parity)?\.shared::cta\.b64\b")
FENCE_AFTER = re.compile(r"^\s*tcgen05\.fence::after_thread_sync")
GUARDED_BRA = re.compile(r"^\s*@(%\w+)\s+bra(?:\.uni)?\s+(\S+?)\s*;")
ENTRY = re.compile(r"^\.(?:visible\s+|weak\s+)?\.?entry\b")
DIAG = re.compile(r"^[^:\n]+:(\d+):\d+: (?:error|warning): .*\[(TC6\d{3})\]", re.M)


def read(path):
    return lzma.open(path).read() if path.endswith(".xz") else open(path, "rb").read()


def functions(lines):
    """(first, last) line indices of each function body."""
    out, start, depth = [], None, 0
    for i, line in enumerate(lines):
        if start is None and (ENTRY.match(line) or line.startswith(".func") or
                              re.match(r"^\.(visible|weak)\s+\.func", line)):
            start, depth = i, 0
        if start is not None:
            depth += line.count("{") - line.count("}")
            if "{" in line or depth:
                pass
            if depth == 0 and "}" in line and i > start:
                out.append((start, i))
                start = None
    return out


def function_of(spans, i):
    for a, b in spans:
        if a <= i <= b:
            return a, b
    return None


def is_control(line):
    s = line.strip()
    return bool(re.match(r"^[$\w]+:\s*$", s)) or re.search(r"\bbra(\.uni)?\b", s) is not None \
        or s.startswith("ret") or s.startswith("exit")


def regs_in(text):
    return set(re.findall(r"%\w+", text))


def reads(line, reg):
    # A register read anywhere but as the written first operand of an ld.
    m = LD.match(line)
    if m:
        line = line[m.end():]
    return re.search(re.escape(reg) + r"(?!\w)", line) is not None


# Each mutator yields (class, kind, line_index_of_edit, new_lines, expect)
# where expect is (code, 1-based line in the new file) for a plant, or
# None for a near miss.

def delete_wait(lines, spans):
    for i, line in enumerate(lines):
        if not WAIT_LD.match(line):
            continue
        span = function_of(spans, i)
        if not span:
            continue
        # The loads this wait completes, in its straight-line block; a load
        # further back, past a label or branch, with no wait after it
        # leaves the outcome to control flow.
        pending, crossed = {}, False
        for j in range(i - 1, span[0], -1):
            if WAIT_LD.match(lines[j]):
                break
            if is_control(lines[j]):
                crossed = True
            m = LD.match(lines[j])
            if m:
                if crossed:
                    pending = None
                    break
                pending[j] = regs_in(m.group(1))
        if not pending:
            continue
        for j in list(pending):
            for k in range(j + 1, i):
                pending[j] = {r for r in pending[j] if not reads(lines[k], r)}
        # Forward, straight line, to what decides.
        outcome = None
        for k in range(i + 1, span[1]):
            if is_control(lines[k]):
                break
            if WAIT_LD.match(lines[k]):
                outcome = "quiet"
                break
            for j in pending:
                pending[j] = {r for r in pending[j] if not reads(lines[k], r)}
            if RELEASE.match(lines[k]):
                unread = any(pending.values())
                outcome = ("TC6006", k) if unread else "quiet"
                break
        if outcome is None:
            continue
        new = lines[:i] + lines[i + 1:]
        if outcome == "quiet":
            yield ("delete-wait", "near", i, new, None)
        else:
            yield ("delete-wait", "plant", i, new, ("TC6006", outcome[1]))  # k shifts by -1: 1-based k


def relaxed_wait(lines, spans, delete_fence):
    for i, line in enumerate(lines):
        m = TRY_WAIT.match(line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span:
            continue
        new_line = line.replace("mbarrier.try_wait" + (m.group(2) or "") + ".shared::cta.b64",
                                "mbarrier.try_wait" + (m.group(2) or "") + ".relaxed.cta.shared::cta.b64", 1)
        # The fence after the wait loop, and the first async op after it.
        fence = op = None
        for k in range(i + 1, min(span[1], i + 40)):
            if FENCE_AFTER.match(lines[k]) and fence is None and op is None:
                fence = k
            if ASYNC.match(lines[k]):
                op = k
                break
            if re.match(r"^\s*(?:@!?%\w+\s+)?mbarrier\.", lines[k]):
                break
        if op is None:
            continue
        new = list(lines)
        new[i] = new_line
        if fence is None:
            yield ("relaxed-wait", "plant", i, new, ("TC6010", op + 1))
        elif delete_fence:
            del new[fence]
            yield ("delete-fence", "plant", i, new, ("TC6010", op))
        else:
            yield ("relaxed-wait", "near", i, new, None)


ALLOC_LINE = re.compile(r"^\s*(?:@!?%\w+\s+)?tcgen05\.alloc")
DEALLOC_LINE = re.compile(r"^\s*(?:@!?%\w+\s+)?tcgen05\.dealloc")


def kernel_sites(lines, spans, calls, pattern):
    """(index, function span, the function's alloc lines) of each line
    matching pattern in a kernel whose every path the lints follow."""
    for i, line in enumerate(lines):
        if not pattern.match(line):
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        yield i, span, [k for k in range(*span) if ALLOC_LINE.match(lines[k])]


def delete_dealloc(lines, spans, calls):
    for i, span, allocs in kernel_sites(lines, spans, calls, DEALLOC_LINE):
        deallocs = [k for k in range(*span) if "tcgen05.dealloc" in lines[k]]
        if len(deallocs) != 1 or not allocs:
            continue
        new = lines[:i] + lines[i + 1:]
        first = allocs[0]
        yield ("delete-dealloc", "plant", i, new, ("TC6003", first + 1 if first < i else first))


def halve_ncols(lines, spans):
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*tcgen05\.dealloc\.\S+\s+%\w+\s*,\s*)(\d+|%\w+)(\s*;.*)$", line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span:
            continue
        new = list(lines)
        if m.group(2).isdigit():
            if int(m.group(2)) < 64:
                continue
            new[i] = m.group(1) + str(int(m.group(2)) // 2) + m.group(3)
        else:
            # nCols in a register set from a constant for this dealloc only.
            reg = m.group(2)
            uses = [k for k in range(*span) if re.search(re.escape(reg) + r"(?!\w)", lines[k])]
            mov = re.compile(r"^(\s*mov\.[bu]32\s+" + re.escape(reg) + r"\s*,\s*)(\d+)(\s*;.*)$")
            defs = [k for k in uses if mov.match(lines[k])]
            if len(uses) != 2 or len(defs) != 1 or defs[0] > i:
                continue
            d = mov.match(lines[defs[0]])
            if int(d.group(2)) < 64:
                continue
            new[defs[0]] = d.group(1) + str(int(d.group(2)) // 2) + d.group(3)
        yield ("halve-ncols", "plant", i, new, ("TC6004", i + 1))


def relinquish_first(lines, spans):
    for i, line in enumerate(lines):
        if "tcgen05.relinquish_alloc_permit" not in line:
            continue
        span = function_of(spans, i)
        if not span:
            continue
        allocs = [k for k in range(span[0], i) if re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.alloc", lines[k])]
        if len(allocs) != 1 or line.strip().startswith("@"):
            continue
        a = allocs[0]
        new = lines[:a] + [line] + lines[a:i] + lines[i + 1:]
        yield ("relinquish-first", "plant", i, new, ("TC6005", a + 2))


def guard_aligned(lines, spans, uniform):
    n = 0
    for i, line in enumerate(lines):
        if not ALIGNED.match(line) or line.strip().startswith("@"):
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]):
            continue
        indent = re.match(r"^(\s*)", line).group(1)
        n += 1
        if uniform:
            # The warp index, broadcast as CUTLASS computes it: uniform.
            guard = [f"{indent}{{", f"{indent}.reg .pred %pmut;", f"{indent}.reg .b32 %rmut<3>;",
                     f"{indent}mov.u32 %rmut0, %tid.x;", f"{indent}shr.u32 %rmut1, %rmut0, 5;",
                     f"{indent}shfl.sync.idx.b32 %rmut2, %rmut1, 0, 31, -1;",
                     f"{indent}setp.eq.u32 %pmut, %rmut2, 0;", f"{indent}@%pmut {line.strip()}", f"{indent}}}"]
        else:
            guard = [f"{indent}{{", f"{indent}.reg .pred %pmut;", f"{indent}.reg .b32 %rmut;",
                     f"{indent}mov.u32 %rmut, %tid.x;", f"{indent}setp.eq.u32 %pmut, %rmut, 0;",
                     f"{indent}@%pmut {line.strip()}", f"{indent}}}"]
        new = lines[:i] + guard + lines[i + 1:]
        at = i + len(guard) - 1  # 1-based line of the guarded instruction
        yield ("guard-tid" if not uniform else "guard-warp", "near" if uniform else "plant", i, new,
               None if uniform else ("TC6001", at))


def drop_elect_branch(lines, spans, laneid):
    for i, line in enumerate(lines):
        m = GUARDED_BRA.match(line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]):
            continue
        # The predicate comes from a flag elect.sync set, just before.
        window = "\n".join(lines[max(span[0], i - 8):i])
        if "elect.sync" not in window:
            continue
        op = None
        for k in range(i + 1, min(span[1], i + 30)):
            if re.match(r"^[$\w]+:", lines[k].strip()) or is_control(lines[k]):
                break
            if SINGLE_ISSUE.match(lines[k]):
                op = k
                break
        if op is None:
            continue
        indent = re.match(r"^(\s*)", line).group(1)
        if laneid:
            # ThunderKittens' guard: lane 0 only.
            guard = [f"{indent}{{", f"{indent}.reg .pred %pmut;", f"{indent}.reg .b32 %rmut;",
                     f"{indent}mov.u32 %rmut, %laneid;", f"{indent}setp.ne.u32 %pmut, %rmut, 0;",
                     f"{indent}@%pmut bra {m.group(2)};", f"{indent}}}"]
            new = lines[:i] + guard + lines[i + 1:]
            yield ("laneid-guard", "near", i, new, None)
        else:
            new = lines[:i] + lines[i + 1:]
            yield ("drop-elect-branch", "plant", i, new, ("TC6002", op))


def one_warp(statement):
    """Statement in a scope of its own that warp 0 alone executes, and the
    statement's index in it."""
    block = ["{", ".reg .b32 %tcm_t, %tcm_w;", ".reg .pred %tcm_p;", "mov.u32 %tcm_t, %tid.x;",
             "shr.u32 %tcm_w, %tcm_t, 5;", "setp.eq.u32 %tcm_p, %tcm_w, 0;",
             "@%tcm_p " + statement, "}"]
    return block, 6


def jumps_past(lines, span, start, at):
    """Whether a branch between start and at goes to a label after at."""
    labels = {m.group(1): k for k in range(*span) for m in [LABEL.match(lines[k])] if m}
    for k in range(start, at):
        m = re.search(r"\bbra(?:\.uni)?\s+([$\w]+)\s*;", lines[k])
        if m and labels.get(m.group(1), -1) > at:
            return True
    return False


def alloc_before_peer_sync(lines, spans, calls):
    """A pair's alloc moved to the kernel's first statement, before the
    cluster barrier that makes sure the peer is launched, as CuTe's
    tutorials 04 and 05 had it (TC6023).  The near miss moves it to just
    after the kernel's first barrier.cluster.wait instead, where no branch
    before that wait jumps past it: every warp reaches the wait (in
    ThunderKittens' GEMM the first wait is one producer lane's, where a
    .sync.aligned alloc is TC6001's)."""
    wait = re.compile(r"^\s*barrier\.cluster\.wait")
    for i, line in enumerate(lines):
        if not re.match(r"^\s*tcgen05\.alloc\.cta_group::2", line):
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        first = first_statement(lines, span)
        if first is None or first >= i:
            continue
        # An alloc with no cluster wait before it is the hazard already
        # (ThunderKittens' level 09): moving it plants nothing.
        waits = [k for k in range(first, i) if wait.match(lines[k])]
        if not waits:
            continue
        # Warp 0's, as it was: moved out of its warp's branch, every warp
        # would allocate (TC6025).
        moved, offset = one_warp(line.strip())
        rest = lines[:i] + lines[i + 1:]
        yield ("alloc-before-peer-sync", "plant", i, rest[:first] + moved + rest[first:],
               ("TC6023", first + offset + 1))
        if not jumps_past(lines, span, first, waits[0]):
            at = waits[0] + 1
            yield ("alloc-after-peer-sync", "near", i, rest[:at] + moved + rest[at:], None)


def cta_size(lines, span):
    """The kernel's .reqntid or .maxntid directive, and the threads it
    gives (None, 0 without one)."""
    head = "\n".join(lines[span[0]:span[0] + 12])
    size = re.search(r"\.(reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?", head)
    if not size:
        return None, 0
    threads = 1
    for g in size.groups()[1:]:
        threads *= int(g or 1)
    return size, threads


def dealloc_all_warps(lines, spans, calls):
    """A copy of the kernel's dealloc at its first statement, which every
    warp executes: more than one warp of a CTA deallocates (jax PR 28461),
    TC6024 where .reqntid gives the CTA's size, TC6025 where .maxntid
    bounds it.  The near miss guards the copy so that warp 0 alone
    executes it: one warp, which this rule asks for (that the copy frees
    before the allocation is a different rule)."""
    done = set()
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)(tcgen05\.dealloc\.\S+\s+[^;]*;)", line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span or span in done or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        size, threads = cta_size(lines, span)
        if not size or threads <= 32:
            continue
        first = first_statement(lines, span)
        if first is None or first >= i:
            continue
        done.add(span)
        copy = m.group(1) + m.group(2)
        code = "TC6024" if size.group(1) == "reqntid" else "TC6025"
        yield ("dealloc-all-warps", "plant", i, lines[:first] + [copy] + lines[first:],
               (code, first + 1))
        guarded, _ = one_warp(m.group(2))
        yield ("dealloc-one-warp", "near", i, lines[:first] + guarded + lines[first:], None)


def first_statement(lines, span):
    """The index of a function's first statement after its declarations."""
    decl = re.compile(r"^\s*(?:\.reg|\.shared|\.local|\.pragma|//|\{|$)")
    body = next((k for k in range(span[0], span[1]) if lines[k].strip() == "{"), None)
    if body is None:
        return None
    return next((k for k in range(body + 1, span[1]) if not decl.match(lines[k])), None)


def cluster_barrier_one_warp(lines, spans, calls):
    """A cluster barrier (arrive, then wait) at a kernel's first statement,
    in a scope of its own that only the last warp .maxntid or .reqntid
    allows runs, followed by the CTA's barrier that every warp reaches: the
    other warps reach that barrier before any arrival at the cluster's,
    and the last warp reaches it only past its wait (TC6035 at the wait).
    Kernels that use barrier 0 only without a thread count.  The near miss
    runs a cluster barrier in the other warps too, before theirs."""
    for a, b in spans:
        # The lints judge the kernels that issue tcgen05 instructions.
        if not ENTRY.match(lines[a]) or calls((a, b)) or \
                not any(re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.", lines[k]) for k in range(a, b)):
            continue
        size, threads = cta_size(lines, (a, b))
        first = first_statement(lines, (a, b))
        if not size or threads <= 32 or first is None:
            continue
        if any(re.match(r"^\s*(?:bar|barrier)(?:\.cta)?\.\w+(?:\.aligned)?\s+0\s*,", lines[k])
               for k in range(a, b)):
            continue
        last = (threads + 31) // 32 - 1
        head = ["{", ".reg .b32 %tcm_t, %tcm_w;", ".reg .pred %tcm_p;", "mov.u32 %tcm_t, %tid.x;",
                "shr.u32 %tcm_w, %tcm_t, 5;", f"setp.ne.u32 %tcm_p, %tcm_w, {last};",
                "@%tcm_p bra $TCM_OTHERS;", "barrier.cluster.arrive.aligned;",
                "barrier.cluster.wait.aligned;"]
        wait = first + len(head)
        plant = head + ["$TCM_OTHERS:", "bar.sync 0;", "}"]
        yield ("cluster-barrier-one-warp", "plant", first, lines[:first] + plant + lines[first:],
               ("TC6035", wait))
        near = head + ["bra.uni $TCM_JOIN;", "$TCM_OTHERS:", "barrier.cluster.arrive.aligned;",
                       "barrier.cluster.wait.aligned;", "$TCM_JOIN:", "bar.sync 0;", "}"]
        yield ("cluster-barrier-every-warp", "near", first, lines[:first] + near + lines[first:], None)


SHARED_VAR = re.compile(r"^\s*(?:\.extern\s+)?\.shared\s[^;]*?([$\w]+)\s*(?:\[[^\]]*\])*\s*;")
CLUSTER_ARRIVE = re.compile(r"^\s*barrier\.cluster\.arrive(?![\w.]*\.relaxed)[\w.]*\s*;")
CLUSTER_WAIT = re.compile(r"^\s*barrier\.cluster\.wait[\w.]*\s*;")


def peer_access_at_exit(lines, spans, calls):
    """A load of another CTA's shared memory (mapa.shared::cluster, then
    ld.shared::cluster), or a generic atomic add there (cvta, mapa.u64, as
    nvcc's map_shared_rank gives), just before a kernel's last ret, after
    any cluster barrier: the CTA whose memory it reads may have exited
    (TC6038 at the access).  The near misses: the same access before the
    kernel's terminal cluster barrier (an arrive, then a wait), where it
    has one; else followed by one."""
    outside = set(range(len(lines))) - {k for a, b in spans for k in range(a, b + 1)}
    module_vars = [SHARED_VAR.match(lines[k]).group(1) for k in sorted(outside)
                   if SHARED_VAR.match(lines[k])]
    wide = any(re.match(r"^\.address_size\s+64", lines[k]) for k in outside)
    for a, b in spans:
        if not ENTRY.match(lines[a]) or calls((a, b)) or \
                not any(re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.", lines[k]) for k in range(a, b)):
            continue
        names = module_vars + [m.group(1) for m in (LOCAL_SHARED.match(lines[k]) for k in range(a, b)) if m]
        ret = next((k for k in range(b, a, -1) if re.match(r"^\s*ret\s*;", lines[k])), None)
        if not names or ret is None:
            continue
        before = next((lines[k] for k in range(ret - 1, a, -1)
                       if lines[k].strip() and not lines[k].strip().startswith("//")), "")
        if re.search(r"^\s*(?:bra(?:\.uni)?\b|ret\b|exit\b)", before):
            continue
        var = names[0]
        load = ["{", ".reg .b32 %tcm_a, %tcm_v;", f"mapa.shared::cluster.u32 %tcm_a, {var}, 0;",
                "ld.shared::cluster.u32 %tcm_v, [%tcm_a];", "}"]
        atomic = ["{", ".reg .b64 %tcm_g, %tcm_m;", ".reg .b32 %tcm_v;",
                  f"cvta.shared.u64 %tcm_g, {var};", "mapa.u64 %tcm_m, %tcm_g, 0;",
                  "atom.add.u32 %tcm_v, [%tcm_m], 1;", "}"]
        arrive = next((k for k in range(ret - 1, a, -1) if CLUSTER_ARRIVE.match(lines[k])), None)
        if arrive is not None:
            # The wait must follow the arrive on the straight line.
            after = [k for k in range(arrive + 1, ret) if lines[k].strip() and
                     not lines[k].strip().startswith("//")]
            if not after or not CLUSTER_WAIT.match(lines[after[0]]):
                arrive = None
        for cls, block in (("peer-load-at-exit", load), ("peer-atomic-at-exit", atomic)):
            if cls == "peer-atomic-at-exit" and not wide:
                continue
            access = ret + len(block) - 1
            yield (cls, "plant", ret, lines[:ret] + block + lines[ret:], ("TC6038", access))
            if arrive is not None:
                yield (cls.replace("at-exit", "before-cluster-barrier"), "near", arrive,
                       lines[:arrive] + block + lines[arrive:], None)
                if cls != "peer-load-at-exit":
                    continue
                # The terminal barrier's wait deleted: the CTA arrives, but
                # exits without waiting for the others.
                wait = after[0]
                yield ("peer-load-no-wait", "plant", arrive,
                       lines[:arrive] + block + lines[arrive:wait] + lines[wait + 1:],
                       ("TC6038", arrive + len(block) - 1))
                # Its arrive made relaxed: it no longer orders the load,
                # unless a fence of the cluster's scope comes between.
                relaxed = re.sub(r"barrier\.cluster\.arrive(?:\.release)?", "barrier.cluster.arrive.relaxed",
                                 lines[arrive], count=1)
                yield ("peer-load-relaxed-arrive", "plant", arrive,
                       lines[:arrive] + block + [relaxed] + lines[arrive + 1:],
                       ("TC6038", arrive + len(block) - 1))
                yield ("peer-load-fence-relaxed-arrive", "near", arrive,
                       lines[:arrive] + block + ["fence.acq_rel.cluster;", relaxed] + lines[arrive + 1:],
                       None)
            else:
                near = block + ["barrier.cluster.arrive;", "barrier.cluster.wait;"]
                yield (cls.replace("at-exit", "then-cluster-barrier"), "near", ret,
                       lines[:ret] + near + lines[ret:], None)


def dealloc_before_load(lines, spans, calls):
    """A copy of the kernel's dealloc just before its first tcgen05.ld
    after the allocation, in the load's block: the warps that load have
    freed first (TC6026 at the load).  Kernels with one allocation only,
    which the lint judges.  The near miss moves the dealloc, made warp 0's,
    to just before the function's last ret, after every access."""
    done = set()
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)(tcgen05\.dealloc\.cta_group::1\S*\s+[^;]*;)", line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span or span in done or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        allocs = [k for k in range(*span) if re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.alloc", lines[k])]
        if len(allocs) != 1:
            continue
        load = next((k for k in range(allocs[0], span[1])
                     if re.match(r"^\s*tcgen05\.ld\.", lines[k])), None)
        if load is None:
            continue
        done.add(span)
        copy = m.group(1) + m.group(2)
        yield ("dealloc-before-load", "plant", i, lines[:load] + [copy] + lines[load:],
               ("TC6026", load + 2))
        last = max((k for k in range(*span) if re.match(r"^\s*ret\s*;", lines[k])), default=None)
        # Moved, not copied: a copy would free the one allocation twice.
        # Only where the dealloc comes before the last ret, so that moving
        # it keeps the indices after it.
        if last is not None and last > load and last > i:
            guarded, _ = one_warp(m.group(2))
            moved = lines[:last] + guarded + lines[last:]
            yield ("dealloc-after-last-use", "near", i, moved[:i] + moved[i + 1:], None)


def alloc_while_holding(lines, spans, calls):
    """A second allocation of 512 columns just before the kernel's alloc,
    in its block and under its guard: the same warp
    then asks for more while it holds the whole of tensor memory (TC6028
    at the original alloc; TC6029 where a guard makes the first one
    conditional).  The near miss frees the inserted allocation at once, so
    the warp holds nothing when it asks again (cta_group::1 kernels of one
    allocation only: a pair's dealloc would need to wait for the peer CTA
    first)."""
    alloc = re.compile(r"^(\s*)(@!?%\w+\s+)?(tcgen05\.alloc\.cta_group::([12])\S*)\s+\[([^\]]+)\]\s*,\s*([^;]+);")
    for i, line in enumerate(lines):
        m = alloc.match(line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        indent, guard, op, group, dst = m.group(1), m.group(2) or "", m.group(3), m.group(4), m.group(5)
        first = f"{indent}{guard}{op} [{dst}], 512;"
        code = "TC6029" if guard else "TC6028"
        yield ("alloc-while-holding", "plant", i, lines[:i] + [first] + lines[i:], (code, i + 2))
        # A pair's allocation freed at once would not wait for the peer, and
        # beside another allocation the warp may hold columns already.
        allocs = [k for k in range(*span) if alloc.match(lines[k]) or "tcgen05.alloc" in lines[k]
                  and not lines[k].lstrip().startswith("//")]
        if group == "2" or len(allocs) != 1:
            continue
        load = "ld.shared.b32" if ".shared::cta" in op else "ld.b32"
        freed = [indent + "{", indent + ".reg .b32 %tcm_a;", first,
                 f"{indent}{guard}{load} %tcm_a, [{dst}];",
                 f"{indent}{guard}tcgen05.dealloc.cta_group::1.sync.aligned.b32 %tcm_a, 512;",
                 indent + "}"]
        yield ("alloc-freed-first", "near", i, lines[:i] + freed + lines[i:], None)


def dealloc_twice(lines, spans, calls):
    """A copy of a kernel's tcgen05.dealloc just after itself: the warp
    that freed the kernel's one allocation frees it again (TC6031 at the
    copy; TC6032 where a guard makes the first free conditional)."""
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)(@!?%\w+\s+)?(tcgen05\.dealloc\.\S+\s+[^;]*;)", line)
        if not m:
            continue
        span = function_of(spans, i)
        if not span or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        allocs = [k for k in range(*span) if re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.alloc", lines[k])]
        if len(allocs) != 1 or allocs[0] > i:
            continue
        code = "TC6032" if m.group(2) else "TC6031"
        yield ("dealloc-twice", "plant", i, lines[:i + 1] + [line] + lines[i + 1:], (code, i + 2))


STRONG_WAIT = re.compile(r"^\s*(?:@!?%\w+\s+)?(?:mbarrier\.(?:try_wait|test_wait)|(?:bar|barrier)(?:\.cta)?\.(?:sync|red)"
                         r"|barrier\.cluster\.wait|atom\.|ld\.(?:\S*\.)?(?:acquire|relaxed|volatile)\b)")
CTA_BARRIER = re.compile(r"^(\s*)(?:bar|barrier)(?:\.cta)?\.sync(?:\.aligned)?\s+([^;]+);")
LABEL = re.compile(r"^\s*([$\w]+):\s*$")


def barrier_before_dealloc(lines, spans, calls):
    """The barriers between a kernel's last tcgen05.ld or st and its
    dealloc deleted: the warps that read reach the free with no wait, and
    the one that frees may free while the others still read (TC6033 at the
    dealloc).  Only where the text between them waits at nothing but those
    barriers and is one region: its branches go forward, its labels are
    reached only from inside it, so that every warp that reads goes on to
    the free.  The near miss spells each barrier the other way
    (bar.sync and barrier.sync.aligned are one instruction)."""
    for i, span, allocs in kernel_sites(lines, spans, calls, DEALLOC_LINE):
        if len(allocs) != 1:
            continue
        last = max((k for k in range(span[0], i) if re.match(r"^\s*tcgen05\.(?:ld|st)\.", lines[k])),
                   default=None)
        if last is None:
            continue
        waits = [k for k in range(last + 1, i) if STRONG_WAIT.match(lines[k])]
        if not waits or not all(CTA_BARRIER.match(lines[k]) for k in waits):
            continue
        labels = {LABEL.match(lines[k]).group(1): k for k in range(last + 1, i) if LABEL.match(lines[k])}
        region = True
        for k in range(span[0], span[1]):
            b = re.search(r"\bbra(?:\.uni)?\s+([$\w]+)\s*;", lines[k])
            if not b:
                continue
            inside = last < k < i
            target = b.group(1)
            if target in labels and not inside:
                region = False
            if inside:
                to = next((j for j in range(span[0], span[1]) if LABEL.match(lines[j])
                           and LABEL.match(lines[j]).group(1) == target), None)
                if to is None or to < k:
                    region = False
        if not region:
            continue
        kept = [l for k, l in enumerate(lines) if k not in waits]
        yield ("barrier-before-dealloc", "plant", i, kept, ("TC6033", i - len(waits) + 1))
        respelled = list(lines)
        for k in waits:
            m = CTA_BARRIER.match(lines[k])
            other = "barrier.sync.aligned" if lines[k].lstrip().startswith("bar.") else "bar.sync"
            respelled[k] = f"{m.group(1)}{other} {m.group(2).strip()};"
        yield ("barrier-respelled", "near", i, respelled, None)


NAMED = re.compile(r"^(\s*)(bar|barrier)(\.cta)?\.(sync|arrive)(\.aligned)?\s+([^,;]+?)\s*(?:,\s*([^;]+?)\s*)?;")


def constant_of(lines, span, at, operand):
    """The constant operand names at line at: an immediate, or a register
    moved from a constant once in the function and read nowhere else;
    with the line and a function that writes another value there."""
    if operand.isdigit():
        def put(value):
            m = NAMED.match(lines[at])
            return (at, lines[at].replace(operand, str(value), 1) if m.group(7) != operand else
                    re.sub(r",\s*" + operand + r"\s*;", f", {value};", lines[at]))
        return int(operand), put
    uses = [k for k in range(*span) if re.search(re.escape(operand) + r"(?!\w)", lines[k])]
    mov = re.compile(r"^(\s*mov\.[bu]32\s+" + re.escape(operand) + r"\s*,\s*)(\d+)(\s*;.*)$")
    defs = [k for k in uses if mov.match(lines[k])]
    if len(uses) != 2 or len(defs) != 1 or defs[0] > at:
        return None
    d = mov.match(lines[defs[0]])
    return int(d.group(2)), lambda value: (defs[0], d.group(1) + str(value) + d.group(3))


def named_barrier_count(lines, spans, calls):
    """A named barrier's thread count raised past the CTA's threads
    (.reqntid or .maxntid): no phase can complete (TC6030 at it), as
    FlashMLA PR 57 asked one warpgroup's barrier for both.  Only barriers
    whose every use waits (a bar.arrive may arrive twice in a phase) and
    whose numbers are all constants.  The near miss gives every use of the
    barrier a number no other barrier uses."""
    done = set()
    for span in spans:
        if span in done or not ENTRY.match(lines[span[0]]) or calls(span):
            continue
        size, threads = cta_size(lines, span)
        if not size:
            continue
        uses = []
        for k in range(*span):
            m = NAMED.match(lines[k])
            if not m:
                continue
            ident = constant_of(lines, span, k, m.group(6))
            if ident is None:
                uses = None
                break
            uses.append((k, m, ident[0], ident[1]))
        if not uses:
            continue
        done.add(span)
        ids = collections.defaultdict(list)
        for use in uses:
            ids[use[2]].append(use)
        free = [n for n in range(1, 16) if n not in ids]
        for ident, group in sorted(ids.items()):
            if any(m.group(4) == "arrive" or m.group(7) is None for _, m, _, _ in group):
                continue
            k, m, _, _ = group[0]
            count = constant_of(lines, span, k, m.group(7))
            if count is None or threads + 32 > 1024:
                continue
            new = list(lines)
            at, text = count[1](threads + 32)
            new[at] = text
            yield ("barrier-count-past-cta", "plant", k, new, ("TC6030", k + 1))
            if free:
                new = list(lines)
                for _, _, _, put in group:
                    at, text = put(free[0])
                    new[at] = text
                yield ("barrier-renumbered", "near", k, new, None)


MBAR_OP = re.compile(r"^\s*(?:@!?[%\w]+\s+)?(mbarrier\.\w+|tcgen05\.commit|cp\.async\.mbarrier\.arrive)[\w.:]*\s.*?\[([^\]]+)\]")
MBAR_INIT = re.compile(r"^(\s*(?:@!?[%\w]+\s+)?mbarrier\.init\.[\w.:]*\s*\[[^\]]+\]\s*,\s*)([%\w]+)(\s*;.*)$")
DEF = re.compile(r"^\s*(?:@!?[%\w]+\s+)?([a-z][\w.:]*)\s+([%\w]+)\s*,\s*([^;]*);")


def mbarrier_objects(lines, span):
    """The object each mbarrier instruction of a kernel names, read from the
    text alone: its address a variable, or a register written once by a
    move of one, a conversion or an addition of a constant; None for the
    kernel when an arrive, a drop or an inval names anything else (a
    mapa, a stage index, a pointer from memory)."""
    defs = collections.defaultdict(list)
    for k in range(*span):
        d = DEF.match(lines[k])
        if d:
            defs[d.group(2)].append(k)

    def resolve(text, depth=0):
        m = re.fullmatch(r"\s*([%$\w]+)\s*(?:\+\s*(\d+))?\s*", text)
        if not m or depth > 12:
            return None
        base, off = m.group(1), int(m.group(2) or 0)
        if base not in defs:
            return None if base.startswith("%") or base[0].isdigit() else (base, off)
        if len(defs[base]) != 1:
            return None
        d = DEF.match(lines[defs[base][0]])
        op, args = d.group(1), [a.strip() for a in d.group(3).split(",")]
        if op.startswith(("mov.", "cvta.", "cvt.")) and len(args) == 1:
            r = resolve(args[0], depth + 1)
        elif op.startswith("add.") and len(args) == 2 and re.fullmatch(r"-?\d+", args[1]):
            r = resolve(args[0], depth + 1)
            r = r and (r[0], r[1] + int(args[1]))
        else:
            return None
        return r and (r[0], r[1] + off)

    ops = []
    for k in range(*span):
        m = MBAR_OP.match(lines[k])
        if not m:
            continue
        obj = resolve(m.group(2))
        kind = m.group(1)
        arrives = not kind.startswith(("mbarrier.try_wait", "mbarrier.test_wait", "mbarrier.expect_tx",
                                       "mbarrier.complete_tx", "mbarrier.init"))
        if obj is None and (arrives or kind == "mbarrier.init") or (".multicast" in lines[k] and arrives):
            return None
        ops.append((k, kind, obj))
    return ops


LOCAL_SHARED = re.compile(r"^\s+\.shared\s[^;]*?([$\w]+)\s*(?:\[[^\]]*\])*\s*;")


def init_count_unreachable(lines, spans, calls):
    """An mbarrier's init count raised to the largest the manual allows,
    2^20 - 1, more than the arrivals of any CTA: no phase completes and its
    waits hang (TC6036 at the count), as a count written for a warpgroup's
    threads where one thread a warp arrives does.  Only in kernels whose
    every arrive names an object the text resolves, all in one variable,
    for objects with a
    wait whose arrives sit in no loop (a backward branch's range) or pass,
    on the way to each loop's back branch, a wait that no branch can skip.
    The near miss writes the count it had as an immediate."""
    for a, b in spans:
        if not ENTRY.match(lines[a]) or calls((a, b)) or \
                not any(re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.", lines[k]) for k in range(a, b)):
            continue
        ops = mbarrier_objects(lines, (a, b))
        # With several of the module's variables the lint tells their
        # objects apart by offset alone (extern arrays share an address), so
        # one raised init would disagree with the others at its offset.  A
        # `.shared` variable the body declares is an allocation of its own.
        local = {d.group(1) for k in range(a, b) for d in [LOCAL_SHARED.match(lines[k])] if d}
        if not ops or len({o[0] for _, _, o in ops if o and o[0] not in local}) > 1:
            continue
        labels = {}
        for k in range(a, b):
            lab = LABEL.match(lines[k])
            if lab:
                labels.setdefault(lab.group(1), []).append(k)
        loops, sources = [], collections.defaultdict(list)
        for k in range(a, b):
            br = re.search(r"\bbra(?:\.uni)?\s+([$\w]+)\s*;", lines[k])
            if br:
                # Inline asm repeats its labels (LAB_WAIT, DONE) in scopes
                # of their own: a branch goes to the nearest.
                to = min(labels.get(br.group(1), []), key=lambda j: abs(j - k), default=None)
                if to is not None:
                    sources[to].append(k)
                if to is not None and to < k:
                    loops.append((to, k))

        def passes_wait(j, hi):
            # Every path from j to the loop's back branch at hi passes an
            # unguarded wait after j: no label after the wait that a
            # branch from outside the wait's stretch reaches.
            for w in range(j + 1, hi):
                if not re.match(r"^\s*mbarrier\.(?:try|test)_wait", lines[w]):
                    continue
                if all(w < src <= hi for lab in range(w + 1, hi + 1) for src in sources.get(lab, [])):
                    return True
            return False
        for k, kind, obj in ops:
            m = MBAR_INIT.match(lines[k])
            if not m:
                continue
            arrives = [j for j, kd, o in ops if o == obj and kd not in (
                "mbarrier.try_wait", "mbarrier.test_wait", "mbarrier.init", "mbarrier.expect_tx",
                "mbarrier.complete_tx")]
            waits = [j for j, kd, o in ops if o == obj and kd in ("mbarrier.try_wait", "mbarrier.test_wait")]
            if not waits or any(lo <= j <= hi and not passes_wait(j, hi) for j in arrives for lo, hi in loops):
                continue
            raised = list(lines)
            raised[k] = m.group(1) + "1048575" + m.group(3)
            yield ("init-count-unreachable", "plant", k, raised, ("TC6036", k + 1))
            count = m.group(2)
            value = count if count.isdigit() else None
            if value is None and len(defs_of(lines, (a, b), count)) == 1:
                d = DEF.match(lines[defs_of(lines, (a, b), count)[0]])
                if d.group(1).startswith("mov.") and re.fullmatch(r"\d+", d.group(3).strip()):
                    value = d.group(3).strip()
            if value is not None and value != count:
                spelled = list(lines)
                spelled[k] = m.group(1) + value + m.group(3)
                yield ("init-count-immediate", "near", k, spelled, None)


EXPECT_TX = re.compile(r"^\s*mbarrier\.(?:arrive\.)?expect_tx\.[\w.:]*\s+(?:_\s*,\s*)?\[([%\w]+)\]\s*,\s*([%\w]+)\s*;")
BULK_COPY = re.compile(r"^\s*cp\.async\.bulk\.shared::cluster\.global\.mbarrier::complete_tx::bytes\s+"
                       r"\[[^\]]+\]\s*,\s*\[[^\]]+\]\s*,\s*([%\w]+)\s*,\s*\[([%\w]+)\]\s*;")


def expect_tx_bytes(lines, spans, calls):
    """An expect_tx's constant bytes raised by 16 where the one thread
    that expects then issues bulk copies of constant sizes on the same
    barrier (the same address expression) that add up to the bytes it had:
    the phase waits for 16 bytes no copy brings (TC6037 at the count).
    From the expect up to the thread's next expect, wait or exit, or a
    branch back; only barriers at which nothing else completes bytes.
    The near miss raises the last copy's size by 16 too."""
    for a, b in spans:
        if not ENTRY.match(lines[a]) or calls((a, b)) or \
                not any(re.match(r"^\s*(?:@!?%\w+\s+)?tcgen05\.", lines[k]) for k in range(a, b)):
            continue
        body = range(a, b)
        targets = {LABEL.match(lines[k]).group(1): k for k in body if LABEL.match(lines[k])}

        def expr(reg):
            d = defs_of(lines, (a, b), reg)
            return DEF.match(lines[d[0]]).group(3).replace(" ", "") if len(d) == 1 else None
        covered, stretches = set(), []
        for k in body:
            e = EXPECT_TX.match(lines[k])
            if not e or expr(e.group(1)) is None:
                continue
            copies = []
            for j in range(k + 1, b):
                t = lines[j]
                br = re.search(r"\bbra(?:\.uni)?\s+([$\w]+)\s*;", t)
                if EXPECT_TX.match(t) or re.match(r"^\s*(?:@!?%\w+\s+)?(?:mbarrier\.(?:try|test)_wait|ret|exit)\b", t) \
                        or (br and targets.get(br.group(1), b) <= k):
                    break
                c = BULK_COPY.match(t)
                if c and expr(c.group(2)) == expr(e.group(1)):
                    copies.append((j, c.group(1)))
            covered.update(j for j, _ in copies)
            stretches.append((k, e.group(2), copies))

        # The barriers at which some instruction outside the stretches
        # completes bytes (a tensor copy, a copy before the expect).
        def mbar(t):
            m = re.search(r"\[([%\w]+)\]\s*(?:,\s*[%\w]+\s*)*;", t)
            return expr(m.group(1)) if m and m.group(1).startswith("%") else None
        outside = {mbar(lines[k]) for k in body if "complete_tx" in lines[k] and k not in covered}
        for k, count, copies in stretches:
            if expr(EXPECT_TX.match(lines[k]).group(1)) in outside:
                continue
            expected = constant_of(lines, (a, b), k, count) if count.startswith("%") else \
                (int(count), lambda v, k=k, count=count: (k, re.sub(r",\s*" + count + r"\s*;", f", {v};", lines[k])))
            sizes = [constant_of(lines, (a, b), j, size) if size.startswith("%") else
                     (int(size), lambda v, j=j, size=size: (j, re.sub(r",\s*" + size + r"\s*,", f", {v},", lines[j])))
                     for j, size in copies]
            if not copies or expected is None or None in sizes or sum(v for v, _ in sizes) != expected[0]:
                continue
            raised = list(lines)
            at, text = expected[1](expected[0] + 16)
            raised[at] = text
            yield ("expect-tx-bytes", "plant", k, raised, ("TC6037", k + 1))
            both = list(raised)
            at, text = sizes[-1][1](sizes[-1][0] + 16)
            both[at] = text
            yield ("expect-tx-with-copy", "near", k, both, None)


def defs_of(lines, span, reg):
    """The lines of span that write register reg."""
    return [k for k in range(*span) if (lambda d: d and d.group(2) == reg)(DEF.match(lines[k]))]


def mutations(text):
    lines = text.split("\n")
    spans = functions(lines)

    def calls(span):
        # Calls of anything but the CUDA runtime's printf and assert.
        for k in range(*span):
            if re.match(r"^\s*(?:@!?%\w+\s+)?call", lines[k]):
                callee = next((lines[j].strip().rstrip(",") for j in range(k + 1, k + 3)
                               if lines[j].strip() and not lines[j].strip().startswith("(")), "")
                rest = lines[k].split("call", 1)[1]
                names = re.findall(r"[A-Za-z_$][\w$]*", rest.replace(".uni", "")) or [callee]
                if not any(n in ("vprintf", "__assertfail") for n in names + [callee]):
                    return True
        return False

    yield from delete_wait(lines, spans)
    yield from relaxed_wait(lines, spans, delete_fence=False)
    yield from relaxed_wait(lines, spans, delete_fence=True)
    yield from delete_dealloc(lines, spans, calls)
    yield from halve_ncols(lines, spans)
    yield from relinquish_first(lines, spans)
    yield from alloc_before_peer_sync(lines, spans, calls)
    yield from dealloc_all_warps(lines, spans, calls)
    yield from dealloc_before_load(lines, spans, calls)
    yield from alloc_while_holding(lines, spans, calls)
    yield from named_barrier_count(lines, spans, calls)
    yield from dealloc_twice(lines, spans, calls)
    yield from barrier_before_dealloc(lines, spans, calls)
    yield from cluster_barrier_one_warp(lines, spans, calls)
    yield from peer_access_at_exit(lines, spans, calls)
    yield from init_count_unreachable(lines, spans, calls)
    yield from expect_tx_bytes(lines, spans, calls)
    yield from guard_aligned(lines, spans, uniform=False)
    yield from guard_aligned(lines, spans, uniform=True)
    yield from drop_elect_branch(lines, spans, laneid=False)
    yield from drop_elect_branch(lines, spans, laneid=True)


def findings(tool, data):
    proc = subprocess.run([tool, "--color=never", "-ferror-limit=0", "-"], input=data,
                          capture_output=True)
    return collections.Counter((int(l), c) for l, c in DIAG.findall(proc.stderr.decode(errors="replace")))


def unguarded(line):
    return re.sub(r"^@!?%\w+\s+", "", line.strip())


def new_findings(got, data, base, text):
    """The findings of an edited file that the unedited one lacks.  An
    edit that adds or deletes lines moves the findings after it: the
    lines before the first change and after the last keep their findings,
    moved by the lines added; between them a finding is new unless the
    same line had it before: the same line number where the edit rewrote
    lines one for one, else the same text, a guard added or removed (a
    finding of the instruction an edit guards stays its finding)."""
    old, new = text.split("\n"), data.decode(errors="replace").split("\n")
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    q = 0
    while q < min(len(old), len(new)) - p and old[-1 - q] == new[-1 - q]:
        q += 1
    delta = len(new) - len(old)
    moved, changed = collections.Counter(), collections.Counter()
    for (line, code), n in base.items():
        if line - 1 < p or delta == 0:
            moved[(line, code)] += n
        elif line - 1 >= len(old) - q:
            moved[(line + delta, code)] += n
        else:
            changed[(code, unguarded(old[line - 1]))] += n
    out = got - moved
    for (line, code), n in sorted(out.items()):
        if p <= line - 1 < len(new) - q:
            key = (code, unguarded(new[line - 1]))
            take = min(n, changed[key])
            out[(line, code)] -= take
            changed[key] -= take
    return +out


def assembles(ptxas, data, arch, cache):
    key = hashlib.sha1(data + arch.encode()).hexdigest()
    path = os.path.join(cache, key) if cache else None
    if path and os.path.exists(path):
        return open(path).read() == "ok"
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.ptx")
        open(src, "wb").write(data)
        ok = subprocess.run([ptxas, f"-arch={arch}", src, "-o", os.devnull],
                            capture_output=True).returncode == 0
    if path:
        open(path, "w").write("ok" if ok else "rejected")
    return ok


def arch_of(text):
    m = re.search(r"^\.target\s+(sm_\w+)", text, re.M)
    arch = m.group(1) if m else "sm_100a"
    return "sm_110a" if arch == "sm_101a" else arch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("corpus")
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--sample", type=int, default=0, help="at most N edits per class and file")
    ap.add_argument("--max-size", type=int, default=4 << 20)
    ap.add_argument("--report")
    ap.add_argument("--cache")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--edits", help="only the edits of these classes, comma-separated")
    args = ap.parse_args()
    if args.cache:
        os.makedirs(args.cache, exist_ok=True)

    jobs = []
    for rel, verdict in corpus_list.manifest_rows(args.corpus):
        if not rel.startswith(KERNEL_DIRS) or not corpus_list.accepted(verdict):
            continue
        data = read(os.path.join(args.corpus, rel))
        if len(data) > args.max_size:
            print(f"skipped {rel}: {len(data)} bytes")
            continue
        text = data.decode()
        base = findings(args.tool, data)
        per_class = collections.Counter()
        for cls, kind, at, new, expect in mutations(text):
            if args.edits and cls not in args.edits.split(","):
                continue
            per_class[cls] += 1
            if args.sample and per_class[cls] > args.sample:
                continue
            jobs.append((rel, cls, kind, at, "\n".join(new).encode(), expect, base, arch_of(text), text))

    def run(job):
        rel, cls, kind, at, data, expect, base, arch, text = job
        if not assembles(args.ptxas, data, arch, args.cache):
            return job, "REJECTED", ""
        got = findings(args.tool, data)
        added = new_findings(got, data, base, text)
        if kind == "near":
            return job, ("NOISY" if added else "QUIET"), ", ".join(f"{c}@{l}" for l, c in sorted(added))
        code, line = expect
        if (line, code) in added:
            return job, "FOUND", f"{code}@{line}"
        return job, "MISSED", f"want {code}@{line}, got " + ", ".join(f"{c}@{l}" for l, c in sorted(added))

    counts = collections.Counter()
    table = collections.defaultdict(collections.Counter)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for job, outcome, detail in pool.map(run, jobs):
            rel, cls, kind, at = job[:4]
            counts[outcome] += 1
            table[(cls, rel)][outcome] += 1
            if outcome in ("MISSED", "NOISY", "REJECTED") or not args.sample:
                print(f"{outcome:8} {cls} {rel}:{at + 1} {detail}")
    plants = counts["FOUND"] + counts["MISSED"]
    nears = counts["QUIET"] + counts["NOISY"]
    print(f"mutations: {plants}, found: {counts['FOUND']}, missed: {counts['MISSED']}, "
          f"near misses: {nears}, quiet: {counts['QUIET']}, noisy: {counts['NOISY']}, "
          f"rejected by ptxas: {counts['REJECTED']}")
    if args.report:
        with open(args.report, "w") as f:
            f.write("| edit | file | found | missed | quiet | noisy | rejected by ptxas |\n")
            f.write("|---|---|---:|---:|---:|---:|---:|\n")
            for (cls, rel), c in sorted(table.items()):
                f.write(f"| {cls} | {rel} | {c['FOUND']} | {c['MISSED']} | {c['QUIET']} | "
                        f"{c['NOISY']} | {c['REJECTED']} |\n")
    return 1 if counts["MISSED"] or counts["NOISY"] or not plants else 0


if __name__ == "__main__":
    sys.exit(main())
