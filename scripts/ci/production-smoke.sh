#!/usr/bin/env bash
# Installs the app into a clean folder exactly as the Dockerfile does (npm ci, build, prune dev
# dependencies), starts it with NODE_ENV=production on an empty database, and checks / and /healthz.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
node24="$root/node_modules/.bin/node"
work="$(mktemp -d)"
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work")
cd "$work"
mkdir -p "$work/bin" && ln -s "$node24" "$work/bin/node"
export PATH="$work/bin:$PATH"
npm ci --no-audit --no-fund >/dev/null
npm run build >/dev/null
npm prune --omit=dev >/dev/null
test ! -e node_modules/vite || { echo "dev dependencies were not pruned"; exit 1; }
export PATH="$work/bin:$(echo "$PATH" | tr ':' '\n' | grep -v node_modules | paste -sd:)"

port=$((20000 + RANDOM % 20000))
NODE_ENV=production PORT=$port DATABASE_URL="file:$work/data/prod.db" UPLOADS_DIR="$work/data/uploads" \
  SESSION_SECRET="smoke-test-secret-0123456789" SITE_URL="http://127.0.0.1:$port" \
  npm start > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 1
done
health="$(curl -fsS "http://127.0.0.1:$port/healthz")" || true
home="$(curl -fsS "http://127.0.0.1:$port/")" || true
[[ "$health" == *'"status":"ok"'* ]] || { cat "$work/server.log"; echo "healthz failed: $health"; exit 1; }
[[ "$home" == *'lang="pt-BR"'* ]] || { cat "$work/server.log"; echo "/ failed"; exit 1; }
echo "production smoke test: / and /healthz answer on an empty database"
