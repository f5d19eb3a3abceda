#!/usr/bin/env bash
# The new user's path: `npm start` on an empty DATA_DIR (embedded PostgreSQL,
# demo data), then the printed key lists the demo sites.
set -euo pipefail
data_dir=$(mktemp -d)
chmod 755 "$data_dir"
port=3917
log="$data_dir/start.log"

DATA_DIR="$data_dir" PORT="$port" setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

for _ in $(seq 1 180); do
  if curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited:" >&2; cat "$log" >&2; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/health/ready" >/dev/null || { echo "not ready in time" >&2; cat "$log" >&2; exit 1; }

key=$(grep -oE 'cbr_[0-9A-Za-z]{40}' "$log" | head -n 1)
[ -n "$key" ] || { echo "no demo key printed" >&2; cat "$log" >&2; exit 1; }
sites=$(curl -fsS -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/v1/sites")
echo "$sites" | node -e '
  const body = JSON.parse(require("fs").readFileSync(0, "utf8"));
  if (!Array.isArray(body.data) || body.data.length !== 3) { console.error("expected 3 demo sites", body); process.exit(1); }
  console.log("smoke: npm start served", body.meta.total, "demo sites with the printed key");
'
