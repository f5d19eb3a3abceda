import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { assertBuilt, hostedClient, listen, localClient } from '../support/mcp-client.js';
import { seedReportingAccounts, type ReportingAccounts } from '../support/mcp-fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** The prompt monthly_client_report on both agent servers, through the SDK's own client. */
describe.each([
  ['hosted (Streamable HTTP)', 'hosted'],
  ['local (stdio)', 'local'],
] as const)('the monthly_client_report prompt on the %s server', (_name, transport) => {
  let t: TestApp;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    if (transport === 'local') assertBuilt();
    t = await createTestApp();
    a = await seedReportingAccounts(t.db);
    const baseUrl = await listen(t);
    client =
      transport === 'hosted'
        ? await hostedClient(baseUrl, { Authorization: `Bearer ${a.owner.key}` })
        : await localClient({ SERVICE_API_KEY: a.owner.key, SERVICE_API_URL: baseUrl });
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('is listed with its arguments, site_id and period required', async () => {
    expect(client.getServerCapabilities()?.prompts).toBeDefined();
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'monthly_client_report',
        title: 'Draft a monthly client report',
        description: expect.stringContaining('get_report'),
        arguments: [
          { name: 'site_id', description: expect.any(String), required: true },
          { name: 'period', description: expect.any(String), required: true },
          { name: 'audience', description: expect.any(String) },
          { name: 'language', description: expect.any(String) },
        ],
      },
    ]);
  });

  it('asks the model to call get_report and take every number from its result', async () => {
    const prompt = await client.getPrompt({
      name: 'monthly_client_report',
      arguments: { site_id: String(a.siteId), period: 'last_month' },
    });
    expect(prompt.messages).toHaveLength(1);
    const [message] = prompt.messages;
    expect(message.role).toBe('user');
    const text = message.content.type === 'text' ? message.content.text : '';
    expect(text).toContain(
      `Call the tool get_report with site_id ${a.siteId} and period last_month`,
    );
    expect(text).toContain('Every number you write must be taken from that get_report result');
    expect(text).toContain('Reader: the client: a business owner');
    expect(text).toContain('Write in the website’s language');
  });

  it('writes for the audience and in the language asked for', async () => {
    const prompt = await client.getPrompt({
      name: 'monthly_client_report',
      arguments: {
        site_id: String(a.siteId),
        period: '2026-10',
        audience: 'the marketing team of Acme',
        language: 'German',
      },
    });
    const content = prompt.messages[0].content;
    const text = content.type === 'text' ? content.text : '';
    expect(text).toContain('period 2026-10');
    expect(text).toContain('Reader: the marketing team of Acme.');
    expect(text).toContain('Write in German.');
  });

  it('refuses a missing required argument or an unknown prompt with a protocol error', async () => {
    await expect(
      client.getPrompt({ name: 'monthly_client_report', arguments: { period: 'last_month' } }),
    ).rejects.toThrow(/missing site_id/);
    await expect(client.getPrompt({ name: 'weekly', arguments: {} })).rejects.toThrow(
      /Unknown prompt "weekly"/,
    );
  });
});
