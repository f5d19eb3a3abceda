#!/usr/bin/env bash
# The README's and the API guide's examples as a new user pastes them: every
# ```sh block that follows the marker comment runs, in order (the README's,
# then docs/api-guide.md's), against a fresh demo server (the build, embedded
# PostgreSQL, demo data) with KEY and BASE set as the README says; then what
# they were meant to change or save is checked.
set -euo pipefail
cd "$(dirname "$0")/.."

port=3919
marker='<!-- .ci/readme-examples.sh runs the next block -->'

[ -f dist/src/main.js ] || { echo "not built: run npm run build first" >&2; exit 1; }
source .ci/lib/demo-server.sh
LOG_LEVEL=warn start_demo_server "$port" node dist/src/main.js

work=$(mktemp -d)
trap 'rm -rf "$work"; stop_demo_server' EXIT
for source in README.md docs/api-guide.md; do
  name=$(basename "$source" .md)
  awk -v marker="$marker" -v dir="$work" -v name="$name" '
    $0 == marker { armed = 1; next }
    armed && /^```sh$/ { n++; file = sprintf("%s/example-%s-%02d.sh", dir, name, n); inside = 1; armed = 0; next }
    inside && /^```$/ { inside = 0; close(file); next }
    inside { print > file }
  ' "$source"
  marked=("$work"/example-"$name"-*.sh)
  [ -e "${marked[0]}" ] || { echo "no marked examples in $source" >&2; exit 1; }
done

for example in "$work"/example-README-*.sh "$work"/example-api-guide-*.sh; do
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

# The guide's report examples: JSON with its daily series, the files saved under their own names.
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  const problems = [];
  const report = JSON.parse(fs.readFileSync(`${dir}/example-api-guide-02.sh.out`, "utf8")).data;
  if (!Array.isArray(report.daily) || report.daily.length !== report.period.days) problems.push("no daily series");
  const account = JSON.parse(fs.readFileSync(`${dir}/example-api-guide-03.sh.out`, "utf8"));
  if (!account.meta || !account.meta.totals) problems.push("no account totals");
  const files = fs.readdirSync(dir);
  const pdf = files.find((f) => /^report-site-1-.*\.pdf$/.test(f));
  if (!pdf || fs.readFileSync(`${dir}/${pdf}`).subarray(0, 5).toString() !== "%PDF-") problems.push("no PDF saved");
  const csv = files.find((f) => /^report-site-1-.*\.csv$/.test(f));
  if (!csv || !fs.readFileSync(`${dir}/${csv}`, "utf8").startsWith("date,articles_published,")) problems.push("no CSV saved");
  if (!files.some((f) => /^report-account-.*\.csv$/.test(f))) problems.push("no account CSV saved");
  if (!/<svg/.test(fs.readFileSync(`${dir}/report.html`, "utf8"))) problems.push("no HTML page with charts");
  if (!fs.readFileSync(`${dir}/backlinks.csv`, "utf8").startsWith("id,acquired_at,")) problems.push("no backlinks CSV");
  if (problems.length > 0) { console.error(`API guide examples did not do what they say: ${problems.join("; ")}`); process.exit(1); }
  console.log("guide: the report in JSON, PDF, CSV and HTML, and the backlinks CSV, were saved");
' "$work"
