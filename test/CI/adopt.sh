#!/bin/sh
# Adoption from nothing (`check-adopt`): on scratch repositories with no
# build of tcgen05-check anywhere on PATH, pre-commit installs the hook from
# the sources (pip builds the wheel) and the hook passes a clean kernel and
# fails a broken one; then the wheel pip builds from a fresh clone is what
# the Action's cache holds, and the example workflow's Action step checks a
# repository with it.  Minutes: two builds of the library and the tool.
# usage: adopt.sh SOURCE_DIR WORK_DIR
set -eu
src=$(cd "$1" && pwd) work=$2
rm -rf "$work" && mkdir -p "$work/hook" "$work/repo/kernels" "$work/repo/third_party"
work=$(cd "$work" && pwd)
export PATH=/usr/bin:/bin PIP_DISABLE_PIP_VERSION_CHECK=1
unset TCGEN05CHECK_BUILD_DIR TCGEN05CHECK_LIBRARY
if command -v tcgen05-check >/dev/null; then
  echo "adopt.sh: a tcgen05-check is on PATH already" >&2
  exit 1
fi

cd "$work/hook" && git init -q .
cp "$src/examples/gemm_sm100a.ptx" good.ptx
cp "$src/examples/gemm_sm100a_broken.ptx" bad.ptx
PRE_COMMIT_HOME="$work/pre-commit" pre-commit try-repo "$src" tcgen05-check --files good.ptx
if PRE_COMMIT_HOME="$work/pre-commit" pre-commit try-repo "$src" tcgen05-check --files bad.ptx \
    > "$work/bad.log" 2>&1; then
  echo "adopt.sh: the hook passed a broken kernel" >&2
  exit 1
fi
grep -q 'bad.ptx:65:2: error: .*\[TC6004\]' "$work/bad.log"
echo "pre-commit: the hook installed itself, passed good.ptx and failed bad.ptx"

git clone -q "$src" "$work/clone"
python3 -m pip wheel --quiet --no-index -w "$work/dist" "$work/clone"
cd "$work/repo"
ln -s "$work/clone" third_party/tcgen05-check
cp "$src/examples/gemm_sm100a.ptx" kernels/clean.ptx
python3 "$src/test/CI/run-action.py" "$src/docs/github-actions/tcgen05-check.yml" \
  "$work/dist" "$work/repo" | tee "$work/action.log"
grep -q '^step Check PTX: exit 0$' "$work/action.log"
grep -q '^output exit-code=0$' "$work/action.log"
echo "action: the workflow's step installed the wheel built from a fresh clone and checked"
