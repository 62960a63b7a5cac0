#!/usr/bin/env bash
# `pnpm test:replicas`: three replicas of the built portal on one PostgreSQL behind Debian's nginx, and the whole
# Chromium suite through it while one replica stops (tests/replicas/run.ts). Needs `pnpm build` first.
# Arguments go to Playwright (spec files for a shorter run). Not part of `npm test` (see docs/operations.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_chromium
ensure_nginx
exec node --import tsx tests/replicas/run.ts "$@"
