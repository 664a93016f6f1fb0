#!/usr/bin/env python3
"""Planted descriptor bugs: for every corpus file ptxas accepts, every
descriptor constant the checker resolves at a tcgen05.mma/cp operand, and
every rule of the descriptor rule table that changing that constant can
break, writes a copy with the constant replaced by a value that breaks the
rule (from descriptor-plants, which asks the library) and requires
tcgen05-check to report the rule's code on the consuming instruction's line.
The unmodified files must stay clean.

usage: plant.py TOOL PLANTS CORPUS_DIR [--sample N] [--report FILE]
  --sample N   at most N plants per file, chosen deterministically
  --report F   write the counts as Markdown to F
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "corpus"))
from importlib import import_module  # noqa: E402

corpus_list = import_module("check-corpus")


def read(path):
    import lzma
    return lzma.open(path).read() if path.endswith(".xz") else open(path, "rb").read()


def run_tool(tool, data):
    # Descriptor plants are judged on descriptor findings alone.
    proc = subprocess.run([tool, "--color=never", "--ferror-limit=0", "-Wno-tcgen05-hazards",
                           "-"], input=data,
                          capture_output=True)
    return proc.stderr.decode(errors="replace") + proc.stdout.decode(errors="replace")


def sites(plants_tool, data):
    """[(site fields, [(rule, code, value)])] from descriptor-plants."""
    out = subprocess.run([plants_tool, "-"], input=data, capture_output=True,
                         check=True).stdout.decode()
    result = []
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] == "site":
            result.append((f[1:], []))
        elif f[0] == "plant":
            result[-1][1].append(tuple(f[1:]))
    return result


def replace_literal(lines, line_no, old, new):
    """Replaces the literal old on line line_no of lines by new; False if
    the line does not hold it exactly once."""
    line = lines[line_no - 1]
    pattern = re.compile(rb"(?<![0-9A-Za-z_])" + re.escape(old.encode()) + rb"(?![0-9A-Za-z_])")
    if len(pattern.findall(line)) != 1:
        return False
    lines[line_no - 1] = pattern.sub(new.encode(), line)
    return True


def found(output, line_no, code):
    return re.search(rf"^[^:\n]*:{line_no}:\d+: (error|warning): .*\[{code}\]( \[-W[^]]*\])?$",
                     output, re.M) is not None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("plants")
    ap.add_argument("corpus")
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--report")
    args = ap.parse_args()

    rows = [rel for rel, verdict in corpus_list.manifest_rows(args.corpus)
            if corpus_list.accepted(verdict)]
    files = constants = 0
    per_rule = collections.defaultdict(lambda: [0, 0])
    unclean, missed = [], []
    jobs = []
    for rel in rows:
        data = read(os.path.join(args.corpus, rel))
        files += 1
        if run_tool(args.tool, data).strip():
            unclean.append(rel)
            continue
        plants, seen = [], set()
        for (consumer, def_line, desc, literal, kind, cta, target), rules in sites(args.plants, data):
            constants += 1
            for rule, code, value in rules:
                key = (def_line, literal, rule, value)
                if key not in seen:
                    seen.add(key)
                    plants.append((int(consumer), int(def_line), literal, rule, code, value))
        if args.sample and len(plants) > args.sample:
            # Deterministic: one plant per rule, each file starting at a
            # different rule so that the sample covers them all.
            by_rule = collections.OrderedDict()
            for p in plants:
                by_rule.setdefault(p[3], p)
            reps = list(by_rule.values())
            start = (files * args.sample) % len(reps)
            plants = (reps[start:] + reps[:start])[:args.sample]
        for p in plants:
            jobs.append((rel, data, p))

    # Plants at different constants and consumers are independent: one
    # copy per round carries one plant per consumer, and a plant missed in
    # a round is tried again alone before it counts as missed.
    by_file = collections.OrderedDict()
    for rel, data, p in jobs:
        by_file.setdefault(rel, (data, []))[1].append(p)

    def rounds(plants):
        pending = list(plants)
        while pending:
            batch, rest, defs, consumers = [], [], set(), set()
            for p in pending:
                if p[0] in consumers or p[1] in defs:
                    rest.append(p)
                else:
                    batch.append(p)
                    consumers.add(p[0])
                    defs.add(p[1])
            yield batch
            pending = rest

    def plant_all(data, batch):
        lines = data.split(b"\n")
        for consumer, def_line, literal, rule, code, value in batch:
            if not replace_literal(lines, def_line, literal, value):
                return None
        return b"\n".join(lines)

    def check_file(item):
        rel, (data, plants) = item
        results = []
        for batch in rounds(plants):
            planted = plant_all(data, batch)
            output = run_tool(args.tool, planted) if planted is not None else ""
            for p in batch:
                ok = planted is not None and found(output, p[0], p[4])
                if not ok:
                    alone = plant_all(data, [p])
                    ok = alone is not None and found(run_tool(args.tool, alone), p[0], p[4])
                results.append((rel, p, ok))
        return results

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for results in pool.map(check_file, by_file.items()):
            for rel, plant, ok in results:
                per_rule[plant[3]][0] += 1
                if ok:
                    per_rule[plant[3]][1] += 1
                else:
                    missed.append((rel, plant))

    total = sum(n for n, _ in per_rule.values())
    hits = sum(f for _, f in per_rule.values())
    print(f"files: {files}, unclean: {len(unclean)}, constants: {constants}, "
          f"plants: {total}, found: {hits}, missed: {total - hits}")
    for rel in unclean:
        print(f"UNCLEAN {rel}")
    for rel, p in missed:
        print(f"MISSED {rel}:{p[0]} {p[3]} [{p[4]}] {p[2]} -> {p[5]} (line {p[1]})")
    for rule in sorted(per_rule):
        print(f"rule {rule}: {per_rule[rule][1]}/{per_rule[rule][0]}")
    if args.report:
        with open(args.report, "w") as f:
            f.write("| rule | plants | found |\n|---|---:|---:|\n")
            for rule in sorted(per_rule):
                f.write(f"| {rule} | {per_rule[rule][0]} | {per_rule[rule][1]} |\n")
    return 1 if unclean or missed or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
