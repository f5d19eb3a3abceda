import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { httpRequest } from './http.js';
import { editedBody } from './load.js';

/**
 * Before anything is timed, both servers answer each scenario's first
 * request and the JSON is compared: a ratio means something only when both
 * sides return the same thing. A scenario whose route the service does not
 * have yet is skipped with the reason.
 */
export async function compareAnswers(servers, key, scenarios, databaseUrl) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const checks = [];
  for (const scenario of scenarios) {
    const request =
      scenario.method === 'PUT'
        ? await editRequest(scenario, databaseUrl)
        : { path: scenario.paths[0], init: { headers } };
    if (request.init.body) request.init = { method: 'PUT', headers, body: request.init.body };
    const answers = {};
    for (const side of ['service', 'baseline']) {
      const response = await httpRequest(`${servers[side]}${request.path}`, request.init);
      answers[side] = { status: response.status, json: parse(response.body) };
    }
    checks.push({ id: scenario.id, ...verdict(scenario, answers) });
  }
  return checks;
}

function verdict(scenario, { service, baseline }) {
  if (service.status === 404 && service.json?.error === 'not_found') {
    return { skip: true, verdict: 'the service has no such route yet (404 not_found)' };
  }
  if (service.status !== 200 || baseline.status !== 200) {
    return {
      verdict: `**status differs or fails**: service ${service.status} ${service.json?.error ?? ''}, baseline ${baseline.status} ${baseline.json?.error ?? ''}`,
    };
  }
  if (scenario.method === 'PUT') return { verdict: 'both accept the edit (200)' };
  const difference = firstDifference(service.json, baseline.json, '');
  if (difference === undefined) {
    const items = Array.isArray(service.json.data)
      ? `${service.json.data.length} items`
      : 'one object';
    const total = service.json.meta ? `, total ${service.json.meta.total}` : '';
    return { verdict: `identical JSON (${items}${total})` };
  }
  return { verdict: `**answers differ** at \`${difference}\`` };
}

function firstDifference(a, b, path) {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[name], b[name], `${path}.${name}`);
      if (found !== undefined) return found;
    }
  }
  return `${path || '.'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function editRequest(scenario, databaseUrl) {
  const id = scenario.editIds[0];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT body FROM articles WHERE id = $1`, [id]);
    const body = JSON.stringify({ body: editedBody(rows[0].body, `check-${Date.now()}`) });
    return { path: `/api/v1/articles/${id}`, init: { body } };
  } finally {
    await client.end();
  }
}
