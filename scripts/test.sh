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

# The resilience run mostly waits (for PostgreSQL to restart, to stay down 10 s, for the watchdog), so it runs beside
# the end-to-end tests, on its own portal; its report follows theirs.
resilience_log=$(mktemp)
setsid pnpm -s test:resilience >"$resilience_log" 2>&1 &
resilience=$!
# However this script ends, the resilience run and its portals end with it.
trap 'kill -- "-$resilience" 2>/dev/null || true; rm -f "$resilience_log"' EXIT
echo "› end-to-end tests in Chromium (and beside them, the resilience run: the built portal while its PostgreSQL restarts and stops)"
e2e_status=0
pnpm exec playwright test -c tests/e2e/playwright.config.ts || e2e_status=$?
resilience_status=0
wait "$resilience" || resilience_status=$?
echo "› resilience: the built portal while its PostgreSQL restarts and stops"
cat "$resilience_log"
if [ "$e2e_status" != 0 ]; then echo "the end-to-end tests failed" >&2; fi
if [ "$resilience_status" != 0 ]; then echo "the resilience run failed" >&2; fi
[ "$e2e_status" = 0 ] && [ "$resilience_status" = 0 ]
