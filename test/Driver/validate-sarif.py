"""Checks the parts of SARIF 2.1.0 that code-scanning consumers rely on.

usage: validate-sarif.py LOG [--help-base URL] [RULE_ID ...]
"""
import json
import re
import sys

log = json.load(open(sys.argv[1]))
want = sys.argv[2:]
help_base = None
if want[:1] == ["--help-base"]:
    help_base, want = want[1], want[2:]
assert log["version"] == "2.1.0"
assert "sarif-2.1.0" in log["$schema"]
run, = log["runs"]
driver = run["tool"]["driver"]
assert driver["name"] == "tcgen05-check"
rules = driver["rules"]
ids = [r["id"] for r in rules]
assert len(ids) == len(set(ids)), "duplicate rule ids"
for r in rules:
    # Rendered text, not a catalogue format with raw placeholders.
    short = r["shortDescription"]["text"]
    assert short and not re.search(r"%[a-z]*[0-9]", short), (r["id"], short)
    assert r["help"]["markdown"].startswith("# " + r["id"]), r["id"]
    assert r["fullDescription"]["text"], r["id"]
    if help_base:
        assert r["helpUri"] == help_base.rstrip("/") + "/" + r["id"] + ".md", r["helpUri"]
    else:
        # A relative link cannot be followed from code scanning.
        assert "helpUri" not in r, r["helpUri"]
results = run["results"]
assert [r["ruleId"] for r in results] == want, [r["ruleId"] for r in results]
# Only the rules the results use, each once.
assert sorted(ids) == sorted(set(want)), (ids, want)
if help_base:
    assert re.match(r"https?://", driver["informationUri"]), driver["informationUri"]
else:
    assert "informationUri" not in driver
invocation, = run["invocations"]
assert invocation["executionSuccessful"] is True, invocation
for r in results:
    assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    assert r["level"] in ("error", "warning", "note")
    assert r["message"]["text"]
    region = r["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.endswith(".ptx")
    assert not re.search(r"[ #?\\]", uri), uri
    assert re.fullmatch(r"[0-9a-f]{16}:[0-9]+", r["partialFingerprints"]["tcgen05Check/v1"])
print("sarif ok")
