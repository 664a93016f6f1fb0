"""Checks the parts of SARIF 2.1.0 that code-scanning consumers rely on."""
import json
import sys

log = json.load(open(sys.argv[1]))
want = sys.argv[2:]
assert log["version"] == "2.1.0"
assert "sarif-2.1.0" in log["$schema"]
run, = log["runs"]
driver = run["tool"]["driver"]
assert driver["name"] == "tcgen05-check"
rules = driver["rules"]
ids = [r["id"] for r in rules]
assert len(ids) == len(set(ids)), "duplicate rule ids"
results = run["results"]
assert [r["ruleId"] for r in results] == want, [r["ruleId"] for r in results]
for r in results:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    assert r["level"] in ("error", "warning", "note")
    assert r["message"]["text"]
    region = r["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(".ptx")
print("sarif ok")
