import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  assertBuilt,
  callTool,
  hostedClient,
  listen,
  localClient,
  texts,
} from '../support/mcp-client.js';
import { seedReportingAccounts, type ReportingAccounts } from '../support/mcp-fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const URI = 'ui://content-api/report.html';
const MIME = 'text/html;profile=mcp-app';

/** The MCP App of get_report: linked from the tool, served as a resource by both servers. */
describe.each([
  ['hosted (Streamable HTTP)', 'hosted'],
  ['local (stdio)', 'local'],
] as const)('the report view (MCP App) on the %s server', (_name, transport) => {
  let t: TestApp;
  let a: ReportingAccounts;
  let client: Client;

  beforeAll(async () => {
    // The page is bundled by the build; both servers serve the built one.
    assertBuilt();
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

  it('links get_report, and only get_report, to the ui:// resource', async () => {
    const { tools } = await client.listTools();
    const linked = tools.filter((tool) => tool._meta !== undefined);
    expect(linked.map((tool) => [tool.name, tool._meta])).toEqual([
      ['get_report', { ui: { resourceUri: URI }, 'ui/resourceUri': URI }],
    ]);
  });

  it('lists the resource with the app mime type and a policy that allows no origin', async () => {
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      expect.objectContaining({
        uri: URI,
        name: 'report_view',
        mimeType: MIME,
        _meta: {
          ui: {
            csp: { connectDomains: [], resourceDomains: [], frameDomains: [] },
            prefersBorder: true,
          },
        },
      }),
    ]);
  });

  it('reads one self-contained HTML page: inline script and styles, nothing from elsewhere', async () => {
    const { contents } = await client.readResource({ uri: URI });
    expect(contents).toHaveLength(1);
    const [page] = contents as Array<{ uri: string; mimeType: string; text: string }>;
    expect(page.uri).toBe(URI);
    expect(page.mimeType).toBe(MIME);
    expect(page.text).toMatch(/^<!doctype html>/);
    // One inline script (the bundle); the markup and styles around it load nothing:
    // no src or href, no CSS url() or @import. The browser test watches the requests.
    const scripts = page.text.match(/<script\b[^>]*>/g);
    expect(scripts).toEqual(['<script type="module">']);
    const markup = page.text.replace(/<script type="module">[\s\S]*<\/script>/, '');
    expect(markup).not.toMatch(/\b(src|href)=/i);
    expect(markup).not.toMatch(/url\(|@import/i);
    expect(markup).toContain("connect-src 'none'");
  });

  it('refuses an unknown resource', async () => {
    await expect(client.readResource({ uri: 'ui://content-api/other.html' })).rejects.toThrow();
  });

  it('gives hosts without apps the same text result', async () => {
    const result = await callTool(client, 'get_report', { site_id: a.siteId, period: '2026-10' });
    expect(texts(result)).toHaveLength(1);
    expect(texts(result)[0]).toMatch(/^## Report: Acme Plumbing/);
  });
});
