#!/usr/bin/env bash
# `pnpm dev`: the API with reload on change (port 3000) and the Vite dev server (port 5173) proxying to it,
# with the demo data and demo users (like `npm run portal`).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_ENV=development SEED_DEMO=${SEED_DEMO:-true} WEB_DEV_ORIGINS=${WEB_DEV_ORIGINS:-http://localhost:5173} PUBLIC_URL=${PUBLIC_URL:-http://localhost:3000}
trap 'kill 0' EXIT
node --import tsx --watch api/src/server.ts &
pnpm --filter @orders-portal/web dev
