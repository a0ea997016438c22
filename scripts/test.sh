#!/usr/bin/env bash
# `npm test`: every test — unit (shared, worker, frontend), API integration, browser end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "==> build"
npm run build --silent
echo "==> OpenAPI contract (schemas from the types, @redocly/cli lint, offline)"
bash scripts/openapi-lint.sh
echo "==> API module layering (no two modules import each other; common/ imports no module)"
node scripts/module-cycles.js
echo "==> unit tests (shared, worker, frontend)"
npm run test:unit --silent
echo "==> API integration tests (Postgres, Redis, embedded S3, real worker processes)"
npm run test:api --silent
echo "==> fault drills, short form (private Postgres and Redis on ports 556x; the shared ones are never stopped)"
npm run drills --silent -- --short
echo "==> end-to-end tests (Chromium)"
npm run test:e2e --silent
