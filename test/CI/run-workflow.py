#!/usr/bin/env python3
"""Runs the shell steps of the example GitHub Actions workflow that can run
outside GitHub (the check and the final exit), with GitHub's environment
files and expressions stood in for, in a scratch repository; prints the
environment the steps exported and what the SARIF log holds.

usage: run-workflow.py WORKFLOW TOOL SCRATCH_DIR
"""
import json
import os
import re
import subprocess
import sys


def steps(path):
    """(name, env, run script) of each step with a run: block.  The file is
    the project's own, so a small reader of its layout suffices."""
    lines = open(path).read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^( *)- name: (.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, name, env, script = len(m.group(1)) + 2, m.group(2), {}, None
        i += 1
        while i < len(lines) and (not lines[i].strip() or
                                  len(lines[i]) - len(lines[i].lstrip()) >= indent):
            line = lines[i]
            if line.strip() == "env:":
                i += 1
                while i < len(lines) and len(lines[i]) - len(lines[i].lstrip()) > indent:
                    k, v = lines[i].strip().split(": ", 1)
                    env[k] = v
                    i += 1
                continue
            if line.strip() in ("run: |", "run: >"):
                body, i = [], i + 1
                while i < len(lines) and (not lines[i].strip() or
                                          len(lines[i]) - len(lines[i].lstrip()) > indent):
                    body.append(lines[i][indent + 2:])
                    i += 1
                script = "\n".join(body)
                continue
            m2 = re.match(r"^ *run: (.*)$", line)
            if m2:
                script = m2.group(1)
            i += 1
        if script is not None:
            out.append((name, env, script))
    return out


def expand(text, values):
    return re.sub(r"\$\{\{ *([\w.]+) *\}\}", lambda m: values[m.group(1)], text)


def main():
    workflow, tool, scratch = sys.argv[1:4]
    github_env = os.path.join(scratch, "github-env")
    open(github_env, "w").close()
    values = {"github.repository": "owner/repo", "github.sha": "0123abc",
              "env.TCGEN05_CHECK_SOURCE": "third_party/tcgen05-check"}
    env = dict(os.environ, GITHUB_ENV=github_env, TCGEN05_CHECK=tool,
               TCGEN05_CHECK_SOURCE="third_party/tcgen05-check")
    for name, step_env, script in steps(workflow):
        if name not in ("Check PTX", "Fail on errors"):
            continue
        # What earlier steps exported reaches later ones.
        for line in open(github_env).read().splitlines():
            k, v = line.split("=", 1)
            env[k] = v
        run_env = dict(env, **{k: expand(v, values) for k, v in step_env.items()})
        proc = subprocess.run(["bash", "-e", "-c", expand(script, values)],
                              cwd=scratch, env=run_env)
        print(f"step {name}: exit {proc.returncode}")
    print(open(github_env).read().strip())
    sarif = os.path.join(scratch, "tcgen05-check.sarif")
    if os.path.exists(sarif):
        log = json.load(open(sarif))
        run, = log["runs"]
        for r in run["results"]:
            loc = r["locations"][0]["physicalLocation"]
            print(r["ruleId"], loc["artifactLocation"]["uri"], loc["region"]["startLine"])
        rule = run["tool"]["driver"]["rules"][0]
        print("helpUri", rule["helpUri"])


if __name__ == "__main__":
    sys.exit(main())
