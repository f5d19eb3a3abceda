#!/usr/bin/env bash
# An independent client on both agent servers: the official MCP Inspector, in
# CLI mode, lists the tools with --strict (tool-schema portability problems of
# error severity fail it) and calls one, over Streamable HTTP (/mcp) and over
# stdio (`content-api mcp`), in both protocol eras it speaks: `legacy` (the
# 2025 `initialize` handshake) and `modern` (revision 2026-07-28); and over
# Streamable HTTP again with an access token an assistant would get by OAuth
# (sign-in and Allow as the demo user, by .ci/lib/oauth-token.mjs) instead of
# a key. It runs the build against a throwaway embedded
# database with the demo account. The Inspector is fetched by npx, not kept in
# package.json: it pulls platform-specific packages some registries lack.
set -euo pipefail
cd "$(dirname "$0")/.."

inspector=(npx -y @modelcontextprotocol/inspector@2.12.0 --cli)
port=3918
base="http://127.0.0.1:$port"

[ -f dist/src/main.js ] || { echo "not built: run npm run build first" >&2; exit 1; }
source .ci/lib/demo-server.sh
LOG_LEVEL=warn start_demo_server "$port" node dist/src/main.js

hosted=("$base/mcp" --transport http --header "Authorization: Bearer $key")
token=$(node .ci/lib/oauth-token.mjs "$base" demo@example.com "$(cat "$demo_data_dir/demo-password")")
connected=("$base/mcp" --transport http --header "Authorization: Bearer $token")
local_=(-e "SERVICE_API_KEY=$key" -e "SERVICE_API_URL=$base")
command=(node bin/content-api.js mcp)

expect_tools() {
  node -e '
    const { tools } = JSON.parse(require("fs").readFileSync(0, "utf8")).result;
    const names = tools.map((t) => t.name).join(",");
    const want = "list_sites,list_articles,get_article,list_backlinks,get_stats,update_article,replace_featured_image";
    if (names !== want) { console.error(`unexpected tools: ${names}`); process.exit(1); }
    console.log(`inspector (${process.argv[1]}): tools/list --strict: ${tools.length} tools`);
  ' "$1"
}

expect_sites() {
  node -e '
    const { result } = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const total = result.structuredContent?.meta?.total;
    if (result.isError || total !== 3) { console.error("unexpected list_sites result", result); process.exit(1); }
    console.log(`inspector (${process.argv[1]}): tools/call list_sites: ${total} demo sites`);
  ' "$1"
}

for era in legacy modern; do
  "${inspector[@]}" "${hosted[@]}" --protocol-era "$era" --method tools/list --strict \
    --format json | expect_tools "hosted, $era"
  "${inspector[@]}" "${hosted[@]}" --protocol-era "$era" --method tools/call \
    --tool-name list_sites --format json | expect_sites "hosted, $era"
  "${inspector[@]}" "${connected[@]}" --protocol-era "$era" --method tools/list --strict \
    --format json | expect_tools "hosted with an OAuth token, $era"
  "${inspector[@]}" "${connected[@]}" --protocol-era "$era" --method tools/call \
    --tool-name list_sites --format json | expect_sites "hosted with an OAuth token, $era"
  "${inspector[@]}" "${local_[@]}" --protocol-era "$era" --method tools/list --strict \
    --format json -- "${command[@]}" | expect_tools "local, $era"
  "${inspector[@]}" "${local_[@]}" --protocol-era "$era" --method tools/call \
    --tool-name list_sites --format json -- "${command[@]}" | expect_sites "local, $era"
done
