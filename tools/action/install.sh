#!/bin/sh
# Installs the wheel of DIST into a new virtualenv VENV (the runner's Python
# is externally managed) and puts its bin on the PATH of the later steps.
# usage: install.sh DIST VENV
set -eu
dist=$1 venv=$2
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --no-index --disable-pip-version-check \
  "$dist"/tcgen05check-*.whl
echo "$venv/bin" >> "${GITHUB_PATH:?}"
