#!/usr/bin/env bash
# Checks the deployment files without a container runtime (npm run check:deploy; CI step
# "production tree start"):
#   1. lints compose.yaml against the Compose Specification's JSON schema;
#   2. runs the Dockerfile's stages for real in a temporary folder: `npm ci` and `npm run build`
#      (build), `npm ci --omit=dev` for the API workspace (prune), then assembles the final stage
#      by executing the Dockerfile's own `COPY --from=` lines;
#   3. starts that tree with the Dockerfile's CMD, NODE_ENV=production and the environment of the
#      compose file's api-1 service, pointed at this machine's PostgreSQL (a throw-away database)
#      and Redis, local file storage and an SMTP port where nothing listens (mail waits in the
#      outbox), and checks /api/health, /api/ready, /metrics and the web app answer.
# DEPLOY_CHECK_PG (postgres://postgres@127.0.0.1:5432) and DEPLOY_CHECK_REDIS
# (redis://127.0.0.1:6379) name the servers; KEEP_DEPLOY_CHECK=1 keeps the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
pg_base="${DEPLOY_CHECK_PG:-postgres://postgres@127.0.0.1:5432}"
redis_url="${DEPLOY_CHECK_REDIS:-redis://127.0.0.1:6379}"
work="$(mktemp -d "${TMPDIR:-/tmp}/alcancia-deploy.XXXXXX")"
db="alcancia_deploy_$$"
server_pid=""
prune_pid=""

step() { printf -- '--- %s (%ss)\n' "$1" "$SECONDS"; }
cleanup() {
  if [ -n "$prune_pid" ]; then kill "$prune_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" || true; fi
  psql -q "$pg_base/postgres" -c "drop database if exists $db" >/dev/null 2>&1 || true
  if [ "${KEEP_DEPLOY_CHECK:-}" != 1 ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

step "compose.yaml against the Compose Specification schema"
node scripts/lint-compose.mjs compose.yaml

step "Dockerfile: every workspace's package.json is copied before npm ci"
for ws in $(node -p "require('./package.json').workspaces.join(' ')"); do
  for stage in build prune; do
    awk -v s="$stage" '/^FROM /{on = ($0 ~ (" AS " s "$"))} on' Dockerfile | grep -q "^COPY $ws/package.json " ||
      { echo "Dockerfile stage $stage does not copy $ws/package.json"; exit 1; }
  done
done

mkdir -p "$work/build" "$work/prune" "$work/app"
step "prune stage (in the background, as BuildKit runs independent stages): npm ci --omit=dev for the API workspace"
awk '/^FROM /{on = ($0 ~ / AS prune$/)} on' Dockerfile | grep '^COPY ' | while read -r _ rest; do
  read -r -a parts <<<"$rest"
  for f in "${parts[@]:0:${#parts[@]}-1}"; do mkdir -p "$work/prune/$(dirname "$f")" && cp "$f" "$work/prune/$f"; done
done
(cd "$work/prune" && npm ci --omit=dev --workspace apps/api --no-audit --no-fund --prefer-offline --loglevel=error) \
  >"$work/prune.log" 2>&1 &
prune_pid=$!

step "build stage: npm ci, npm run build"
# The build context: the repository's files (git already leaves out what .dockerignore lists).
git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$work/build"
(cd "$work/build" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --prefer-offline --loglevel=error && npm run build --silent >"$work/build.log" 2>&1) ||
  { cat "$work/build.log" 2>/dev/null; echo "build stage failed"; exit 1; }

step "prune stage: waiting for it"
wait "$prune_pid" || { cat "$work/prune.log"; echo "prune stage failed"; exit 1; }
prune_pid=""

step "final stage: the Dockerfile's COPY --from= lines"
awk '/^FROM /{n++} n == 3' Dockerfile | grep '^COPY --from=' | while read -r _ from rest; do
  stage="${from#--from=}"
  read -r -a parts <<<"$rest"
  dest="${parts[${#parts[@]}-1]}"
  for src in "${parts[@]:0:${#parts[@]}-1}"; do
    path="$work/$stage/${src#/src/}"
    if [ -d "$path" ]; then
      mkdir -p "$work/app/$dest" && cp -a "$path/." "$work/app/$dest/"
    elif [[ "$dest" == */ ]]; then
      mkdir -p "$work/app/$dest" && cp -a "$path" "$work/app/$dest"
    else
      mkdir -p "$(dirname "$work/app/$dest")" && cp -a "$path" "$work/app/$dest"
    fi
  done
done
mkdir -p "$work/app/.data"
# The local stand-ins stay out of production: no bundle of theirs, no package (decision 0162).
for absent in apps/api/dist/dev node_modules/@alcancia/sandbox apps/sandbox; do
  [ ! -e "$work/app/$absent" ] || { echo "the production tree holds $absent"; exit 1; }
done
du -sh "$work/app/node_modules" | sed 's/^/production node_modules: /'

step "start the production tree (NODE_ENV=production, compose api-1 environment)"
psql -q "$pg_base/postgres" -c "create database $db" >/dev/null
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
jwt="$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")"
metrics_token="$(node -e "console.log(require('crypto').randomBytes(24).toString('hex'))")"
mapfile -t compose_env < <(JWT_SECRET="$jwt" METRICS_TOKEN="$metrics_token" node scripts/lint-compose.mjs compose.yaml --env api-1 | grep -v '^S3_')
mapfile -t cmd < <(node -e "for (const a of JSON.parse(require('fs').readFileSync('Dockerfile','utf8').match(/^CMD (.*)$/m)[1])) console.log(a)")
(
  cd "$work/app"
  exec env -i PATH="$PATH" HOME="$work" "${compose_env[@]}" \
    NODE_ENV=production PORT="$port" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$port" \
    DATA_DIR="$work/app/.data" DATABASE_URL="$pg_base/$db" REDIS_URL="$redis_url" \
    STORAGE_DRIVER=local SMTP_URL="smtp://127.0.0.1:9" LOG_LEVEL=warn "${cmd[@]}"
) >"$work/server.log" 2>&1 &
server_pid=$!

fail() { echo "$1"; cat "$work/server.log"; exit 1; }
for _ in $(seq 1 240); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited:"
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null; then break; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/api/health" | grep -q '"ok"' || fail "/api/health did not answer ok"
ready=""
for _ in $(seq 1 20); do
  ready="$(curl -sS "http://127.0.0.1:$port/api/ready" || true)"
  case "$ready" in *'"status":"ready"'*) break ;; esac
  sleep 0.5
done
echo "/api/ready: $ready"
case "$ready" in *'"database":"ok","redis":"ok","storage":"ok"'*) ;; *) fail "/api/ready is not ready with Redis" ;; esac
metrics="$(curl -fsS -H "authorization: Bearer $metrics_token" "http://127.0.0.1:$port/metrics" || true)"
grep -q '^alcancia_http_request_duration_seconds_count{.*route="/api/ready"' <<<"$metrics" ||
  fail "/metrics did not answer with the request histogram"
grep -q '^alcancia_mail_outbox_pending ' <<<"$metrics" || fail "/metrics has no database gauges"
page="$(curl -fsS "http://127.0.0.1:$port/" || true)"
grep -qi '<!doctype html>' <<<"$page" || fail "the web app is not served"
kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not stop cleanly on SIGTERM"
server_pid=""
step "production tree start ok"
