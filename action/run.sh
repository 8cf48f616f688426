#!/usr/bin/env bash
# The checks of the deckplan GitHub Action (action.yml), as a script so that
# deckplan's own CI runs exactly them (.ci/run, on the bundled maps and on a
# broken copy). Exits 1 when lint finds errors or a file is not in
# canonical form, after running every step.
#
# Environment: DECKPLAN (the binary; default `deckplan` on PATH),
# DECKPLAN_PATH (paths separated by spaces; default `.`), DECKPLAN_SARIF (a
# file to write the SARIF log to; empty for none), DECKPLAN_ANNOTATE (a
# folder for annotated pictures; empty for none).
set -uo pipefail

deckplan="${DECKPLAN:-deckplan}"
deckplan="${deckplan/#\~/$HOME}"
read -r -a paths <<<"${DECKPLAN_PATH:-.}"
[ "${#paths[@]}" -gt 0 ] || paths=(.)
status=0

lint=(lint --format github)
if [ -n "${DECKPLAN_ANNOTATE:-}" ]; then
  lint+=(--annotate "${DECKPLAN_ANNOTATE}")
fi
echo "::group::deckplan lint"
"$deckplan" "${lint[@]}" -- "${paths[@]}" || status=1
echo "::endgroup::"

if [ -n "${DECKPLAN_SARIF:-}" ]; then
  # The findings once more, as SARIF for code scanning; lint's verdict is
  # the run above.
  "$deckplan" lint --format sarif -- "${paths[@]}" >"${DECKPLAN_SARIF}" || true
fi

echo "::group::deckplan fmt --check --diff"
"$deckplan" fmt --check --diff -- "${paths[@]}" || status=1
echo "::endgroup::"

exit "$status"
