import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsWith } from '@taintgate/domain';
import { AppConfig, type LogSettings } from '../../../../../apps/api/src/platform/config/app-config';
import { loadConfig } from '../../../../../apps/api/src/platform/config/load-config';

/** The developer defaults of docs/operations.md. */
const defaults = {
  databaseUrl: 'postgresql://postgres@127.0.0.1:5432/taintgate',
  redisUrl: 'redis://127.0.0.1:6379',
  port: 3000,
  host: '0.0.0.0',
  domain: defaultSettings,
  evictions: { redisPrefix: 'taintgate', worker: true, reconcileSeconds: 10 },
  podGc: { quarantineSeconds: 40, periodSeconds: 20 },
  snapshots: { memoryBudgetBytes: 4096 * 2 ** 20, loadThreadMinPods: 20000 },
  importBodyLimitBytes: 4096 * 2 ** 20,
  // kube-controller-manager's --node-eviction-rate, --secondary-node-eviction-rate, --large-cluster-size-threshold, --unhealthy-zone-threshold
  zonePacing: { evictionRate: 0.1, secondaryEvictionRate: 0.01, largeClusterSizeThreshold: 50, unhealthyZoneThreshold: 0.55 },
  // Authentication on, no admin key seeded, no browser origin allowed.
  retention: { days: 30, periodSeconds: 3600 },
  // kube-apiserver's --min-request-timeout.
  watch: { timeoutSeconds: 1800 },
  // Webhook deliveries: sent here, 8 attempts, 2 s then doubling, 10 s each.
  webhooks: { worker: true, maxAttempts: 8, retryDelayMs: 2000, timeoutMs: 10_000, allowedCidrs: [] },
  auth: {
    enabled: true,
    adminToken: undefined as string | undefined,
    metricsToken: undefined as string | undefined,
    allowedOrigins: [] as string[],
    maxStreamsPerKey: 100,
    rateLimitPerAddress: 12000,
    rateLimitPerKey: 6000,
  },
  // Info and above, a line per request.
  logs: { level: 'info' as LogSettings['level'], requestLines: true },
  // Removal sweeps: run here, on two threads of 4 GiB each.
  sweeps: { worker: true, threads: 2, threadMemoryMb: 4096 },
  // Plans place at most 30,000 evicted pods together.
  plans: { togetherMaxPods: 30_000, threadMinPods: 2000, threadMemoryMb: 4096 },
};

describe('loadConfig', () => {
  it('falls back to the developer defaults of docs/operations.md', () => {
    expect(loadConfig({})).toEqual(new AppConfig(defaults));
  });

  // The whole configuration each time: what the variables set, and the defaults for the rest.
  it.each<[string, Record<string, string>, Partial<typeof defaults>]>([
    [
      'the domain settings: feature gate, default toleration seconds, disabled admission plugins',
      {
        TOLERATION_COMPARISON_OPERATORS: 'false',
        DEFAULT_NOT_READY_TOLERATION_SECONDS: '60',
        DEFAULT_UNREACHABLE_TOLERATION_SECONDS: '120',
        DISABLE_ADMISSION_PLUGINS: 'ExtendedResourceToleration, PodTolerationRestriction',
      },
      {
        domain: settingsWith({
          tolerationComparisonOperators: false,
          defaultNotReadyTolerationSeconds: 60,
          defaultUnreachableTolerationSeconds: 120,
          admission: { extendedResourceToleration: false, memoryPressureToleration: false },
        }),
      },
    ],
    [
      'the zone pacing of NoExecute taints',
      { NODE_EVICTION_RATE: '2', SECONDARY_NODE_EVICTION_RATE: '.5', LARGE_CLUSTER_SIZE_THRESHOLD: '3', UNHEALTHY_ZONE_THRESHOLD: '0.4' },
      { zonePacing: { evictionRate: 2, secondaryEvictionRate: 0.5, largeClusterSizeThreshold: 3, unhealthyZoneThreshold: 0.4 } },
    ],
    [
      'authentication: off, or on with an admin token and the browser origins allowed',
      { TAINTGATE_AUTH: 'OFF', TAINTGATE_ADMIN_TOKEN: ` ${'a'.repeat(32)} `, TAINTGATE_ALLOWED_ORIGINS: 'https://portal.example.com, http://localhost:5173' },
      {
        auth: {
          enabled: false,
          adminToken: 'a'.repeat(32),
          metricsToken: undefined,
          allowedOrigins: ['https://portal.example.com', 'http://localhost:5173'],
          maxStreamsPerKey: 100,
          rateLimitPerAddress: 12000,
          rateLimitPerKey: 6000,
        },
      },
    ],
    [
      'the scrape token and the log settings',
      { TAINTGATE_METRICS_TOKEN: 'm'.repeat(32), TAINTGATE_LOG_LEVEL: 'WARN', TAINTGATE_REQUEST_LOGS: 'off' },
      { auth: { ...defaults.auth, metricsToken: 'm'.repeat(32) }, logs: { level: 'warn', requestLines: false } },
    ],
    [
      'the environment, treating an empty variable as unset',
      { DATABASE_URL: 'postgres://u@db:5433/other', REDIS_URL: 'rediss://cache:6380', PORT: '8080', HOST: '' },
      { databaseUrl: 'postgres://u@db:5433/other', redisUrl: 'rediss://cache:6380', port: 8080 },
    ],
  ])('reads %s', (_what, env, read) => {
    expect(loadConfig(env)).toEqual(new AppConfig({ ...defaults, ...read }));
  });

  it("starts from kube-apiserver's default plugin set, and turns plugins on and off as --enable/--disable-admission-plugins do", () => {
    expect(loadConfig({}).domain.admission).toEqual({
      defaultTolerationSeconds: true,
      memoryPressureToleration: false,
      extendedResourceToleration: false,
      daemonSetTolerations: true,
    });
    expect(
      loadConfig({ ENABLE_ADMISSION_PLUGINS: 'PodTolerationRestriction, ExtendedResourceToleration', DISABLE_ADMISSION_PLUGINS: 'DefaultTolerationSeconds' })
        .domain.admission,
    ).toEqual({
      defaultTolerationSeconds: false,
      memoryPressureToleration: true,
      extendedResourceToleration: true,
      daemonSetTolerations: true,
    });
    expect(() => loadConfig({ ENABLE_ADMISSION_PLUGINS: 'ExtendedResourceToleration', DISABLE_ADMISSION_PLUGINS: 'ExtendedResourceToleration' })).toThrow(
      /both name ExtendedResourceToleration/,
    );
    expect(() => loadConfig({ ENABLE_ADMISSION_PLUGINS: 'AlwaysPullImages' })).toThrow(/ENABLE_ADMISSION_PLUGINS: unknown plugin "AlwaysPullImages"/);
  });

  it('reads the wording of the placement summary: current by default, legacy for older clusters', () => {
    expect(loadConfig({}).domain.summaryWording).toBe('current');
    expect(loadConfig({ SCHEDULER_SUMMARY_WORDING: 'legacy' }).domain).toEqual(settingsWith({ summaryWording: 'legacy' }));
    expect(loadConfig({ SCHEDULER_SUMMARY_WORDING: ' Legacy ' }).domain.summaryWording).toBe('legacy');
    expect(loadConfig({ SCHEDULER_SUMMARY_WORDING: 'current' }).domain.summaryWording).toBe('current');
  });

  it('names a wrong domain setting', () => {
    expect(() => loadConfig({ TOLERATION_COMPARISON_OPERATORS: 'maybe' })).toThrow(/TOLERATION_COMPARISON_OPERATORS/);
    expect(() => loadConfig({ SCHEDULER_SUMMARY_WORDING: '1.33' })).toThrow('SCHEDULER_SUMMARY_WORDING must be current or legacy, got "1.33"');
    expect(() => loadConfig({ DEFAULT_NOT_READY_TOLERATION_SECONDS: '-1' })).toThrow(/DEFAULT_NOT_READY_TOLERATION_SECONDS/);
    expect(() => loadConfig({ DISABLE_ADMISSION_PLUGINS: 'NodeRestriction' })).toThrow(/unknown plugin "NodeRestriction"/);
  });

  it('refuses authentication settings that would leave the service open by mistake', () => {
    expect(() => loadConfig({ TAINTGATE_AUTH: 'false' })).toThrow('TAINTGATE_AUTH must be on or off, got "false"');
    expect(() => loadConfig({ TAINTGATE_ADMIN_TOKEN: 'short' })).toThrow(/TAINTGATE_ADMIN_TOKEN must be at least 32 characters without spaces/);
    expect(() => loadConfig({ TAINTGATE_METRICS_TOKEN: 'short' })).toThrow(/TAINTGATE_METRICS_TOKEN must be at least 32 characters without spaces/);
    expect(() => loadConfig({ TAINTGATE_SECRETS_KEY: 'short' })).toThrow(/TAINTGATE_SECRETS_KEY must be at least 32 characters without spaces/);
    expect(() => loadConfig({ TAINTGATE_SECRETS_KEY_PREVIOUS: 'p'.repeat(31) })).toThrow(/TAINTGATE_SECRETS_KEY_PREVIOUS must be at least 32/);
    expect(loadConfig({ TAINTGATE_SECRETS_KEY: ` ${'s'.repeat(32)} ` }).secretsKeys).toEqual({ current: 's'.repeat(32), previous: undefined });
    expect(() => loadConfig({ TAINTGATE_REQUEST_LOGS: 'sometimes' })).toThrow(/TAINTGATE_REQUEST_LOGS must be on or off/);
    expect(() => loadConfig({ TAINTGATE_LOG_LEVEL: 'loud' })).toThrow(/TAINTGATE_LOG_LEVEL must be one of/);
    expect(() => loadConfig({ TAINTGATE_ADMIN_TOKEN: `${'a'.repeat(20)} ${'b'.repeat(20)}` })).toThrow(/TAINTGATE_ADMIN_TOKEN/);
    expect(() => loadConfig({ TAINTGATE_ALLOWED_ORIGINS: 'https://portal.example.com/' })).toThrow(
      'TAINTGATE_ALLOWED_ORIGINS: "https://portal.example.com/" is not an origin (scheme://host[:port], e.g. https://portal.example.com)',
    );
    expect(() => loadConfig({ TAINTGATE_ALLOWED_ORIGINS: '*' })).toThrow(/TAINTGATE_ALLOWED_ORIGINS/);
  });

  it('HTTPS: both PEM files or neither, each read at start and named when it cannot be', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-tls-'));
    try {
      const cert = path.join(dir, 'tls.crt');
      const key = path.join(dir, 'tls.key');
      writeFileSync(cert, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
      writeFileSync(key, '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n');
      expect(loadConfig({}).tls).toBeUndefined();
      expect(loadConfig({ TAINTGATE_TLS_CERT_FILE: cert, TAINTGATE_TLS_KEY_FILE: key }).tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
      expect(() => loadConfig({ TAINTGATE_TLS_CERT_FILE: cert })).toThrow(
        'TAINTGATE_TLS_CERT_FILE and TAINTGATE_TLS_KEY_FILE go together: set both for HTTPS, or neither',
      );
      expect(() => loadConfig({ TAINTGATE_TLS_CERT_FILE: cert, TAINTGATE_TLS_KEY_FILE: path.join(dir, 'missing.key') })).toThrow(
        /^TAINTGATE_TLS_KEY_FILE: cannot read a PEM file at ".*missing.key" \(ENOENT/,
      );
      writeFileSync(key, 'not a key');
      expect(() => loadConfig({ TAINTGATE_TLS_CERT_FILE: cert, TAINTGATE_TLS_KEY_FILE: key })).toThrow(
        /TAINTGATE_TLS_KEY_FILE: cannot read a PEM file at .* \(not PEM\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ NODE_EVICTION_RATE: '-0.1' })).toThrow('NODE_EVICTION_RATE must be a number of at least 0, got "-0.1"');
    expect(() => loadConfig({ SECONDARY_NODE_EVICTION_RATE: 'fast' })).toThrow(/SECONDARY_NODE_EVICTION_RATE/);
    expect(() => loadConfig({ UNHEALTHY_ZONE_THRESHOLD: '1e' })).toThrow(/UNHEALTHY_ZONE_THRESHOLD/);
    expect(() => loadConfig({ LARGE_CLUSTER_SIZE_THRESHOLD: '50.5' })).toThrow(/LARGE_CLUSTER_SIZE_THRESHOLD/);
  });
});
