/** The console's stylesheet: no framework, no build step, served from the app (ConsoleAssets). */
export const CONSOLE_STYLESHEET = `
:root {
  --ink: #1c2433;
  --muted: #5b6577;
  --line: #dfe3ea;
  --soft: #f5f7fa;
  --page: #ffffff;
  --accent: #3346c7;
  --accent-dark: #25349b;
  --accent-soft: #eef0fd;
  --ok: #1d7a46;
  --ok-soft: #e7f5ed;
  --warn: #8a5a00;
  --warn-soft: #fdf4e0;
  --bad: #b3261e;
  --bad-soft: #fdeceb;
  --radius: 6px;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink);
  background: var(--soft);
}
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
:focus-visible { outline: 3px solid #8b98f0; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--page); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: 1rem; }

.top { background: #1c2433; color: #fff; }
.top-inner { max-width: 1180px; margin: 0 auto; padding: 0 1.25rem; display: flex; align-items: center; gap: 1.5rem; min-height: 56px; flex-wrap: wrap; }
.brand { color: #fff; text-decoration: none; font-weight: 700; letter-spacing: .01em; }
.brand span { font-weight: 400; color: #aeb6c6; margin-left: .35rem; }
.brand:hover { color: #fff; }
.nav { display: flex; flex-wrap: wrap; gap: .25rem; flex: 1; }
.nav a { color: #d5dae4; text-decoration: none; padding: .45rem .75rem; border-radius: var(--radius); }
.nav a:hover { background: #2c374b; color: #fff; }
.nav a[aria-current="page"] { background: #34415a; color: #fff; }
.who { display: flex; align-items: center; gap: .75rem; font-size: .9rem; color: #c4cad6; }
.who strong { color: #fff; font-weight: 600; }
.who a { color: inherit; }
.who form { margin: 0; }
.who button { background: transparent; color: #fff; border: 1px solid #56627a; padding: .3rem .7rem; border-radius: var(--radius); font: inherit; cursor: pointer; }
.who button:hover { background: #2c374b; }

main { max-width: 1180px; margin: 0 auto; padding: 1.75rem 1.25rem 3rem; }
.narrow { max-width: 440px; margin: 3rem auto; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .35rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .75rem; }
h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
.lead { color: var(--muted); margin: 0 0 1.5rem; }
.crumbs { font-size: .9rem; color: var(--muted); margin: 0 0 .5rem; }
.crumbs a { color: var(--muted); }
.muted { color: var(--muted); }
.mono, code, pre { font-family: var(--mono); font-size: .88em; }
.nowrap { white-space: nowrap; }

.card { background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); padding: 1.25rem 1.5rem; margin: 0 0 1.25rem; }
.card > h2:first-child, .card > h3:first-child { margin-top: 0; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 1rem; margin: 0; }
.facts div { background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); padding: .8rem 1rem; }
.facts dt { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.facts dd { margin: .2rem 0 0; font-weight: 600; overflow-wrap: anywhere; }
.consent { max-width: 46rem; }
.fields { display: grid; grid-template-columns: minmax(9rem, 14rem) 1fr; gap: 0; margin: 0; background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); }
.fields dt, .fields dd { margin: 0; padding: .55rem 1rem; border-top: 1px solid var(--line); }
.fields dt:first-of-type, .fields dt:first-of-type + dd { border-top: 0; }
.fields dt { color: var(--muted); font-size: .9rem; }
.break { overflow-wrap: anywhere; }
.consent .facts { grid-template-columns: 1fr 1fr; margin: 1rem 0; }
.consent .who-detail { display: block; font-weight: 400; }
.consent .scopes { margin: .2rem 0 0; padding-left: 1.1rem; font-weight: 400; }
.consent .scopes.choices { list-style: none; padding-left: 0; }
.consent .scopes.choices label { display: block; font-weight: 400; }
.consent .row { margin-top: 1rem; }

.table-wrap { overflow-x: auto; background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
caption { text-align: left; padding: .75rem 1rem; font-weight: 600; }
th, td { text-align: left; padding: .6rem .85rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; white-space: nowrap; }
tbody tr:last-child td { border-bottom: 0; }
tbody tr:hover td { background: #fafbfd; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.highlight td { background: var(--accent-soft); }
td .actions { display: flex; gap: .5rem; flex-wrap: wrap; }
.who-detail { display: block; }
td.request-id { font-size: .78rem; color: var(--muted); overflow-wrap: anywhere; min-width: 9rem; }
.legend { display: inline-block; padding: 0 .4rem; border-radius: 4px; font-family: var(--mono); font-weight: 700; }
.legend.del { background: var(--bad-soft); color: var(--bad); }
.legend.ins { background: var(--ok-soft); color: var(--ok); }
.empty { padding: 2rem 1rem; text-align: center; color: var(--muted); background: var(--page); border: 1px dashed var(--line); border-radius: var(--radius); }
.empty strong { display: block; color: var(--ink); margin-bottom: .25rem; }

.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; background: var(--soft); border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
.badge.ok { background: var(--ok-soft); border-color: #bfe3cd; color: var(--ok); }
.badge.warn { background: var(--warn-soft); border-color: #f0d9a4; color: var(--warn); }
.badge.bad { background: var(--bad-soft); border-color: #f2c3bf; color: var(--bad); }
.badge.info { background: var(--accent-soft); border-color: #cfd5fa; color: var(--accent-dark); }

.notice { border-radius: var(--radius); padding: .8rem 1rem; margin: 0 0 1.25rem; border: 1px solid; }
.notice p { margin: .25rem 0 0; }
.notice p:first-child { margin-top: 0; }
.notice.info { background: var(--accent-soft); border-color: #cfd5fa; }
.notice.ok { background: var(--ok-soft); border-color: #bfe3cd; }
.notice.warn { background: var(--warn-soft); border-color: #f0d9a4; }
.notice.bad { background: var(--bad-soft); border-color: #f2c3bf; }
.notice ul { margin: .5rem 0 0; padding-left: 1.25rem; }

form.stack { display: grid; gap: 1rem; }
/* A passkey form stays hidden until its script finds WebAuthn: display: grid would show it. */
form[hidden] { display: none; }
.account-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr)); gap: 1.25rem; align-items: start; }
.account-cards > .card { margin: 0; min-width: 0; }
.account-cards p { margin: 0; }
.who a { color: inherit; }
.field { display: grid; gap: .3rem; }
.field label, fieldset legend { font-weight: 600; font-size: .92rem; }
.hint { font-size: .85rem; color: var(--muted); margin: 0; }
input[type=text], input[type=search], input[type=email], input[type=password], input[type=date], select {
  font: inherit; color: inherit; padding: .5rem .65rem; border: 1px solid #b9c1cf; border-radius: var(--radius); background: #fff; width: 100%; max-width: 28rem;
}
input:focus, select:focus { border-color: var(--accent); }
fieldset { border: 0; padding: 0; margin: 0; }
.filters .field:has(input.search) { flex: 1 1 100%; }
.filters input.search { width: 100%; }
.filters .check { display: flex; gap: .4rem; align-items: center; font-weight: 400; padding-bottom: .6rem; }
.filters .check input { width: auto; min-width: 0; margin: 0; }
.list-head { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; margin: 0 0 .75rem; }
.list-head .total { margin: 0; font-weight: 600; }
.checks { display: flex; gap: 1.25rem; margin-top: .35rem; }
.checks label { font-weight: 400; display: flex; gap: .4rem; align-items: center; }
.filters { display: flex; flex-wrap: wrap; gap: .85rem; align-items: flex-end; background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem; margin: 0 0 1rem; }
.filters .field { gap: .2rem; }
.filters select, .filters input { width: auto; min-width: 9rem; }
.button, button.primary, button.danger, button.secondary {
  display: inline-block; font: inherit; font-weight: 600; padding: .5rem 1rem; border-radius: var(--radius); border: 1px solid transparent; cursor: pointer; text-decoration: none; line-height: 1.3;
}
button.primary, .button.primary { background: var(--accent); color: #fff; }
button.primary:hover, .button.primary:hover { background: var(--accent-dark); color: #fff; }
button.danger, .button.danger { background: var(--bad); color: #fff; }
button.danger:hover, .button.danger:hover { background: #8f1d17; color: #fff; }
button.secondary, .button.secondary { background: #fff; color: var(--ink); border-color: #b9c1cf; }
button.secondary:hover, .button.secondary:hover { background: var(--soft); color: var(--ink); }
.button.small, button.small { padding: .25rem .6rem; font-size: .85rem; }
.row { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
.row.tight { gap: .4rem; }
.spaced { margin-top: 1.5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.pager { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin: 1rem 0; font-size: .92rem; }
.pager .links { display: flex; gap: .5rem; }
.pager [aria-disabled="true"] { color: var(--muted); pointer-events: none; border-color: var(--line); }

.secret { display: flex; gap: .5rem; align-items: stretch; flex-wrap: wrap; }
.secret code { flex: 1; background: #10151f; color: #e8ecf3; padding: .65rem .85rem; border-radius: var(--radius); font-size: .95rem; overflow-wrap: anywhere; }
pre.snippet { background: #10151f; color: #e8ecf3; padding: .85rem 1rem; border-radius: var(--radius); overflow-x: auto; margin: .35rem 0 0; line-height: 1.45; }
section.card.stack { display: grid; gap: .85rem; }
section.card.stack > h2 { margin: 0; }
section.card.stack > p { margin: 0; }
pre.codes { margin: 0; font-size: 1.05rem; line-height: 1.6; }
img.qr { display: block; background: #fff; }
.snippet-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin-top: 1rem; }
.snippet-head h3 { margin: 0; }
.copy[hidden] { display: none; }

iframe.body { width: 100%; height: 480px; border: 1px solid var(--line); border-radius: var(--radius); background: #fff; }
details.source summary { cursor: pointer; color: var(--accent); margin: .75rem 0 .35rem; }
details.source pre { background: var(--soft); border: 1px solid var(--line); padding: .75rem; border-radius: var(--radius); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; }
.thumb { max-width: 320px; max-height: 200px; border: 1px solid var(--line); border-radius: var(--radius); display: block; margin-top: .5rem; }

.diff { background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; font-family: var(--mono); font-size: .85rem; }
.diff div { padding: .15rem .75rem .15rem 2rem; white-space: pre-wrap; overflow-wrap: anywhere; position: relative; }
.diff div::before { position: absolute; left: .7rem; color: var(--muted); }
.diff .del { background: var(--bad-soft); }
.diff .del::before { content: "−"; color: var(--bad); }
.diff .ins { background: var(--ok-soft); }
.diff .ins::before { content: "+"; color: var(--ok); }
.diff.prose { font-family: inherit; font-size: .95rem; line-height: 1.55; }
.view-switch { align-items: center; gap: .5rem 1rem; }
.diff .gap { color: var(--muted); background: var(--soft); font-style: italic; }
.diff del { background: #f6c4c0; text-decoration: line-through; }
.diff ins { background: #b9e6c9; text-decoration: none; }
.change { display: grid; grid-template-columns: 9rem 1fr; gap: .5rem 1rem; margin: 0; }
.change dt { font-weight: 600; }
.change dd { margin: 0; overflow-wrap: anywhere; }

th a.sort { color: inherit; text-decoration: none; }
th a.sort:hover { color: var(--accent-dark); text-decoration: underline; }
th[aria-sort] { color: var(--ink); }
.up { color: var(--ok); }
.down { color: var(--bad); }
.report-brand { display: flex; align-items: center; gap: .75rem; margin: 0 0 .5rem; color: var(--muted); font-size: .85rem; text-transform: uppercase; letter-spacing: .05em; }
.report-brand img { max-height: 40px; max-width: 160px; }
.brand-preview { background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem; }
.brand-preview .report-brand { margin: 0; }
.report-picker input[type=month] { font: inherit; padding: .45rem .6rem; border: 1px solid #b9c1cf; border-radius: var(--radius); }
.downloads { margin: 0 0 1rem; }
.chart-box { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: .75rem; }
img.chart { display: block; width: 100%; max-width: 760px; height: auto; }
.chart-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 1.25rem; }
.chart-pair img.chart { max-width: 480px; }
td.wrap { overflow-wrap: anywhere; }
input[type=file] { font: inherit; max-width: 28rem; }

footer.foot { max-width: 1180px; margin: 0 auto; padding: 0 1.25rem 2rem; color: var(--muted); font-size: .85rem; }
@media (max-width: 720px) {
  .top-inner { padding: .6rem 1.25rem; gap: .5rem 1rem; }
  .nav { flex-basis: 100%; order: 1; margin: 0 -.5rem; }
  .nav a { padding: .4rem .5rem; }
  .who { width: 100%; justify-content: space-between; }
  .change { grid-template-columns: 1fr; }
  .chart-pair { grid-template-columns: 1fr; }
  .fields { grid-template-columns: 1fr; }
  .consent .facts { grid-template-columns: 1fr; }
  .fields dt { padding-bottom: 0; }
  .fields dd { border-top: 0; padding-top: .1rem; }
  /* Tables become cards: one per row, its key column first as the card's title, every value labelled. */
  .table-wrap { overflow: visible; background: transparent; border: 0; }
  .table-wrap table, .table-wrap tbody, .table-wrap tr, .table-wrap td { display: block; }
  .table-wrap thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .table-wrap tr { background: var(--page); border: 1px solid var(--line); border-radius: var(--radius); margin: 0 0 .75rem; }
  .table-wrap td { position: relative; padding: .4rem .85rem .4rem calc(34% + .85rem); border-bottom: 0; overflow-wrap: anywhere; }
  .table-wrap td::before { content: attr(data-label); position: absolute; left: .85rem; width: calc(34% - 1.25rem); font-size: .75rem; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); padding-top: .15rem; overflow-wrap: normal; }
  .table-wrap td.key { font-weight: 600; border-bottom: 1px solid var(--line); background: var(--soft); border-radius: var(--radius) var(--radius) 0 0; }
  .table-wrap td.num { text-align: left; }
  .table-wrap td:empty { display: none; }
  /* A sortable list keeps its headings, as a row of sort links above the cards. */
  .table-wrap.sortable thead { position: static; width: auto; height: auto; overflow: visible; clip: auto; display: block; margin: 0 0 .75rem; }
  .table-wrap.sortable thead tr { display: flex; flex-wrap: wrap; gap: .25rem .9rem; }
  .table-wrap.sortable thead th { display: block; padding: .2rem 0; border: 0; background: transparent; }
  tbody tr:hover td { background: transparent; }
  .table-wrap tbody tr:hover td.key { background: var(--soft); }
}
`;

/** The article-body frame's stylesheet: readable prose, protected links marked. */
export const FRAME_STYLESHEET = `
body { font: 16px/1.6 Georgia, "Times New Roman", serif; color: #1c2433; margin: 1.25rem 1.5rem; max-width: 46rem; }
img { max-width: 100%; height: auto; }
a { color: #3346c7; }
[data-service-protected] { background: #fdf4e0; outline: 1px dashed #c99a2e; outline-offset: 1px; }
table { border-collapse: collapse; }
td, th { border: 1px solid #dfe3ea; padding: .3rem .5rem; }
pre, code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .9em; }
pre { background: #f5f7fa; padding: .75rem; overflow-x: auto; }
blockquote { border-left: 3px solid #dfe3ea; margin-left: 0; padding-left: 1rem; color: #5b6577; }
`;
