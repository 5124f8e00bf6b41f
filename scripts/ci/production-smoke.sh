#!/usr/bin/env bash
# Installs the app into a clean folder as the Dockerfile does (the committed files only, the
# locked dependencies, build, prune dev dependencies), starts it with NODE_ENV=production on an
# empty database, and checks / and /healthz: once on an empty SQLite file, once on an empty
# PostgreSQL database in a throwaway cluster (which `npm start` must migrate first).
#
# The dependencies are the ones CI's own `npm ci` just installed from the same lock file, linked
# into the folder (cp -al: seconds, where a second `npm ci` takes a minute of the run) rather than
# installed again; the build and the prune then run there as in the Dockerfile. Outside CI (a
# node_modules that may not match the lock file), SMOKE_NPM_CI=1 installs afresh instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
node24="$root/node_modules/.bin/node"
work="$(mktemp -d)"
cleanup() {
  [ -n "${pid:-}" ] && kill -- -"$pid" 2>/dev/null || true
  [ -n "${pg_pid:-}" ] && kill "$pg_pid" 2>/dev/null && wait "$pg_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$work")
cd "$work"
mkdir -p "$work/bin" && ln -s "$node24" "$work/bin/node"
export PATH="$work/bin:$PATH"
if [ "${SMOKE_NPM_CI:-}" = 1 ] || [ ! -d "$root/node_modules" ]; then
  npm ci --no-audit --no-fund >/dev/null
else
  # Hard links: the prune below only unlinks in this folder. npm rewrites its hidden lock file
  # and tools may write caches, so those are this folder's own files, never links to the original.
  cp -al "$root/node_modules" node_modules
  rm -rf node_modules/.package-lock.json node_modules/.vite node_modules/.cache
  npm ls --omit=dev >/dev/null || { echo "node_modules does not match package-lock.json (SMOKE_NPM_CI=1 installs afresh)"; exit 1; }
fi
npm run build >/dev/null
npm prune --omit=dev >/dev/null
test ! -e node_modules/vite || { echo "dev dependencies were not pruned"; exit 1; }
export PATH="$work/bin:$(echo "$PATH" | tr ':' '\n' | grep -v node_modules | paste -sd:)"

# smoke <label> <DATABASE_URL>: start the production server on that empty database, check / and
# /healthz, stop it. setsid gives npm and its children their own process group to stop together.
smoke() {
  local label="$1" database_url="$2" port=$((20000 + RANDOM % 20000))
  NODE_ENV=production PORT=$port DATABASE_URL="$database_url" UPLOADS_DIR="$work/data/uploads" \
    SESSION_SECRET="smoke-test-secret-0123456789" SITE_URL="http://127.0.0.1:$port" \
    setsid npm start > "$work/server-$label.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 1
  done
  local health home
  health="$(curl -fsS "http://127.0.0.1:$port/healthz")" || true
  home="$(curl -fsS "http://127.0.0.1:$port/")" || true
  [[ "$health" == *'"status":"ok"'* ]] || { cat "$work/server-$label.log"; echo "$label: healthz failed: $health"; exit 1; }
  [[ "$home" == *'lang="pt-BR"'* ]] || { cat "$work/server-$label.log"; echo "$label: / failed"; exit 1; }
  grep -q '"msg":"migrations","applied":\["' "$work/server-$label.log" \
    || { cat "$work/server-$label.log"; echo "$label: npm start applied no migrations to the empty database"; exit 1; }
  kill -- -"$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
  echo "production smoke test ($label): migrated the empty database, / and /healthz answer"
}

smoke sqlite "file:$work/data/prod.db"

# PostgreSQL: an empty database in a throwaway cluster (Debian's postgresql package).
node scripts/ci/pg-throwaway.ts smoke > "$work/pg-url" 2> "$work/pg.log" &
pg_pid=$!
for _ in $(seq 1 120); do
  [ -s "$work/pg-url" ] && break
  kill -0 "$pg_pid" 2>/dev/null || { cat "$work/pg.log"; echo "postgresql: the throwaway cluster did not start"; exit 1; }
  sleep 0.5
done
[ -s "$work/pg-url" ] || { cat "$work/pg.log"; echo "postgresql: no cluster URL"; exit 1; }
smoke postgresql "$(head -n1 "$work/pg-url")"
