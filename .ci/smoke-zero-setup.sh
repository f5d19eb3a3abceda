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
