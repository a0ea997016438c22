#!/usr/bin/env bash
# Fresh-machine set-up shared by `npm start` and CI: apt packages, Postgres and Redis, npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# libreoffice-calc: the workbook tests recalculate our formulas with an independent engine.
# curl, jq: the batch API's shell example (examples/enviar-cdas.sh), run by the end-to-end tests.
APT_PACKAGES=(chromium poppler-utils tesseract-ocr tesseract-ocr-por tesseract-ocr-osd img2pdf fonts-liberation libreoffice-calc postgresql-client curl jq)
missing=()
for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> apt: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "==> starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "==> starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi

# Reinstall npm packages only when the lock file changed since the last install.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "${CI:-}" = "true" ] || [ ! -f node_modules/.lock-hash ] || [ "$(cat node_modules/.lock-hash)" != "$lock_hash" ]; then
  echo "==> npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > node_modules/.lock-hash
fi
