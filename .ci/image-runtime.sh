#!/usr/bin/env bash
# What docker/Dockerfile's final stage holds, run the way the image runs it, without a Docker
# engine: the production-only install of the lock file (npm ci --omit=dev --omit=optional, as the
# production-dependencies stage does), dist/, bin/ and docker/{entrypoint.sh,healthcheck.js} under
# /app; then, in a bubblewrap sandbox with a read-only root, a numeric non-root user (10001), only
# /tmp and /data writable and a 512 MiB cgroup memory limit, the entrypoint runs the CLI and the
# server against a real PostgreSQL. Not covered here: the base image itself (Node 24 there, this
# machine's Node here) and the Dockerfile's own syntax, which only `docker build` checks.
#   DATABASE_URL=postgres://… bash .ci/image-runtime.sh
set -euo pipefail
cd "$(dirname "$0")/.."

admin_url=${DATABASE_URL:?set DATABASE_URL to a PostgreSQL server this check may create a database on}
[ -f dist/src/main.js ] || { echo "not built: run npm run build first" >&2; exit 1; }
if ! command -v bwrap >/dev/null; then
  echo "installing bubblewrap (Debian package) for the sandbox" >&2
  apt-get install -y -qq bubblewrap >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null && apt-get install -y -qq bubblewrap >/dev/null; }
fi

work=$(mktemp -d)
database="content_api_test_image_$$"
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill -KILL "$server_pid" 2>/dev/null || true
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "image-runtime: $*" >&2; exit 1; }

app="$work/app"
mkdir -p "$app/docker" "$work/data" "$work/cgroup"
cp package.json package-lock.json "$app/"
(cd "$app" && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)
rm "$app/package-lock.json"
cp -r dist bin "$app/"
cp docker/entrypoint.sh docker/healthcheck.js "$app/docker/"
chmod 777 "$work/data"
echo $((512 * 1024 * 1024)) >"$work/cgroup/memory.max"

# Exactly the lock file's production packages: no devDependency, no optional one (embedded-postgres).
node -e '
  const { existsSync } = require("node:fs");
  const lock = require(process.cwd() + "/package-lock.json");
  const wrong = [];
  let kept = 0;
  for (const [path, meta] of Object.entries(lock.packages)) {
    if (!path) continue;
    const present = existsSync(`${process.argv[1]}/${path}`);
    const production = !meta.dev && !meta.optional && !meta.devOptional;
    if (present !== production) wrong.push(`${path} (${present ? "present" : "missing"})`);
    if (present) kept++;
  }
  if (wrong.length) { console.error("unexpected install:\n" + wrong.join("\n")); process.exit(1); }
  console.log(`image-runtime: ${kept} production packages, no dev or optional ones (embedded-postgres absent)`);
' "$app" || fail "the production install differs from the lock file's production packages"

psql "$admin_url" -qc "CREATE DATABASE $database" >/dev/null
database_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$admin_url" "$database")
port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')

# The container: read-only root, /app read-only, /tmp and /data writable, uid/gid 10001, the
# image's environment, a cgroup v2 memory limit, content-api on PATH as the image links it.
in_image() {
  local env=(--setenv NODE_ENV production --setenv PORT "$port" --setenv HOST 127.0.0.1
    --setenv DATA_DIR /data --setenv PATH /usr/local/bin:/usr/bin:/bin --setenv HOME /nonexistent)
  while [ "$1" != "--" ]; do env+=(--setenv "${1%%=*}" "${1#*=}"); shift; done
  shift
  bwrap --unshare-user --uid 10001 --gid 10001 --clearenv "${env[@]}" --info-fd 3 \
    --ro-bind /usr /usr --ro-bind /etc /etc --symlink usr/bin /bin --symlink usr/lib /lib \
    --symlink usr/lib64 /lib64 --proc /proc --dev /dev \
    --ro-bind "$app" /app --tmpfs /tmp --bind "$work/data" /data \
    --ro-bind "$work/cgroup" /sys/fs/cgroup \
    --tmpfs /usr/local/bin --symlink /app/bin/content-api.js /usr/local/bin/content-api \
    --remount-ro /usr/local/bin --remount-ro / --chdir /app \
    /app/docker/entrypoint.sh "$@" 3>"$work/sandbox.json"
}

[ "$(in_image -- id -u)" = 10001 ] || fail "not uid 10001"
in_image -- sh -c 'touch /app/x 2>/dev/null || touch /x 2>/dev/null' && fail "the root filesystem is writable"
# The entrypoint gives the old space 192 MiB, or 75% of the container's memory limit when that is
# less; V8 adds its young generation (three 16 MiB semi-spaces) on top.
heap_limit_mb() {
  in_image -- node -e 'console.log(Math.round(require("node:v8").getHeapStatistics().heap_size_limit / 1048576))'
}
heap_mb=$(heap_limit_mb)
[ "$heap_mb" -ge 192 ] && [ "$heap_mb" -le 256 ] || fail "heap limit ${heap_mb} MiB under a 512 MiB limit (want 192 MiB + young generation)"
echo $((200 * 1024 * 1024)) >"$work/cgroup/memory.max"
small_heap_mb=$(heap_limit_mb)
echo $((512 * 1024 * 1024)) >"$work/cgroup/memory.max"
[ "$small_heap_mb" -ge 150 ] && [ "$small_heap_mb" -le 214 ] || fail "heap limit ${small_heap_mb} MiB under a 200 MiB limit (want 150 MiB + young generation)"
growth=$(in_image -- sh -c 'printf %s "$HEAP_GROWING_PERCENT"')
[ "$growth" = 200 ] || fail "HEAP_GROWING_PERCENT is '$growth' in the image (want 200 with the capped heap)"
echo "image-runtime: uid 10001, read-only root, heap limit ${heap_mb} MiB under a 512 MiB memory limit, ${small_heap_mb} MiB under 200 MiB, heap growth ${growth} %"

out=$(in_image -- content-api migrate --json 2>&1) && fail "migrate without DATABASE_URL succeeded: $out"
echo "$out" | grep -q 'DATABASE_URL must be set' || fail "unclear error without DATABASE_URL: $out"
echo "image-runtime: without DATABASE_URL the CLI says so: $out"

cli() { in_image DATABASE_URL="$database_url" -- content-api "$@"; }
cli migrate --json | node -e '
  const { applied } = JSON.parse(require("fs").readFileSync(0, "utf8"));
  if (!applied.length) process.exit(1);
  console.log(`image-runtime: content-api migrate applied ${applied.length} migrations`);
'
account=$(cli accounts create --name "Image Check" --plan agency --json | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
key=$(cli keys create --account "$account" --json | node -pe 'JSON.parse(require("fs").readFileSync(0)).key')
cat >"$work/data/import.json" <<'JSON'
{ "sites": [ { "ref": "s", "name": "Image Site", "articles": [ { "ref": "a", "title": "First", "body": "<p>Hello</p>" } ] } ] }
JSON
cli import --account "$account" /data/import.json --json >/dev/null

in_image DATABASE_URL="$database_url" MIGRATE_ON_START=false LOG_LEVEL=warn -- node dist/src/main.js &
sandbox_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 60); do curl -fs "$base/health/ready" >/dev/null && break; sleep 0.5; done
# The entrypoint exec'd node, so the sandbox's child is the server itself.
server_pid=$(node -pe 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))["child-pid"]' "$work/sandbox.json")
curl -fs "$base/health/ready" >/dev/null || fail "the server did not become ready"
in_image -- node /app/docker/healthcheck.js || fail "HEALTHCHECK failed on a ready server"

article=$(curl -fsS -H "X-API-Key: $key" "$base/api/v1/sites" |
  node -pe 'JSON.parse(require("fs").readFileSync(0)).data[0].id')
article=$(curl -fsS -H "X-API-Key: $key" "$base/api/v1/sites/$article/articles" |
  node -pe 'JSON.parse(require("fs").readFileSync(0)).data[0].id')
curl -fsS -X PUT -H "X-API-Key: $key" -H 'Content-Type: application/json' \
  -d '{"title":"Edited in the image","body":"<p>Hello again</p>","reason":"image check"}' \
  "$base/api/v1/articles/$article" >/dev/null || fail "an edit failed"
echo "image-runtime: server ready, HEALTHCHECK passes, reads and an edit answered"

kill -TERM "$server_pid"
status=0
wait "$sandbox_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "the server exited $status on SIGTERM"
echo "image-runtime: SIGTERM through the entrypoint: drained and exited 0"
