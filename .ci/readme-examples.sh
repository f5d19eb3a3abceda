#!/usr/bin/env bash
# The README's examples as a new user pastes them: every ```sh block that
# follows the marker comment runs, in order, against a fresh demo server (the
# build, embedded PostgreSQL, demo data) with KEY and BASE set as the README
# says; then what they were meant to change is checked through the API.
set -euo pipefail
cd "$(dirname "$0")/.."

port=3919
marker='<!-- .ci/readme-examples.sh runs the next block -->'

[ -f dist/src/main.js ] || { echo "not built: run npm run build first" >&2; exit 1; }
source .ci/lib/demo-server.sh
LOG_LEVEL=warn start_demo_server "$port" node dist/src/main.js

work=$(mktemp -d)
trap 'rm -rf "$work"; stop_demo_server' EXIT
awk -v marker="$marker" -v dir="$work" '
  $0 == marker { armed = 1; next }
  armed && /^```sh$/ { n++; file = sprintf("%s/example-%02d.sh", dir, n); inside = 1; armed = 0; next }
  inside && /^```$/ { inside = 0; close(file); next }
  inside { print > file }
' README.md

examples=("$work"/example-*.sh)
[ -e "${examples[0]}" ] || { echo "no marked examples in README.md" >&2; exit 1; }
for example in "${examples[@]}"; do
  (cd "$work" && KEY=$key BASE="http://127.0.0.1:$port" bash -euo pipefail "$example") >"$example.out"
  echo "readme: $(basename "$example") ran"
done

curl -fsS -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/v1/articles/1" | node -e '
  const { data } = JSON.parse(require("fs").readFileSync(0, "utf8"));
  const problems = [];
  if (data.title !== "A better title") problems.push(`title is ${JSON.stringify(data.title)}`);
  if (!data.body.includes(" Updated for 2026.</p>")) problems.push("the body was not edited");
  if (data.featured_image_url !== "https://cdn.example/hero.jpg") problems.push(`featured image is ${data.featured_image_url}`);
  if (problems.length > 0) { console.error(`README examples did not do what they say: ${problems.join("; ")}`); process.exit(1); }
  console.log("readme: the edit and the featured image replacement were saved");
'
