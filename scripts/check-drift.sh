#!/usr/bin/env bash
# generated/ must be exactly what spec/ produces: regenerate and fail on any difference. `pnpm gen` runs in a copy of
# the working tree without generated/ (every file git tracks or would track, so whatever gen reads is there), so the
# working tree is never touched and the check can run while tests read generated/.
set -euo pipefail
cd "$(dirname "$0")/.."
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
# A tracked file deleted in the working tree is left out (--ignore-failed-read), as gen would not see it either.
git ls-files -z --cached --others --exclude-standard -- ':!:generated/**' |
  tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$copy"
ln -s "$PWD/node_modules" "$copy/node_modules"
(cd "$copy" && node scripts/gen.mjs >/dev/null)
if ! diff -r generated "$copy/generated" >/dev/null; then
  echo "generated/ differs from what spec/ produces; run \`pnpm gen\` and commit:" >&2
  diff -rq generated "$copy/generated" >&2 || true
  exit 1
fi
echo "generated/ matches spec/"
