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
# The API's build takes a second and tests start it (apiProgram). Only the end-to-end run needs the web app's build: it
# runs beside the vitest run, in the CPU that vitest leaves idle while it starts its PostgreSQL and migrates it.
build_portal api
web_build_log=$(mktemp)
setsid bash -c 'source scripts/lib.sh && build_portal web' >"$web_build_log" 2>&1 &
web_build=$!
resilience=""
resilience_log=$(mktemp)
# However this script ends, what it started beside the tests ends with it. (Under `set -e`, a failing command in the
# trap would become the script's status: each kill is allowed to find its group gone.)
end_beside() {
  kill -- "-$web_build" 2>/dev/null || true
  if [ -n "$resilience" ]; then kill -- "-$resilience" 2>/dev/null || true; fi
  rm -f "$web_build_log" "$resilience_log"
}
trap end_beside EXIT

echo "› unit, contract, API and web tests (and beside them, the web app's build)"
pnpm exec vitest run
web_build_status=0
wait "$web_build" || web_build_status=$?
if [ "$web_build_status" != 0 ]; then cat "$web_build_log" >&2; exit "$web_build_status"; fi

# The resilience run mostly waits (for PostgreSQL to restart, to stay down 10 s, for the watchdog), so it runs beside
# the end-to-end tests, on its own portal; its report follows theirs.
setsid pnpm -s test:resilience >"$resilience_log" 2>&1 &
resilience=$!
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
