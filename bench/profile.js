import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchKeys, describeDataset } from './lib/dataset.js';
import { measure } from './lib/load.js';
import { Child, serviceEnvironment } from './lib/processes.js';
import { summariseProfile } from './lib/profile-summary.js';
import { scenarios } from './lib/scenarios.js';

const USAGE = `npm run bench:profile [-- options]

Profiles the service's main thread (node --cpu-prof) under the bench load of
one scenario, on the dataset \`npm run bench\` generated, and writes the
profile (open it in Chrome DevTools or speedscope for the flame graph) and a
summary of where the time went to bench/results/.

  --scenario ID   the scenario to load (default articles-p1)
  --duration N    measured seconds (default 10)
  --connections N concurrent connections (default 32)

Run \`npm run build\` (or \`npm run bench\`) first: it profiles dist/.`;

const root = join(import.meta.dirname, '..');

async function main() {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'articles-p1' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/content_api_bench';
  const port = Number(process.env.BENCH_SERVICE_PORT ?? 3900);
  const dataset = await describeDataset(databaseUrl);
  const scenario = scenarios(dataset, new Date().toISOString().slice(0, 7)).find(
    (s) => s.id === values.scenario,
  );
  if (!scenario || scenario.method !== 'GET')
    throw new Error(`No read scenario ${values.scenario}`);

  const profileDir = join(root, 'bench/.work/profile');
  rmSync(profileDir, { recursive: true, force: true });
  // Started as the bench starts it (the shipped heap size), with the profiler on.
  const service = new Child(
    'service',
    [
      'docker/entrypoint.sh',
      process.execPath,
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
      'dist/src/main.js',
    ],
    {
      NODE_OPTIONS: '',
      ...serviceEnvironment({ port, databaseUrl, dataDir: join(root, 'bench/.work/data') }),
    },
    root,
    'sh',
  );
  let result;
  let heapSettings;
  try {
    await service.ready(`http://127.0.0.1:${port}/health/live`, 120_000);
    heapSettings = service.heapSettings();
    const options = {
      connections: Number(values.connections),
      duration: Number(values.duration),
      warmup: 2,
      keys: benchKeys(),
      databaseUrl,
    };
    result = await measure(`http://127.0.0.1:${port}`, scenario, options);
  } finally {
    await service.stop();
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('The service wrote no profile');
  const stamp = new Date().toISOString().slice(0, 16).replace(':', '');
  const base = join(root, 'bench/results', `profile-${stamp}-${scenario.id}`);
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  renameSync(join(profileDir, file), `${base}.cpuprofile`);
  const profile = JSON.parse(readFileSync(`${base}.cpuprofile`, 'utf8'));
  writeFileSync(`${base}.md`, summariseProfile(profile, scenario, result, heapSettings));
  console.log(`written ${base}.md and ${base}.cpuprofile`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
