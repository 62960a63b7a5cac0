#!/usr/bin/env bash
# `npm test`: installs what the tests need and runs every test: unit, contract, API against a real
# PostgreSQL (embedded, or TEST_DATABASE_URL), web components with MSW, the built portal surviving PostgreSQL
# restarts and outages, and end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
install_dependencies
ensure_chromium
ensure_mosquitto
build_portal
echo "› unit, contract, API and web tests"
pnpm exec vitest run
echo "› resilience: the built portal while its PostgreSQL restarts and stops"
pnpm -s test:resilience
echo "› end-to-end tests in Chromium"
pnpm exec playwright test -c tests/e2e/playwright.config.ts
