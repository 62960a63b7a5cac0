#!/usr/bin/env bash
# generated/ must be exactly what spec/ produces: regenerate and fail on any difference. `pnpm gen` runs in a copy of
# what it reads (spec/, the generator and its configuration), so the working tree is never touched and the check can
# run while tests read generated/.
set -euo pipefail
cd "$(dirname "$0")/.."
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
mkdir -p "$copy/web/src/api"
cp -r spec scripts orval.config.ts package.json "$copy/"
cp web/src/api/http.ts "$copy/web/src/api/"
ln -s "$PWD/node_modules" "$copy/node_modules"
(cd "$copy" && node scripts/gen.mjs >/dev/null)
if ! diff -r generated "$copy/generated" >/dev/null; then
  echo "generated/ differs from what spec/ produces; run \`pnpm gen\` and commit:" >&2
  diff -rq generated "$copy/generated" >&2 || true
  exit 1
fi
echo "generated/ matches spec/"
