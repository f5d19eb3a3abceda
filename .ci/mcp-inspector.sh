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
    const want = "list_sites,list_articles,get_article,list_backlinks,get_stats,get_report,get_account_report,update_article,replace_featured_image";
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

# get_report on the first demo site: the report's JSON as structured content, a Markdown summary as
# the only text, and the link to the app's ui:// resource, which resources/read serves.
expect_report() {
  node -e '
    const { result } = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const text = result.content?.map((block) => block.text);
    if (result.isError || !result.structuredContent?.data?.summary || text?.length !== 1 || !text[0].startsWith("## Report")) {
      console.error("unexpected get_report result", result); process.exit(1);
    }
    console.log(`inspector (${process.argv[1]}): tools/call get_report: ${text[0].length} characters of text`);
  ' "$1"
}

expect_prompt() {
  node -e '
    const { result } = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const text = result.messages?.[0]?.content?.text ?? "";
    if (!text.includes("get_report")) { console.error("unexpected prompt", result); process.exit(1); }
    console.log(`inspector (${process.argv[1]}): prompts/get monthly_client_report`);
  ' "$1"
}

expect_app() {
  node -e '
    const { result } = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const [page] = result.contents ?? [];
    if (page?.mimeType !== "text/html;profile=mcp-app" || !page.text.startsWith("<!doctype html>")) {
      console.error("unexpected app resource", page?.mimeType); process.exit(1);
    }
    console.log(`inspector (${process.argv[1]}): resources/read ${page.uri}`);
  ' "$1"
}

site=$("${inspector[@]}" "${hosted[@]}" --method tools/call --tool-name list_sites --format json |
  node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).result.structuredContent.data[0].id)')

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
  "${inspector[@]}" "${hosted[@]}" --protocol-era "$era" --method tools/call --tool-name get_report \
    --tool-arg "site_id=$site" period=last_month --format json | expect_report "hosted, $era"
  "${inspector[@]}" "${local_[@]}" --protocol-era "$era" --method tools/call --tool-name get_report \
    --tool-arg "site_id=$site" period=last_month --format json -- "${command[@]}" |
    expect_report "local, $era"
  "${inspector[@]}" "${hosted[@]}" --protocol-era "$era" --method prompts/get \
    --prompt-name monthly_client_report --prompt-args "site_id=$site" period=last_month \
    --format json | expect_prompt "hosted, $era"
  "${inspector[@]}" "${local_[@]}" --protocol-era "$era" --method prompts/get \
    --prompt-name monthly_client_report --prompt-args "site_id=$site" period=last_month \
    --format json -- "${command[@]}" | expect_prompt "local, $era"
  "${inspector[@]}" "${hosted[@]}" --protocol-era "$era" --method resources/read \
    --uri ui://content-api/report.html --format json | expect_app "hosted, $era"
done
