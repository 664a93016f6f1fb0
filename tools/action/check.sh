#!/bin/bash
# The Action's check: tcgen05-check on INPUT_PATHS in INPUT_FORMAT, its exit
# status as the output exit-code.  SARIF rules link to the diagnostics pages
# of the sources the Action came from.
set -u
read -r -a paths <<< "${INPUT_PATHS:-.}"
read -r -a args <<< "${INPUT_ARGS:-}"
if [ -n "${INPUT_BASELINE:-}" ] && [ -f "$INPUT_BASELINE" ]; then
  args+=("--baseline=$INPUT_BASELINE")
fi
format=${INPUT_FORMAT:-github}
status=0
case "$format" in
  sarif)
    if [ -n "${ACTION_REPOSITORY:-}" ]; then
      base="$GITHUB_SERVER_URL/$ACTION_REPOSITORY/blob/$ACTION_REF/docs/diagnostics"
    else
      # A local action (uses: ./path): its pages are in this repository.
      base="$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/${GITHUB_ACTION_PATH#"$GITHUB_WORKSPACE"/}/docs/diagnostics"
    fi
    tcgen05-check --format=sarif "--sarif-help-base=$base" "${args[@]}" "${paths[@]}" \
      > "${INPUT_SARIF_FILE:-tcgen05-check.sarif}" || status=$?
    ;;
  github | text)
    tcgen05-check "--format=$format" "${args[@]}" "${paths[@]}" || status=$?
    ;;
  *)
    echo "::error::tcgen05-check: format must be github, sarif or text, not '$format'"
    exit 2
    ;;
esac
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
if [ "$status" -ne 0 ] && [ "${INPUT_FAIL_ON_ERROR:-true}" = true ]; then
  exit "$status"
fi
exit 0
