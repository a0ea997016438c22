#!/usr/bin/env bash
# `npm start`: everything a fresh machine needs, then the whole product on http://localhost:5173.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
[ -f .env ] && set -a && . ./.env && set +a
echo "==> building"
npm run build --silent
node scripts/ensure-db.js
exec node scripts/stack.js
