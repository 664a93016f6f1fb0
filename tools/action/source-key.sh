#!/bin/sh
# The cache key of the Action's wheel: the runner's system and a hash of
# every file of the sources it is built from, so a change rebuilds it.
set -eu
cd "${GITHUB_ACTION_PATH:?}"
hash=$(find . \( -name .git -o -name 'build' -o -name 'build-*' \) -prune -o -type f -print0 |
  LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
echo "key=tcgen05-check-wheel-${ImageOS:-$(uname -s)}-$(uname -m)-$hash"
