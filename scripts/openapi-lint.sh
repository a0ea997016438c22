#!/usr/bin/env bash
# The OpenAPI document as a contract: generated from the built API (no services needed), its schemas
# checked against the TypeScript types, then linted offline with @redocly/cli (redocly.yaml).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)/openapi.json"
node api/scripts/openapi-schemas.js --check
node api/dist/openapi/generate.js "$out"
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx --no-install redocly lint "$out" --config redocly.yaml --format stylish
