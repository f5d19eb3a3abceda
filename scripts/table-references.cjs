/**
 * Finds the tables a TypeScript file's SQL names. SQL lives in string and
 * template literals, so those are what is read (a template's substitutions
 * become a placeholder): comments and code never count. A table is named
 *
 * - after a keyword that takes a relation (FROM, JOIN, INTO, UPDATE, TABLE,
 *   ANALYZE, VACUUM, …), written in capitals as all SQL here is, including
 *   each table of a list (`LOCK TABLE articles, backlinks`); or
 * - as a whole literal, for names that cannot be an English word (they hold
 *   an underscore): `'daily_edit_counts'` handed to SQL built elsewhere.
 *
 * Used by src/table-owners.spec.ts with the owners of scripts/table-owners.cjs.
 */
const ts = require('typescript');
const { TABLES } = require('./table-owners.cjs');

const KEYWORD =
  /\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?|ANALYZE|VACUUM(?:\s*\([^)]*\))?|REFERENCES|PARTITION\s+OF)\s+(?:ONLY\s+)?/g;
const RELATION = /^"?([A-Za-z_][\w$]*)"?(?:\."?([A-Za-z_][\w$]*)"?)?/;
/** After a relation: an optional lower-case alias (SQL keywords here are capitals), then a comma. */
const NEXT_IN_LIST = /^\s*(?:(?:AS\s+)?[a-z_][\w$]*\s*)?,\s*/;

const owners = TABLES.map(({ table, owner, also = [] }) => ({
  table,
  owner,
  pattern: new RegExp(`^(?:${[...(table.includes('*') ? [] : [table]), ...also].join('|')})$`),
}));

/** The entry of scripts/table-owners.cjs a relation name belongs to, if any. */
function ownerOf(name) {
  return owners.find((entry) => entry.pattern.test(name));
}

/** The string and template literals of a source text, with their line numbers. */
function literals(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, line: lineOf(node) });
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      found.push({ text: parts.join('${…}'), line: lineOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The relations named after each keyword of one literal: the first, and the rest of a list. */
function relationsIn(sql) {
  const names = [];
  for (const keyword of sql.matchAll(KEYWORD)) {
    let rest = sql.slice(keyword.index + keyword[0].length);
    for (;;) {
      const relation = RELATION.exec(rest);
      if (!relation) break;
      names.push(relation[2] === undefined ? relation[1] : `${relation[1]}.${relation[2]}`);
      rest = rest.slice(relation[0].length);
      const next = NEXT_IN_LIST.exec(rest);
      if (!next) break;
      rest = rest.slice(next[0].length);
    }
  }
  return names;
}

/**
 * Every table of scripts/table-owners.cjs that `text` (the source of
 * `fileName`) names in SQL: `{ table, owner, line, sql }`, one per literal
 * and table.
 */
function tableReferences(fileName, text) {
  const references = [];
  for (const literal of literals(fileName, text)) {
    const named = new Set(relationsIn(literal.text));
    const whole = literal.text.trim();
    if (whole.includes('_') && /^[\w.]+$/.test(whole)) named.add(whole);
    const tables = new Map();
    for (const name of named) {
      const entry =
        ownerOf(name) ?? (name.startsWith('public.') ? ownerOf(name.slice(7)) : undefined);
      if (entry) tables.set(entry.table, entry);
    }
    for (const entry of tables.values()) {
      references.push({
        table: entry.table,
        owner: entry.owner,
        line: literal.line,
        sql: literal.text.replace(/\s+/g, ' ').trim().slice(0, 120),
      });
    }
  }
  return references;
}

/** The tables a migration's SQL creates by a name written out (`CREATE TABLE accounts`). */
function createdTables(fileName, text) {
  return literals(fileName, text).flatMap((literal) =>
    [
      ...literal.text.matchAll(
        /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)\b(?!\$)/g,
      ),
    ].map((match) => match[1]),
  );
}

module.exports = { tableReferences, createdTables, ownerOf };
