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

step "typecheck" && { npm run -s typecheck || status=1; }
step "lint" && { npm run -s lint || status=1; }
step "format" && { npm run -s format:check || status=1; }
step "build" && { npm run -s build > reports/build.log 2>&1 || { cat reports/build.log; status=1; }; }

# The previous release (deploy/previous-release) for tests/integration/mixed-version.test.ts.
step "previous release build" && {
  started=$SECONDS
  bash scripts/build-previous-release.sh > reports/previous-release.log 2>&1 || { cat reports/previous-release.log; status=1; }
  echo "previous release ready in $((SECONDS - started)) s"
}

step "unit + integration tests on PGlite (embedded)"
vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-pglite.json || status=1

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$PG_URL"; then
  step "integration tests on PostgreSQL ($PG_URL)"
  TEST_DATABASE_URL="$PG_URL" vitest run tests/integration --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json || status=1
else
  echo "PostgreSQL is not reachable at $PG_URL: integration tests on PostgreSQL and end-to-end tests need it." >&2
  status=1
fi

step "end-to-end tests in Chromium"
playwright test || status=1

step "summary"
node scripts/summarize-tests.mjs reports || status=1
exit $status
