#!/usr/bin/env bash
# generated/ must be exactly what spec/ produces: regenerate and fail on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm -s gen >/dev/null
if [ -n "$(git status --porcelain -- generated)" ]; then
  echo "generated/ differs from what spec/ produces; run \`pnpm gen\` and commit:" >&2
  git status --porcelain -- generated >&2
  exit 1
fi
echo "generated/ matches spec/"
