#!/usr/bin/env bash
# The new user's path: `npm start` on an empty DATA_DIR (embedded PostgreSQL,
# demo data), then the printed key lists the demo sites.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/lib/demo-server.sh

port=3917
start_demo_server "$port" npm start

sites=$(curl -fsS -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/v1/sites")
echo "$sites" | node -e '
  const body = JSON.parse(require("fs").readFileSync(0, "utf8"));
  if (!Array.isArray(body.data) || body.data.length !== 3) { console.error("expected 3 demo sites", body); process.exit(1); }
  console.log("smoke: npm start served", body.meta.total, "demo sites with the printed key");
'

# The printed demo user signs in to the console (CSRF token from the form, own Origin).
password=$(grep -oE 'with password [0-9A-Za-z]{20}' "$demo_log" | head -n 1 | cut -d' ' -f3)
[ -n "$password" ] || { echo "no demo password printed" >&2; exit 1; }
jar="$demo_data_dir/cookies"
base="http://localhost:$port"
token=$(curl -fsS -c "$jar" "$base/console/sign-in" | grep -oE 'name="_csrf" value="[0-9a-f]+"' | head -n 1 | cut -d'"' -f4)
signed_in=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' -b "$jar" -c "$jar" -H "Origin: $base" \
  --data-urlencode "_csrf=$token" --data-urlencode "email=demo@example.com" --data-urlencode "password=$password" \
  "$base/console/sign-in")
[ "$signed_in" = "303 $base/console" ] || { echo "console sign-in: $signed_in" >&2; exit 1; }
curl -fsS -b "$jar" "$base/console" | grep -q '<h1>Demo Agency</h1>' \
  || { echo "console overview did not show the demo account" >&2; exit 1; }
echo "smoke: the printed demo user signed in to the console"
