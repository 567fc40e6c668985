#!/usr/bin/env bash
# Starts the built app for the end-to-end tests on a fresh PostgreSQL database, so the tests can
# seed figures directly (the embedded database allows one process only). Fixtures that create
# accounts send their own client address in x-e2e-client-ip, as a trusted proxy would, so the
# per-address sign-up throttle applies per test user rather than to the whole suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT="${E2E_PORT:-3100}"
DB_URL="${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/boonees_e2e}"
DB_NAME="${DB_URL##*/}"
ADMIN_URL="${DB_URL%/*}/postgres"
node -e "
const pg = require('pg');
const c = new pg.Client({ connectionString: process.argv[1] });
c.connect().then(() => c.query('DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)')).then(() => c.query('CREATE DATABASE $DB_NAME')).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });
" "$ADMIN_URL"
DATA="$PWD/.tmp/e2e-data-$PORT"
rm -rf "$DATA"
# Mail goes to the SMTP server a test runs on PORT+1 (tests/e2e/channels.spec.ts; without it, sends
# fail and are logged); push endpoints may be the tests' own plain-http servers on 127.0.0.1 (allowed
# only because PUSH_TEST_HOSTS lists it: by default a local or unknown host is refused).
exec env PORT="$PORT" DATA_DIR="$DATA" DATABASE_URL="$DB_URL" PUBLIC_URL="http://localhost:$PORT" \
  SMTP_URL="smtp://127.0.0.1:$((PORT + 1))" PUSH_ALLOW_HTTP=1 PUSH_TEST_HOSTS=127.0.0.1 DELIVERY_POLL_MS=200 \
  ADMIN_EMAIL=admin@boonees.test ADMIN_PASSWORD=admin-pass-123 LOG_LEVEL=warn \
  CLIENT_IP_HEADER=x-e2e-client-ip SUN_MASTER_KEY=00112233445566778899AABBCCDDEEFF node server/main.ts
