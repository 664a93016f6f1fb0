#!/usr/bin/env python3
"""Runs the example workflow's use of the tcgen05-check Action outside
GitHub: the Action's own steps (action.yml), their `${{ }}` expressions and
GitHub's environment files stood in for, in a scratch repository whose
third_party/tcgen05-check is the Action.  The cache step is a warm cache
holding the wheels of DIST; the build it saves is then skipped, as on
GitHub.  Prints each step's outcome, the Action's outputs and what the
SARIF log holds.

usage: run-action.py WORKFLOW DIST SCRATCH
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


def expand(text, values):
    def one(m):
        key = m.group(1)
        if key not in values:
            raise KeyError(f"no value for ${{{{ {key} }}}}")
        return values[key]
    return re.sub(r"\$\{\{ *([\w.-]+) *\}\}", one, str(text))


def condition(text, values):
    """The `if:` forms the Action uses: NAME == 'v' and NAME != 'v'."""
    if text is None:
        return True
    m = re.fullmatch(r"\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*", text)
    if not m:
        raise ValueError(f"cannot evaluate if: {text}")
    value = values.get(m.group(1), "")
    return (value == m.group(3)) == (m.group(2) == "==")


def main():
    workflow_path, dist, scratch = sys.argv[1:4]
    workflow = yaml.safe_load(open(workflow_path))
    uses = [s for job in workflow["jobs"].values() for s in job["steps"]
            if str(s.get("uses", "")).startswith("./")]
    step, = uses
    action_dir = os.path.normpath(os.path.join(scratch, step["uses"]))
    action = yaml.safe_load(open(os.path.join(action_dir, "action.yml")))
    assert action["runs"]["using"] == "composite"
    temp = os.path.join(scratch, "runner-temp")
    os.makedirs(temp, exist_ok=True)
    values = {"runner.temp": temp, "github.action_repository": "", "github.action_ref": ""}
    for name, spec in action["inputs"].items():
        values[f"inputs.{name}"] = str(step.get("with", {}).get(name, spec.get("default", "")))
    github_path = os.path.join(temp, "github-path")
    open(github_path, "w").close()
    env = dict(os.environ, GITHUB_ACTION_PATH=action_dir, GITHUB_WORKSPACE=scratch,
               GITHUB_PATH=github_path, RUNNER_TEMP=temp,
               GITHUB_SERVER_URL="https://github.com", GITHUB_REPOSITORY="owner/repo",
               GITHUB_SHA="0123abc")
    for s in action["runs"]["steps"]:
        name = s["name"]
        if not condition(s.get("if"), values):
            print(f"step {name}: skipped")
            continue
        outputs = {}
        if "uses" in s:
            assert s["uses"].startswith("actions/cache@"), s["uses"]
            path = expand(s["with"]["path"], values)
            assert expand(s["with"]["key"], values).startswith("tcgen05-check-wheel-")
            os.makedirs(path, exist_ok=True)
            for whl in glob.glob(os.path.join(dist, "*.whl")):
                shutil.copy(whl, path)
            outputs["cache-hit"] = "true"
            print(f"step {name}: cache hit")
        else:
            assert s["shell"] == "bash"
            output_file = os.path.join(temp, f"output-{s.get('id', 'step')}")
            open(output_file, "w").close()
            # What GITHUB_PATH gained reaches the later steps.
            added = [p for p in open(github_path).read().splitlines() if p]
            run_env = dict(env, GITHUB_OUTPUT=output_file,
                           PATH=os.pathsep.join(added[::-1] + [env["PATH"]]))
            run_env.update({k: expand(v, values) for k, v in s.get("env", {}).items()})
            proc = subprocess.run(["bash", "-e", "-c", expand(s["run"], values)],
                                  cwd=scratch, env=run_env)
            print(f"step {name}: exit {proc.returncode}")
            for line in open(output_file).read().splitlines():
                k, v = line.split("=", 1)
                outputs[k] = v
        for k, v in outputs.items():
            values[f"steps.{s.get('id')}.outputs.{k}"] = v
        # A failed step ends the job's steps, as on GitHub.
        if "uses" not in s and proc.returncode:
            break
    for name, spec in action.get("outputs", {}).items():
        print(f"output {name}={expand(spec['value'], values)}")
    sarif = os.path.join(scratch, values["inputs.sarif-file"])
    if os.path.exists(sarif):
        log = json.load(open(sarif))
        run, = log["runs"]
        for r in run["results"]:
            loc = r["locations"][0]["physicalLocation"]
            print(r["ruleId"], loc["artifactLocation"]["uri"], loc["region"]["startLine"])
        for rule in run["tool"]["driver"]["rules"]:
            print("helpUri", rule["helpUri"])


if __name__ == "__main__":
    sys.exit(main())
