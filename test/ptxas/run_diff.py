#!/usr/bin/env python3
"""Runs ptxas and tcgen05-check on PTX files and compares their verdicts.

For each file: ptxas -arch=<the file's .target> f.ptx -o /dev/null, and
tcgen05-check f.ptx. They agree when both accept, or both reject with errors
on the same set of lines. Prints `N agree, M disagree` and a breakdown, and
writes a JSON report with every disagreement.

Inputs are a directory written by gen_cases.py (it has manifest.json), other
directories (every *.ptx under them) or .ptx files. ptxas verdicts are cached
by file content, -arch and ptxas version in --cache DIR, so reruns only run
tcgen05-check.

Exit status: 0 if everything agrees (or --allow-disagreements), 1 if any case
disagrees or could not be decided (ptxas crashed or timed out), 2 on bad usage.

usage: run_diff.py CASES... [--tool PATH] [--ptxas PATH] [-j N] [--cache DIR]
                   [--record FILE | --oracle FILE]
                   [--report FILE] [--timeout SECONDS] [--all] [--allow-disagreements]
"""
import argparse
import hashlib
import json
import lzma
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TOOL = os.path.join(REPO_ROOT, "build", "bin", "tcgen05-check")

# PTX ISA 9.0 renamed sm_101a/f to sm_110a/f; ptxas 13.0 still reads the old
# .target spelling but no longer takes it as an -arch name.
ARCH_ALIASES = {"sm_101a": "sm_110a", "sm_101f": "sm_110f"}

PTXAS_LINE = re.compile(r"^ptxas (.*?), line (\d+); (error|warning|fatal)\s*: (.*)$")
PTXAS_NO_LINE = re.compile(r"^ptxas (error|fatal)\s*: (.*)$")
TOOL_LINE = re.compile(r":(\d+):(\d+): (error|fatal error|warning): (.*)$")

CATEGORIES = {
    "ptxas-rejects-we-accept": "ptxas rejects, we accept",
    "we-reject-ptxas-accepts": "we reject, ptxas accepts",
    "different-lines": "same verdict, different error lines",
    "tool-crash": "tcgen05-check crashed",
    "tool-timeout": "tcgen05-check timed out",
    "tool-error": "tcgen05-check usage/input error (exit 2)",
    "ptxas-crash": "ptxas crashed (unresolved)",
    "ptxas-timeout": "ptxas timed out (unresolved)",
    "ptxas-unrecorded": "no recorded ptxas verdict: the cases changed, record them again",
}
UNRESOLVED = {"ptxas-crash", "ptxas-timeout", "ptxas-unrecorded"}


# ---------------------------------------------------------------------------
# Inputs

def load_cases(paths):
    """Cases as dicts with at least name, path and family."""
    cases = []
    for p in paths:
        manifest = os.path.join(p, "manifest.json")
        if os.path.isdir(p) and os.path.exists(manifest):
            with open(manifest, encoding="utf-8") as f:
                for c in json.load(f)["cases"]:
                    cases.append(dict(c, path=os.path.join(p, c["file"])))
        elif os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for fn in sorted(files):
                    if fn.endswith(".ptx"):
                        full = os.path.join(root, fn)
                        cases.append({"name": os.path.relpath(full, p), "path": full})
        elif os.path.isfile(p):
            cases.append({"name": os.path.basename(p), "path": p})
        else:
            raise SystemExit(f"run_diff.py: error: no such file or directory: {p}")
    return cases


def target_of(text):
    m = re.search(r"^\s*\.target\s+([A-Za-z0-9_]+)", text, re.M)
    return m.group(1) if m else None


def family_of(text):
    """The first tcgen05 instruction's family, for inputs without a manifest."""
    m = re.search(r"\btcgen05\.(\w+)((?:\.(?:red|sp|ws))*)", text)
    if not m:
        return "(no tcgen05)"
    return m.group(1) + m.group(2)


# ---------------------------------------------------------------------------
# ptxas, with a cache

def ptxas_version(ptxas):
    try:
        out = subprocess.run([ptxas, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SystemExit(f"run_diff.py: error: cannot run {ptxas}: {e}")
    return out.stdout.strip()


def parse_ptxas(stderr, path):
    """[line or None, severity, message] per diagnostic; the path is dropped so
    the result can be cached by content. ptxas blames some errors on its own
    files (`ptxas <macro util>, line 2; error ...` for a .version that does
    not support the .target, when the kernel uses tcgen05.alloc): those have
    no line in the input."""
    diags = []
    for line in stderr.splitlines():
        m = PTXAS_LINE.match(line)
        if m:
            file, num, sev, msg = m.group(1), int(m.group(2)), m.group(3), m.group(4).strip()
            if file == path:
                diags.append([num, sev, msg])
            else:
                diags.append([None, sev, f"{file}, line {num}: {msg}"])
            continue
        m = PTXAS_NO_LINE.match(line)
        if m and "aborted due to errors" not in m.group(2):
            diags.append([None, m.group(1), m.group(2).strip()])
    return diags


def run_ptxas(ptxas, arch, path, timeout):
    cmd = [ptxas] + ([f"-arch={arch}"] if arch else []) + [path, "-o", os.devnull]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "rc": None, "diags": []}
    diags = parse_ptxas(proc.stderr, path)
    if proc.returncode == 0:
        status = "accept"
    elif proc.returncode == 255 and diags:
        status = "reject"
    else:       # killed by a signal, or an exit status ptxas does not use for errors
        status = "crash"
        if not diags:
            diags = [[None, "fatal", failure_message(proc)]]
    return {"status": status, "rc": proc.returncode, "diags": diags}


def failure_message(proc):
    """The end of stderr, or how the process ended if it printed nothing."""
    tail = proc.stderr.strip()[-500:]
    if tail:
        return tail
    if proc.returncode < 0:
        return f"killed by signal {-proc.returncode}"
    return f"exit status {proc.returncode} with no diagnostics"


class PtxasCache:
    """One small JSON file per (ptxas version, -arch, file content); and,
    from --oracle, verdicts recorded once in one file, so that the whole set
    runs where ptxas is not installed."""

    def __init__(self, directory, version, recorded=None):
        self.dir = directory
        self.salt = version
        self.recorded = recorded
        self.seen = {}
        if directory:
            os.makedirs(directory, exist_ok=True)

    def key(self, arch, data):
        h = hashlib.sha256()
        for part in (self.salt.encode(), b"\0", (arch or "").encode(), b"\0", data):
            h.update(part)
        return h.hexdigest()

    def _path(self, key):
        return os.path.join(self.dir, key[:2], key + ".json")

    def get(self, key):
        if self.recorded is not None:
            return self.recorded.get(key)
        if not self.dir:
            return None
        try:
            with open(self._path(key), encoding="utf-8") as f:
                return json.load(f)
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def put(self, key, result):
        self.seen[key] = result
        if not self.dir or result["status"] == "timeout":   # a timeout may not recur
            return
        path = self._path(key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.{id(result)}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(result, f)
        os.replace(tmp, path)        # atomic: parallel writers never leave half a file


# ---------------------------------------------------------------------------
# tcgen05-check

def run_tool(tool, path, timeout):
    # ptxas judges one instruction at a time; the hazard lints judge the
    # order of a kernel's instructions, which the cases do not model.
    cmd = [tool, "--color=never", "--ferror-limit=0", "-Wno-tcgen05-hazards", path]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "rc": None, "diags": []}
    diags = []
    for line in proc.stderr.splitlines():
        if line.startswith(path + ":"):
            m = TOOL_LINE.match(line, len(path))
            if m:
                diags.append([int(m.group(1)), m.group(3), m.group(4)])
    status = {0: "accept", 1: "reject", 2: "error"}.get(proc.returncode, "crash")
    if status in ("error", "crash") and not diags:
        diags = [[None, "fatal", failure_message(proc)]]
    return {"status": status, "rc": proc.returncode, "diags": diags}


# Cases per tcgen05-check run: starting the tool was most of a case's time.
BATCH = 64
BATCH_LINE = re.compile(r"^(.*?):\d+:\d+: ")


def run_tool_batch(tool, paths, timeout):
    """run_tool's results for many cases from one run of the tool, each
    case's verdict from its own errors.  A run that fails as a whole (a
    crash, an I/O or usage error, a timeout) is repeated a case at a time,
    so that each case still gets its own status."""
    cmd = [tool, "--color=never", "--ferror-limit=0", "-Wno-tcgen05-hazards"] + paths
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=timeout * len(paths))
    except subprocess.TimeoutExpired:
        proc = None
    if proc is None or proc.returncode not in (0, 1):
        return {path: run_tool(tool, path, timeout) for path in paths}
    results = {path: {"status": "accept", "rc": 0, "diags": []} for path in paths}
    for line in proc.stderr.splitlines():
        m = BATCH_LINE.match(line)
        result = results.get(m.group(1)) if m else None
        if result is None:
            continue
        d = TOOL_LINE.match(line, len(m.group(1)))
        if d:
            result["diags"].append([int(d.group(1)), d.group(3), d.group(4)])
            if d.group(3) != "warning":
                result["status"], result["rc"] = "reject", 1
    return results


# ---------------------------------------------------------------------------
# Comparison

# ptxas's error at each instruction a .target lacks; tcgen05-check gives one
# at the .target instead (TC3126).
UNSUPPORTED_ON_TARGET = re.compile(r"not supported on \.target '")


def target_line(tool_result):
    """The line of tcgen05-check's one error for a target without tcgen05."""
    for line, sev, msg in tool_result["diags"]:
        if sev != "warning" and msg.endswith("[TC3126]"):
            return line
    return None


def error_lines(result, unsupported_at=None):
    """The lines with errors; with unsupported_at, ptxas's errors of a
    target that lacks the instruction count at that line (the .target)."""
    out = set()
    for d in result["diags"]:
        if d[0] is None or d[1] == "warning":
            continue
        if unsupported_at is not None and UNSUPPORTED_ON_TARGET.search(d[2]):
            out.add(unsupported_at)
        else:
            out.add(d[0])
    return sorted(out)


def first_lines(lines, spans):
    """Each line inside a multi-line statement replaced by its first line."""
    out = set()
    for n in lines:
        for first, last in spans or ():
            if first <= n <= last:
                n = first
                break
        out.add(n)
    return out


def compare(p, t, spans):
    """None when they agree, else a CATEGORIES key. spans: the [first, last]
    lines of the case's tcgen05 statements, if known."""
    if p["status"] in ("crash", "timeout", "unrecorded"):
        return "ptxas-" + p["status"]
    if t["status"] != "accept" and t["status"] != "reject":
        return {"crash": "tool-crash", "timeout": "tool-timeout", "error": "tool-error"}[t["status"]]
    if p["status"] != t["status"]:
        return "ptxas-rejects-we-accept" if p["status"] == "reject" else "we-reject-ptxas-accepts"
    if p["status"] == "reject":
        plines = error_lines(p, target_line(t))
        # A rejection ptxas gives no line for (a fatal error) only has a verdict.
        tlines = error_lines(t)
        if plines and plines != tlines:
            # ptxas names a statement's first line; tcgen05-check the line
            # of the offending operand.  The same statement is the same error.
            if first_lines(plines, spans) == first_lines(tlines, spans):
                return None
            return "different-lines"
    return None


def load_documented(path):
    """(name regex, category) pairs from the documented-divergences file."""
    rules = []
    if not path or not os.path.exists(path):
        return rules
    with open(path, encoding="ascii") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                pattern, category = line.split()
                rules.append((re.compile(pattern), category))
    return rules


def is_documented(rules, name, category):
    return any(c == category and r.search(name) for r, c in rules)


def check_case(case, args, cache, t=None):
    with open(case["path"], "rb") as f:
        data = f.read()
    text = data.decode("ascii", errors="replace")
    target = target_of(text)
    arch = ARCH_ALIASES.get(target, target)
    key = cache.key(arch, data)
    p = cache.get(key)
    if p is None and cache.recorded is not None:
        # Not recorded: the generator changed since the recording.
        p = {"status": "unrecorded", "rc": None, "diags": []}
    elif p is None:
        p = run_ptxas(args.ptxas, arch, case["path"], args.timeout)
    cache.put(key, p)
    if t is None:
        t = run_tool(args.tool, case["path"], args.timeout)
    if "family" not in case:
        case = dict(case, family=family_of(text))
    return case, target, p, t, compare(p, t, case.get("lines"))


def normalize_message(msg):
    """ptxas messages with the target and numbers generalized, for grouping."""
    msg = re.sub(r"sm_\d+[af]?", "sm_*", msg)
    msg = re.sub(r"\.version \d+\.\d+", ".version N", msg)
    return msg


def messages(result):
    return [f"line {d[0]}: {d[2]}" if d[0] is not None else d[2]
            for d in result["diags"] if d[1] != "warning"]


# ---------------------------------------------------------------------------
# Output

def print_table(title, rows, cols, out):
    """rows: {row: Counter(col -> n)}; prints rows sorted by total, descending."""
    if not rows:
        return
    short = {c: c.replace("ptxas-rejects-we-accept", "ptxas-rej/we-acc")
                 .replace("we-reject-ptxas-accepts", "we-rej/ptxas-acc")
                 .replace("statement-line", "stmt-line") for c in cols}
    width = max(len(r) for r in rows) + 2
    print(f"\n{title}", file=out)
    print(" " * width + "".join(f"{short[c]:>18}" for c in cols) + f"{'total':>8}", file=out)
    for r, counts in sorted(rows.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        print(f"{r:<{width}}" + "".join(f"{counts.get(c, 0):18}" for c in cols)
              + f"{sum(counts.values()):8}", file=out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("cases", nargs="+",
                   help="gen_cases.py output directory, other directories, .ptx files")
    p.add_argument("--tool", default=DEFAULT_TOOL,
                   help="tcgen05-check (default: build/bin/tcgen05-check in this repository)")
    p.add_argument("--ptxas", default="ptxas", help="ptxas to compare with (default: on PATH)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="cases checked in parallel (default: one per core)")
    p.add_argument("--cache", metavar="DIR", help="cache ptxas verdicts here")
    p.add_argument("--record", metavar="FILE",
                   help="write every case's ptxas verdict to FILE (xz-compressed JSON lines)")
    p.add_argument("--oracle", metavar="FILE",
                   help="take ptxas's verdicts from a --record file instead of running ptxas")
    p.add_argument("--report", metavar="FILE", default="ptxas-diff-report.json",
                   help="JSON report (default: %(default)s)")
    p.add_argument("--timeout", type=float, default=60,
                   help="seconds per ptxas or tcgen05-check run (default 60)")
    p.add_argument("--all", action="store_true",
                   help="list every case in the report, not only disagreements")
    p.add_argument("--documented", metavar="FILE",
                   default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        "documented-divergences.txt"),
                   help="disagreements tcgen05-check makes on purpose (see the file)")
    p.add_argument("--allow-disagreements", action="store_true",
                   help="exit 0 even if some cases disagree")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)

    if not os.access(args.tool, os.X_OK):
        p.error(f"tcgen05-check not found at {args.tool} (build it, or give --tool)")
    recorded = None
    if args.oracle:
        with lzma.open(args.oracle, "rt", encoding="utf-8") as f:
            header = json.loads(f.readline())
            version = header["ptxas"]
            recorded = {}
            for line in f:
                entry = json.loads(line)
                recorded[entry["key"]] = entry["result"]
    else:
        version = ptxas_version(args.ptxas)
    cases = load_cases(args.cases)
    cache = PtxasCache(args.cache, version, recorded)
    documented = load_documented(args.documented)

    counts = Counter()
    by_family = defaultdict(Counter)
    by_set = defaultdict(Counter)
    by_mutation = defaultdict(Counter)
    ptxas_msgs = Counter()
    records = []
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        def check_batch(batch):
            tool = run_tool_batch(args.tool, [c["path"] for c in batch], args.timeout)
            return [check_case(c, args, cache, tool[c["path"]]) for c in batch]
        batches = [cases[i:i + BATCH] for i in range(0, len(cases), BATCH)]
        results = (r for rs in pool.map(check_batch, batches) for r in rs)
        for i, (case, target, pres, tres, cat) in enumerate(results, 1):
            if cat and is_documented(documented, case["name"], cat):
                counts["documented"] += 1
                cat = None
            else:
                counts[cat or "agree"] += 1
            if cat:
                by_family[case["family"]][cat] += 1
                by_set[case.get("set", "files")][cat] += 1
                if case.get("mutation"):
                    by_mutation[re.sub(r"-\d+$", "", case["mutation"])][cat] += 1
                if cat == "ptxas-rejects-we-accept":
                    for m in {normalize_message(d[2]) for d in pres["diags"] if d[1] != "warning"}:
                        ptxas_msgs[m] += 1
            if cat or args.all:
                records.append({
                    "name": case["name"], "file": case["path"], "family": case["family"],
                    "set": case.get("set"), "target": target, "version": case.get("version"),
                    "mutation": case.get("mutation"), "category": cat or "agree",
                    "statement_lines": case.get("lines"),
                    "ptxas": {"verdict": pres["status"], "rc": pres["rc"],
                              "lines": error_lines(pres), "messages": messages(pres)},
                    "ours": {"verdict": tres["status"], "rc": tres["rc"],
                             "lines": error_lines(tres), "messages": messages(tres)},
                })
            if not args.quiet and (i % 1000 == 0 or i == len(cases)):
                print(f"[{i}/{len(cases)}] {time.monotonic() - start:.0f}s", file=sys.stderr)

    agree = counts["agree"]
    unresolved = sum(counts[c] for c in UNRESOLVED)
    disagree = len(cases) - agree - unresolved - counts["documented"]
    cats = [c for c in CATEGORIES if counts[c]]
    # The report first: it is the result, and survives a closed stdout pipe.
    report = {
        "version": 1,
        "ptxas": {"path": args.ptxas, "version": version},
        "tool": args.tool,
        "summary": {"cases": len(cases), "agree": agree, "disagree": disagree,
                    "documented": counts["documented"],
                    "unresolved": unresolved, "categories": {c: counts[c] for c in cats}},
        "by_family": by_family, "by_set": by_set, "by_mutation": by_mutation,
        "ptxas_errors_we_miss": dict(ptxas_msgs.most_common()),
        "cases" if args.all else "disagreements": records,
    }
    with open(args.report, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    if args.record:
        # Sorted by key: the same verdicts make the same file.
        with lzma.open(args.record, "wt", encoding="utf-8", preset=9) as f:
            f.write(json.dumps({"ptxas": version}) + "\n")
            for key in sorted(cache.seen):
                f.write(json.dumps({"key": key, "result": cache.seen[key]},
                                   separators=(",", ":")) + "\n")
    out = sys.stdout
    line = f"{agree} agree, {disagree} disagree"
    if counts["documented"]:
        line += f", {counts['documented']} documented divergences"
    if unresolved:
        line += f", {unresolved} unresolved (ptxas crashed, timed out or was not recorded)"
    print(line, file=out)
    for c in cats:
        print(f"  {counts[c]:7}  {CATEGORIES[c]}", file=out)
    print_table("disagreements by instruction:", by_family, cats, out)
    print_table("disagreements by case set:", by_set, cats, out)
    top_mut = dict(sorted(by_mutation.items(), key=lambda kv: -sum(kv[1].values()))[:20])
    print_table("top mutations among disagreements:", top_mut, cats, out)
    if ptxas_msgs:
        print("\ntop ptxas errors we do not report (cases):", file=out)
        for m, n in ptxas_msgs.most_common(20):
            print(f"  {n:7}  {m}", file=out)
    print(f"\nreport: {args.report}", file=out)
    failed = disagree or unresolved
    return 1 if failed and not args.allow_disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
