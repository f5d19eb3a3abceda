#!/usr/bin/env node
// Writes the picture of src/ (from scripts/module-map.cjs) and the table of
// who owns which table (from scripts/table-owners.cjs) into CONTRIBUTING.md,
// each between its markers.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { renderTree } = require('./module-map.cjs');
const { renderTable } = require('./table-owners.cjs');

const file = join(__dirname, '..', 'CONTRIBUTING.md');

/** `text` with the section between the markers of `name` replaced by `block`. */
function withSection(text, name, block) {
  const start = `<!-- ${name}:start (npm run docs:modules writes this) -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`CONTRIBUTING.md has no ${start} … ${end} section`);
  return `${text.slice(0, from)}${start}\n\n${block}\n\n${text.slice(to)}`;
}

let text = readFileSync(file, 'utf8');
text = withSection(text, 'module-map', `\`\`\`text\n${renderTree()}\n\`\`\``);
text = withSection(text, 'table-owners', renderTable());
writeFileSync(file, text);
