#!/usr/bin/env bash
# `npm test`: every test, as CI runs it. Types, unit and API tests on embedded PGlite, the API
# tests again on a PostgreSQL server, then the Playwright journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n=== %s ===\n' "$*"; }

step "system packages (chromium, postgresql)"
bash scripts/ensure-system-deps.sh

step "type check"
npm run --silent check

step "unit + API tests (PGlite)"
npx vitest run

step "API tests (PostgreSQL server)"
TEST_DATABASE_URL=$(bash scripts/start-test-postgres.sh | tail -n 1) npx vitest run tests/api

step "build"
npx astro build >/dev/null
node scripts/check-build-assets.mjs

step "browser journeys (desktop 1440x900, phone 390x844)"
npx playwright test

step "the journeys' server logs: one JSON line per request, no secrets"
npx tsx scripts/check-server-log.ts "${E2E_DATA_DIR:-data/e2e}.log" "${E2E_DATA_DIR:-data/e2e}-delivery.log"
