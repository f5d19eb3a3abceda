// Bundles the MCP Apps (mcp-apps/<name>/) into one self-contained HTML page
// each, dist/mcp-apps/<name>.html: the page's own styles and the bundled
// script inline, nothing loaded from anywhere, as the apps extension's
// restrictive content policy needs. The agent server reads the page once and
// serves it from memory (src/mcp/app/).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const APPS = ['report'];
const MARKER = '<!-- app script -->';

/** Inline script text may not close its element or open an HTML comment. */
function inlineScript(code) {
  return code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

export async function buildMcpApps() {
  mkdirSync(join(root, 'dist', 'mcp-apps'), { recursive: true });
  for (const name of APPS) {
    const folder = join(root, 'mcp-apps', name);
    const bundled = await build({
      entryPoints: [join(folder, 'main.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'warning',
    });
    const page = readFileSync(join(folder, 'index.html'), 'utf8');
    if (!page.includes(MARKER)) throw new Error(`mcp-apps/${name}/index.html has no ${MARKER}`);
    const script = `<script type="module">${inlineScript(bundled.outputFiles[0].text)}</script>`;
    writeFileSync(
      join(root, 'dist', 'mcp-apps', `${name}.html`),
      page.replace(MARKER, () => script),
    );
  }
}
