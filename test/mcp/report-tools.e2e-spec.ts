import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { seedKey } from '../support/fixtures.js';
import {
  assertBuilt,
  callTool,
  hostedClient,
  listen,
  localClient,
  texts,
} from '../support/mcp-client.js';
import {
  loggedCalls,
  seedReportingAccounts,
  type ReportingAccounts,
} from '../support/mcp-fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** The reports' tools on both agent servers, seen by the SDK's own client. */
describe.each([
  ['hosted (Streamable HTTP)', 'hosted'],
  ['local (stdio)', 'local'],
] as const)('get_report and get_account_report on the %s server', (_name, transport) => {
  let t: TestApp;
  let baseUrl: string;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    if (transport === 'local') assertBuilt();
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    a = await seedReportingAccounts(t.db);
    baseUrl = await listen(t);
    client =
      transport === 'hosted'
        ? await hostedClient(baseUrl, { Authorization: `Bearer ${a.owner.key}` })
        : await localClient({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: baseUrl });
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  const direct = (path: string) =>
    request(t.http).get(path).set('X-API-Key', a.owner.key).expect(200);

  it('lists both among the reads, before the writes, with titles, read-only and schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_sites',
      'list_articles',
      'get_article',
      'list_backlinks',
      'get_stats',
      'get_report',
      'get_account_report',
      'update_article',
      'replace_featured_image',
    ]);
    const report = tools.find((tool) => tool.name === 'get_report')!;
    expect(report.title).toBe('Get the monthly client report of a website');
    expect(report.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(report.inputSchema).toMatchObject({
      required: ['site_id'],
      additionalProperties: false,
    });
    expect(Object.keys(report.inputSchema.properties!)).toEqual([
      'site_id',
      'period',
      'from',
      'to',
      'compare',
      'top',
    ]);
    expect(report.inputSchema.properties!.top).toMatchObject({ minimum: 1, maximum: 50 });
    const account = tools.find((tool) => tool.name === 'get_account_report')!;
    expect(account.annotations).toMatchObject({ readOnlyHint: true });
    expect(Object.keys(account.inputSchema.properties!)).toEqual([
      'period',
      'from',
      'to',
      'compare',
      'page',
      'per_page',
    ]);
  });

  it('answers get_report with the endpoint’s JSON as structured content and a short summary as text', async () => {
    const path = `/api/v1/sites/${a.siteId}/report?period=2026-10&compare=previous_year&top=3`;
    const body = (await direct(path)).body as { data: Record<string, unknown> };
    const result = await callTool(client, 'get_report', {
      site_id: a.siteId,
      period: '2026-10',
      compare: 'previous_year',
      top: 3,
    });
    expect(result.isError).toBeUndefined();
    // Computed anew for each call; everything else is the same report.
    expect(result.structuredContent).toEqual({
      data: { ...body.data, generated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const [summary, ...rest] = texts(result);
    expect(rest).toEqual([]);
    expect(summary).toContain('## Report: Acme Plumbing');
    expect(summary).toContain('Period: 2026-10-01 to 2026-10-31 (31 days, UTC)');
    expect(summary).toContain('| Articles published | 2 | +2 (new) |');
    expect(summary).toContain('| Backlinks acquired | 2 | +2 (new) |');
    expect(summary).not.toContain('"daily"');
    // A few hundred tokens at about four characters a token.
    expect(summary.length / 4).toBeLessThan(400);
  });

  it('publishes output schemas naming exactly the fields the endpoints return', async () => {
    const { tools } = await client.listTools();
    const dataSchema = (name: string) =>
      (tools.find((tool) => tool.name === name)!.outputSchema!.properties as Record<string, any>)
        .data;
    const site = (await direct(`/api/v1/sites/${a.siteId}/report?period=2026-10`)).body;
    expect(Object.keys(dataSchema('get_report').properties).sort()).toEqual(
      Object.keys(site.data).sort(),
    );
    const account = (await direct('/api/v1/report?period=2026-10')).body;
    expect(Object.keys(dataSchema('get_account_report').items.properties).sort()).toEqual(
      Object.keys(account.data[0]).sort(),
    );
  });

  it('answers get_account_report with exactly the endpoint’s JSON, and its totals as text', async () => {
    const body = (await direct('/api/v1/report?period=2026-10&per_page=1')).body;
    const result = await callTool(client, 'get_account_report', { period: '2026-10', per_page: 1 });
    expect(result.structuredContent).toEqual(body);
    const [summary, ...rest] = texts(result);
    expect(rest).toEqual([]);
    expect(summary).toContain(
      'Totals over all 2 websites: 2 articles published, 2 backlinks acquired, 1 industry, 1 local.',
    );
    expect(summary).toContain('| Acme Plumbing (site ');
    expect(summary).toContain('Call get_account_report with page=2');
  });

  it('refuses another account’s site with the same guidance as the other tools', async () => {
    const report = await callTool(client, 'get_report', { site_id: a.otherSiteId });
    const stats = await callTool(client, 'get_stats', { site_id: a.otherSiteId });
    expect(report.isError).toBe(true);
    expect(report.structuredContent).toEqual(stats.structuredContent);
    expect(report.structuredContent).toMatchObject({ error: 'site_not_found' });
    expect(texts(report)[0]).toBe(texts(stats)[0].replace('get_stats', 'get_report'));
    expect(texts(report)[0]).toContain('Call list_sites for valid ids.');
  });

  it('passes bad arguments to the API and returns its refusal in the tool’s terms', async () => {
    const compare = await callTool(client, 'get_report', { site_id: a.siteId, compare: 'last' });
    expect(compare.structuredContent).toMatchObject({
      error: 'invalid_parameter',
      details: [{ field: 'compare', message: expect.any(String) }],
    });
    const period = await callTool(client, 'get_account_report', { period: 'fortnight' });
    expect(period.structuredContent).toMatchObject({ error: 'invalid_period' });
    expect(texts(period)[0]).toContain('Call get_account_report again with one of those periods');
    const id = await callTool(client, 'get_report', { site_id: 'x' });
    expect(id.structuredContent).toMatchObject({
      error: 'invalid_parameter',
      details: [{ field: 'site_id', message: expect.any(String) }],
    });
    const format = await callTool(client, 'get_report', { site_id: a.siteId, format: 'pdf' });
    expect(format.structuredContent).toMatchObject({ error: 'invalid_parameter' });
  });

  it('counts and logs each call as an agent call of the endpoint, with the tool', async () => {
    const { key, keyId } = await seedKey(t.db, a.owner.accountId);
    const own =
      transport === 'hosted'
        ? await hostedClient(baseUrl, { Authorization: `Bearer ${key}` })
        : await localClient({ SERVICE_API_KEY: key, SERVICE_API_URL: baseUrl });
    await callTool(own, 'get_report', { site_id: a.siteId });
    await callTool(own, 'get_account_report', {});
    await callTool(own, 'get_report', { site_id: a.otherSiteId });
    await own.close();
    const rows = await loggedCalls(t, keyId);
    expect(rows.filter((row) => row.operation.includes('report'))).toEqual([
      { channel: 'mcp', operation: 'get_report', status: 200, error: null },
      { channel: 'mcp', operation: 'get_account_report', status: 200, error: null },
      { channel: 'mcp', operation: 'get_report', status: 404, error: 'site_not_found' },
    ]);
  });
});
