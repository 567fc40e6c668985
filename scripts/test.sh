#!/usr/bin/env bash
# The whole test suite, as CI runs it: types, lint, build, unit + integration on PGlite and on
# PostgreSQL, end-to-end in Chromium. Ends with one line "N passed, N failed" over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p reports
rm -f reports/*.json
status=0
step() { echo; echo "=== $*"; }

# The previous release (deploy/previous-release) for tests/integration/mixed-version.test.ts builds
# meanwhile: it mostly waits on the disk.
started=$SECONDS
bash scripts/build-previous-release.sh > reports/previous-release.log 2>&1 &
previous=$!

step "typecheck" && { npm run -s typecheck || status=1; }
step "lint" && { npm run -s lint || status=1; }
step "format" && { npm run -s format:check || status=1; }
step "build" && { npm run -s build > reports/build.log 2>&1 || { cat reports/build.log; status=1; }; }

step "previous release build" && {
  wait $previous || { cat reports/previous-release.log; status=1; }
  echo "previous release ready $((SECONDS - started)) s after the start"
}

# The two databases' runs go side by side: each is one Vitest worker that mostly waits (on a server it
# started, on PostgreSQL, on PGlite's single thread), so together they fill the machine's two cores.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
step "unit + integration tests on PGlite (embedded) and integration tests on PostgreSQL ($PG_URL), side by side"
started=$SECONDS
vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-pglite.json > reports/vitest-pglite.log 2>&1 &
pglite=$!
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$PG_URL"; then
  TEST_DATABASE_URL="$PG_URL" vitest run tests/integration --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json > reports/vitest-postgres.log 2>&1 || status=1
else
  echo "PostgreSQL is not reachable at $PG_URL: integration tests on PostgreSQL and end-to-end tests need it." >&2
  status=1
fi
wait $pglite || status=1
echo "--- PGlite"; cat reports/vitest-pglite.log
echo "--- PostgreSQL"; cat reports/vitest-postgres.log 2>/dev/null
echo "both databases' tests done in $((SECONDS - started)) s"

step "end-to-end tests in Chromium"
playwright test || status=1

step "summary"
node scripts/summarize-tests.mjs reports || status=1
exit $status
