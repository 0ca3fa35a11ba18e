import ipaddr from 'ipaddr.js';
import { type DomainSettings, type SummaryWording, defaultSettings, defaultZonePacing, summaryWordings } from '@taintgate/domain';
import { readFileSync } from 'node:fs';
import { AppConfig, type AuthSettings, DEFAULT_MIRROR_SYNC, type LogSettings, type TlsSettings } from './app-config';

/** Defaults that work on a developer machine with local Postgres and Redis (docs/operations.md, Configuration). */
export const CONFIG_DEFAULTS = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/taintgate',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '3000',
  HOST: '0.0.0.0',
  /** KEP-5471's Gt/Lt toleration operators (the TaintTolerationComparisonOperators gate). */
  TOLERATION_COMPARISON_OPERATORS: 'true',
  /** kube-apiserver's --default-not-ready-toleration-seconds and --default-unreachable-toleration-seconds. */
  DEFAULT_NOT_READY_TOLERATION_SECONDS: String(defaultSettings.defaultNotReadyTolerationSeconds),
  DEFAULT_UNREACHABLE_TOLERATION_SECONDS: String(defaultSettings.defaultUnreachableTolerationSeconds),
  /** Like kube-apiserver's --enable-admission-plugins: plugins off by default to turn on (names below). */
  ENABLE_ADMISSION_PLUGINS: '',
  /** The placement summary's words: current kube-scheduler's, or legacy (the taint named) for users of older clusters. */
  SCHEDULER_SUMMARY_WORDING: defaultSettings.summaryWording,
  /** Like kube-apiserver's --disable-admission-plugins: a comma-separated list of the names below. */
  DISABLE_ADMISSION_PLUGINS: '',
  /** Prefix of the BullMQ keys in Redis. */
  REDIS_PREFIX: 'taintgate',
  /** Whether this process carries out due evictions (a BullMQ worker). */
  EVICTION_WORKER: 'true',
  /** Whether this process keeps mirrors in step from their source API servers. */
  MIRROR_SYNC_WORKER: 'true',
  /** How long a replica's hold of a mirror's sync lasts unrenewed; another replica takes it over then. */
  MIRROR_SYNC_LEASE_SECONDS: String(DEFAULT_MIRROR_SYNC.leaseSeconds),
  /** The most mirrors one process syncs at once. */
  MIRROR_SYNC_MAX_CLUSTERS: String(DEFAULT_MIRROR_SYNC.maxClusters),
  /** A sync's watch's timeoutSeconds at the source: it is opened again after. */
  MIRROR_SYNC_WATCH_SECONDS: String(DEFAULT_MIRROR_SYNC.watchSeconds),
  /** A sync's watch that says nothing for this long is taken as stalled, cut and opened again. */
  MIRROR_SYNC_SILENCE_SECONDS: String(DEFAULT_MIRROR_SYNC.silenceMs / 1000),
  /** The first wait after a failed call to a source, doubled on each failure in a row up to a minute. */
  MIRROR_SYNC_BACKOFF_MS: String(DEFAULT_MIRROR_SYNC.backoffMs),
  /** Seconds between reconciler passes (and one at start). */
  EVICTION_RECONCILE_SECONDS: '10',
  /** podgc's quarantineTime: how long a node must stay missing before its pods are deleted. */
  POD_GC_QUARANTINE_SECONDS: '40',
  /** podgc's gcCheckPeriod: seconds between passes of the pod garbage collector. */
  POD_GC_PERIOD_SECONDS: '20',
  /** The largest import body: `kubectl get nodes,pods -A -o json` of 10,000 nodes and 300,000 pods prints about 3 GiB. */
  IMPORT_BODY_LIMIT_MB: '4096',
  /** The most objects one import may hold (10,000 nodes and 300,000 pods are 310,000); past it, 413. */
  IMPORT_MAX_OBJECTS: '2000000',
  /**
   * An import body at least this long (or sent in chunks, of no declared length) is read on a
   * worker thread: below it, the reading costs the event loop a moment, less than a thread's start.
   */
  IMPORT_THREAD_MIN_MB: '4',
  /** What the cluster snapshots of a replica may hold in memory (measured at each load); idle clusters are dropped beyond it. */
  SNAPSHOT_MEMORY_BUDGET_MB: '4096',
  /** A whole load of at least this many pods that the heap is not compacted after reads on a worker thread, whose heap what the reading lets go dies with. */
  SNAPSHOT_LOAD_THREAD_MIN_PODS: '20000',
  /** kube-controller-manager's --node-eviction-rate: nodes per second given the NoExecute taint in a zone. */
  NODE_EVICTION_RATE: String(defaultZonePacing.evictionRate),
  /** --secondary-node-eviction-rate: the rate in a large zone that is partially disrupted. */
  SECONDARY_NODE_EVICTION_RATE: String(defaultZonePacing.secondaryEvictionRate),
  /** --large-cluster-size-threshold: a zone with more nodes is large (smaller ones stop when partially disrupted). */
  LARGE_CLUSTER_SIZE_THRESHOLD: String(defaultZonePacing.largeClusterSizeThreshold),
  /** --unhealthy-zone-threshold: the share of not-ready nodes (more than 2) from which a zone is partially disrupted. */
  UNHEALTHY_ZONE_THRESHOLD: String(defaultZonePacing.unhealthyZoneThreshold),
  /** `on`: every request but the health checks and the docs needs an API key; `off` for local use only. */
  TAINTGATE_AUTH: 'on',
  /** A key (at least 32 characters) made an admin API key at start: the first key of a new deployment. */
  TAINTGATE_ADMIN_TOKEN: '',
  /** A token (at least 32 characters) Prometheus may scrape GET /metrics with, and nothing else; viewer keys may too. */
  TAINTGATE_METRICS_TOKEN: '',
  /** Browser origins allowed: CORS answers them, and graphql-ws accepts sockets from them (comma-separated; none by default). */
  TAINTGATE_ALLOWED_ORIGINS: '',
  /** Streams one API key may hold open on a replica (kube watches and graphql-ws sockets together); past it, 429. */
  TAINTGATE_MAX_STREAMS_PER_KEY: '100',
  /** Requests a minute one client address may send, all replicas together (429 past it); 0: no limit. */
  TAINTGATE_RATE_LIMIT_PER_ADDRESS: '12000',
  /** Requests a minute one API key may send, all replicas together (429 past it); 0: no limit. */
  TAINTGATE_RATE_LIMIT_PER_KEY: '6000',
  /** HTTPS: files of the server's certificate (chain) and private key, PEM; both or neither. kubectl sends tokens only over HTTPS. */
  TAINTGATE_TLS_CERT_FILE: '',
  TAINTGATE_TLS_KEY_FILE: '',
  /** `auto`: HTTPS with a self-signed certificate made on the first start and kept in the database, unless the files above give one; `off`: plain HTTP. */
  TAINTGATE_TLS: 'off',
  /** Names and addresses (comma-separated) the certificate TAINTGATE_TLS=auto makes is for, besides localhost, 127.0.0.1, ::1 and the machine's name. */
  TAINTGATE_TLS_HOSTS: '',
  /**
   * What webhook secrets are sealed with before they are stored (AES-256-GCM under a key derived
   * from it; at least 32 characters, e.g. `openssl rand -base64 32`); without it no webhook can be
   * registered. _PREVIOUS: the key before a rotation, which still opens what it sealed.
   */
  TAINTGATE_SECRETS_KEY: '',
  TAINTGATE_SECRETS_KEY_PREVIOUS: '',
  /** Days events, audit rows, tombstones and finished evictions are kept (0: forever). */
  RETENTION_DAYS: '30',
  /** Seconds between pruning runs. */
  RETENTION_PERIOD_SECONDS: '3600',
  /** The longest a Kubernetes API watch lasts, and how long one without timeoutSeconds does (kube-apiserver's --min-request-timeout). */
  WATCH_TIMEOUT_SECONDS: '1800',
  /** Whether this process sends webhook deliveries (a BullMQ worker). */
  WEBHOOK_WORKER: 'true',
  /** Attempts per webhook delivery before it is recorded failed. */
  WEBHOOK_MAX_ATTEMPTS: '8',
  /** Milliseconds before a delivery's second attempt; each later wait doubles (exponential backoff). */
  WEBHOOK_RETRY_DELAY_MS: '2000',
  /** Milliseconds one delivery attempt may take. */
  WEBHOOK_TIMEOUT_MS: '10000',
  /**
   * Comma-separated CIDRs webhooks may reach though they are not public addresses (10.0.0.0/8,
   * 127.0.0.1/32): every other loopback, private, link-local (cloud metadata) or unique-local
   * address is refused when a delivery connects.
   */
  TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '',
  /** Whether this process runs removal sweeps (a BullMQ worker taking one at a time). */
  SWEEP_WORKER: 'true',
  /** Worker threads a removal sweep's nodes are shared among (each holds a copy of the cluster). */
  SWEEP_THREADS: '2',
  /** MiB of heap each sweep thread may use; past it the sweep fails and the process goes on. */
  SWEEP_THREAD_MEMORY_MB: '4096',
  /** The most evicted pods a taint impact or drain plan places together (a turn of the scheduler each, on the event loop). */
  PLACE_TOGETHER_MAX_PODS: '30000',
  /**
   * A drain plan (or a node's removal) moving at least this many pods is made on a worker thread of
   * its own, over a copy of the cluster, so that other requests are answered meanwhile.
   */
  WHATIF_THREAD_MIN_PODS: '2000',
  /** MiB of heap that thread may use; past it the plan's request fails (500) and the process goes on. */
  WHATIF_THREAD_MEMORY_MB: '4096',
  /** The log's least level written: trace, debug, info, warn, error, fatal or silent. */
  TAINTGATE_LOG_LEVEL: 'info',
  /** `on`: one log line per request answered; `off` keeps the log to the service's own work (evictions, imports, outages). */
  TAINTGATE_REQUEST_LOGS: 'on',
} as const;

/** The admission steps taintgate applies to pods, by the names Kubernetes gives them. */
const ADMISSION_PLUGINS = {
  DefaultTolerationSeconds: 'defaultTolerationSeconds',
  PodTolerationRestriction: 'memoryPressureToleration',
  ExtendedResourceToleration: 'extendedResourceToleration',
  DaemonSetTolerations: 'daemonSetTolerations',
} as const satisfies Record<string, keyof DomainSettings['admission']>;

type ConfigVariable = keyof typeof CONFIG_DEFAULTS;

/**
 * Reads and checks the settings. Fails at start-up with the variable's name rather than later
 * with a connection error that hides which setting was wrong.
 *
 * `env` is a parameter, not `process.env` read inside, so tests can build a config without
 * touching the process's environment.
 */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  return new AppConfig({
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    port: readPort(env),
    host: read(env, 'HOST'),
    domain: readDomainSettings(env),
    evictions: {
      redisPrefix: readPrefix(env),
      worker: readBoolean(env, 'EVICTION_WORKER'),
      reconcileSeconds: Math.max(1, readSeconds(env, 'EVICTION_RECONCILE_SECONDS')),
    },
    podGc: {
      quarantineSeconds: readSeconds(env, 'POD_GC_QUARANTINE_SECONDS'),
      periodSeconds: Math.max(1, readSeconds(env, 'POD_GC_PERIOD_SECONDS')),
    },
    snapshots: { memoryBudgetBytes: readCount(env, 'SNAPSHOT_MEMORY_BUDGET_MB') * 2 ** 20, loadThreadMinPods: readCount(env, 'SNAPSHOT_LOAD_THREAD_MIN_PODS') },
    importBodyLimitBytes: Math.max(1, readCount(env, 'IMPORT_BODY_LIMIT_MB')) * 2 ** 20,
    importMaxObjects: Math.max(1, readCount(env, 'IMPORT_MAX_OBJECTS')),
    importThreadMinBytes: readCount(env, 'IMPORT_THREAD_MIN_MB') * 2 ** 20,
    auth: readAuthSettings(env),
    tls: readTls(env),
    tlsAuto: readTlsAuto(env),
    secretsKeys: { current: readSecretsKey(env, 'TAINTGATE_SECRETS_KEY'), previous: readSecretsKey(env, 'TAINTGATE_SECRETS_KEY_PREVIOUS') },
    retention: { days: readCount(env, 'RETENTION_DAYS'), periodSeconds: Math.max(1, readSeconds(env, 'RETENTION_PERIOD_SECONDS')) },
    watch: { timeoutSeconds: Math.max(1, readSeconds(env, 'WATCH_TIMEOUT_SECONDS')) },
    webhooks: {
      worker: readBoolean(env, 'WEBHOOK_WORKER'),
      maxAttempts: Math.max(1, readCount(env, 'WEBHOOK_MAX_ATTEMPTS')),
      retryDelayMs: readCount(env, 'WEBHOOK_RETRY_DELAY_MS'),
      timeoutMs: Math.max(1, readCount(env, 'WEBHOOK_TIMEOUT_MS')),
      allowedCidrs: readCidrs(env, 'TAINTGATE_WEBHOOK_ALLOWED_CIDRS'),
    },
    logs: readLogSettings(env),
    sweeps: {
      worker: readBoolean(env, 'SWEEP_WORKER'),
      threads: Math.max(1, readCount(env, 'SWEEP_THREADS')),
      threadMemoryMb: Math.max(256, readCount(env, 'SWEEP_THREAD_MEMORY_MB')),
    },
    mirrorSync: {
      ...DEFAULT_MIRROR_SYNC,
      worker: readBoolean(env, 'MIRROR_SYNC_WORKER'),
      leaseSeconds: Math.max(3, readSeconds(env, 'MIRROR_SYNC_LEASE_SECONDS')),
      maxClusters: readCount(env, 'MIRROR_SYNC_MAX_CLUSTERS'),
      watchSeconds: Math.max(1, readSeconds(env, 'MIRROR_SYNC_WATCH_SECONDS')),
      silenceMs: Math.max(1, readSeconds(env, 'MIRROR_SYNC_SILENCE_SECONDS')) * 1000,
      backoffMs: Math.max(10, readCount(env, 'MIRROR_SYNC_BACKOFF_MS')),
    },
    plans: {
      togetherMaxPods: Math.max(1, readCount(env, 'PLACE_TOGETHER_MAX_PODS')),
      threadMinPods: readCount(env, 'WHATIF_THREAD_MIN_PODS'),
      threadMemoryMb: Math.max(256, readCount(env, 'WHATIF_THREAD_MEMORY_MB')),
    },
    zonePacing: {
      evictionRate: readNonNegative(env, 'NODE_EVICTION_RATE'),
      secondaryEvictionRate: readNonNegative(env, 'SECONDARY_NODE_EVICTION_RATE'),
      largeClusterSizeThreshold: readCount(env, 'LARGE_CLUSTER_SIZE_THRESHOLD'),
      unhealthyZoneThreshold: readNonNegative(env, 'UNHEALTHY_ZONE_THRESHOLD'),
    },
  });
}

/** Shortest TAINTGATE_ADMIN_TOKEN taken: a guessable admin key would undo the rest. */
const MIN_ADMIN_TOKEN_LENGTH = 32;

function readAuthSettings(env: NodeJS.ProcessEnv): AuthSettings {
  const mode = read(env, 'TAINTGATE_AUTH').toLowerCase();
  if (mode !== 'on' && mode !== 'off') throw new Error(`TAINTGATE_AUTH must be on or off, got "${mode}"`);
  const adminToken = env['TAINTGATE_ADMIN_TOKEN']?.trim() ?? '';
  if (adminToken !== '' && (adminToken.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(adminToken))) {
    throw new Error(`TAINTGATE_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -base64 32\`)`);
  }
  const allowedOrigins = read(env, 'TAINTGATE_ALLOWED_ORIGINS')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!isOrigin(origin)) throw new Error(`TAINTGATE_ALLOWED_ORIGINS: "${origin}" is not an origin (scheme://host[:port], e.g. https://portal.example.com)`);
  }
  const metricsToken = env['TAINTGATE_METRICS_TOKEN']?.trim() ?? '';
  if (metricsToken !== '' && (metricsToken.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(metricsToken))) {
    throw new Error(`TAINTGATE_METRICS_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -base64 32\`)`);
  }
  const maxStreamsPerKey = Math.max(1, readCount(env, 'TAINTGATE_MAX_STREAMS_PER_KEY'));
  return {
    enabled: mode === 'on',
    adminToken: adminToken || undefined,
    metricsToken: metricsToken || undefined,
    allowedOrigins,
    maxStreamsPerKey,
    rateLimitPerAddress: readCount(env, 'TAINTGATE_RATE_LIMIT_PER_ADDRESS'),
    rateLimitPerKey: readCount(env, 'TAINTGATE_RATE_LIMIT_PER_KEY'),
  };
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

function readLogSettings(env: NodeJS.ProcessEnv): LogSettings {
  const level = read(env, 'TAINTGATE_LOG_LEVEL').toLowerCase();
  const known = LOG_LEVELS.find((l) => l === level);
  if (!known) throw new Error(`TAINTGATE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  const requests = read(env, 'TAINTGATE_REQUEST_LOGS').toLowerCase();
  if (requests !== 'on' && requests !== 'off') throw new Error(`TAINTGATE_REQUEST_LOGS must be on or off, got "${requests}"`);
  return { level: known, requestLines: requests === 'on' };
}

/** TAINTGATE_TLS=auto's names, when it is on and no certificate files are given (they win). */
function readTlsAuto(env: NodeJS.ProcessEnv): { hosts: string[] } | undefined {
  const mode = read(env, 'TAINTGATE_TLS').trim().toLowerCase();
  if (mode !== 'auto' && mode !== 'off') throw new Error(`TAINTGATE_TLS must be auto or off, got "${mode}"`);
  const hosts = read(env, 'TAINTGATE_TLS_HOSTS')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^[A-Za-z0-9.:-]+$/.test(host)) throw new Error(`TAINTGATE_TLS_HOSTS: "${host}" is not a host name or an IP address`);
  }
  if (mode === 'off' || read(env, 'TAINTGATE_TLS_CERT_FILE').trim() !== '') return undefined;
  return { hosts };
}

/** A secrets key's text: none, or at least 32 characters without spaces. */
function readSecretsKey(env: NodeJS.ProcessEnv, variable: 'TAINTGATE_SECRETS_KEY' | 'TAINTGATE_SECRETS_KEY_PREVIOUS'): string | undefined {
  const text = read(env, variable).trim();
  if (text === '') return undefined;
  if (text.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(text))
    throw new Error(`${variable} must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -base64 32\`)`);
  return text;
}

/** The certificate and key files, read now: a missing or unreadable one stops the start with its variable's name. */
function readTls(env: NodeJS.ProcessEnv): TlsSettings | undefined {
  const certFile = read(env, 'TAINTGATE_TLS_CERT_FILE').trim();
  const keyFile = read(env, 'TAINTGATE_TLS_KEY_FILE').trim();
  if (certFile === '' && keyFile === '') return undefined;
  if (certFile === '' || keyFile === '') throw new Error('TAINTGATE_TLS_CERT_FILE and TAINTGATE_TLS_KEY_FILE go together: set both for HTTPS, or neither');
  const readPem = (variable: string, file: string): Buffer => {
    try {
      const pem = readFileSync(file);
      if (!pem.includes('-----BEGIN ')) throw new Error('not PEM');
      return pem;
    } catch (error) {
      throw new Error(`${variable}: cannot read a PEM file at "${file}" (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
  };
  return { cert: readPem('TAINTGATE_TLS_CERT_FILE', certFile), key: readPem('TAINTGATE_TLS_KEY_FILE', keyFile) };
}

/** A browser's Origin: scheme, host and port, nothing else. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

function readPrefix(env: NodeJS.ProcessEnv): string {
  const value = read(env, 'REDIS_PREFIX');
  if (!/^[A-Za-z0-9_.:-]+$/.test(value)) throw new Error(`REDIS_PREFIX may hold letters, digits and _ . : - only, got "${value}"`);
  return value;
}

function readDomainSettings(env: NodeJS.ProcessEnv): DomainSettings {
  const admission = { ...defaultSettings.admission };
  const enabled = readPlugins(env, 'ENABLE_ADMISSION_PLUGINS');
  const disabled = readPlugins(env, 'DISABLE_ADMISSION_PLUGINS');
  const both = enabled.filter((name) => disabled.includes(name));
  // kube-apiserver refuses the same: a plugin cannot be both.
  if (both.length) throw new Error(`ENABLE_ADMISSION_PLUGINS and DISABLE_ADMISSION_PLUGINS both name ${both.join(', ')}`);
  for (const name of enabled) admission[ADMISSION_PLUGINS[name]] = true;
  for (const name of disabled) admission[ADMISSION_PLUGINS[name]] = false;
  return {
    tolerationComparisonOperators: readBoolean(env, 'TOLERATION_COMPARISON_OPERATORS'),
    defaultNotReadyTolerationSeconds: readSeconds(env, 'DEFAULT_NOT_READY_TOLERATION_SECONDS'),
    defaultUnreachableTolerationSeconds: readSeconds(env, 'DEFAULT_UNREACHABLE_TOLERATION_SECONDS'),
    summaryWording: readSummaryWording(env),
    admission,
  };
}

/** A comma-separated list of admission plugins, each one we know. */
function readPlugins(env: NodeJS.ProcessEnv, variable: 'ENABLE_ADMISSION_PLUGINS' | 'DISABLE_ADMISSION_PLUGINS'): (keyof typeof ADMISSION_PLUGINS)[] {
  const names = read(env, variable)
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(name in ADMISSION_PLUGINS)) throw new Error(`${variable}: unknown plugin "${name}" (known: ${Object.keys(ADMISSION_PLUGINS).join(', ')})`);
  }
  return names as (keyof typeof ADMISSION_PLUGINS)[];
}

function readSummaryWording(env: NodeJS.ProcessEnv): SummaryWording {
  const value = read(env, 'SCHEDULER_SUMMARY_WORDING').toLowerCase();
  const wording = summaryWordings.find((w) => w === value);
  if (!wording) throw new Error(`SCHEDULER_SUMMARY_WORDING must be ${summaryWordings.join(' or ')}, got "${value}"`);
  return wording;
}

function readBoolean(env: NodeJS.ProcessEnv, name: ConfigVariable): boolean {
  const value = read(env, name).toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function readSeconds(env: NodeJS.ProcessEnv, name: ConfigVariable): number {
  const value = read(env, name);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new Error(`${name} must be a whole number of seconds, got "${value}"`);
  }
  return Number(value);
}

/** A decimal number of at least 0 (a rate of 0 stops the tainting, as kube-controller-manager's does). */
function readNonNegative(env: NodeJS.ProcessEnv, name: ConfigVariable): number {
  const value = read(env, name);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value) || !Number.isFinite(Number(value))) {
    throw new Error(`${name} must be a number of at least 0, got "${value}"`);
  }
  return Number(value);
}

function readCount(env: NodeJS.ProcessEnv, name: ConfigVariable): number {
  const value = read(env, name);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

/** An unset or empty variable takes its default (compose files often write `PORT=`). */
/** A comma-separated list of CIDRs, each checked (10.0.0.0/8, fd00::/8). */
function readCidrs(env: NodeJS.ProcessEnv, name: ConfigVariable): string[] {
  const cidrs = read(env, name)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const bad = cidrs.find((cidr) => !ipaddr.isValidCIDR(cidr));
  if (bad !== undefined) throw new Error(`${name}: "${bad}" is not a CIDR (e.g. 10.0.0.0/8, 127.0.0.1/32, fd00::/8)`);
  return cidrs;
}

function read(env: NodeJS.ProcessEnv, name: ConfigVariable): string {
  const value = env[name]?.trim();
  return value ? value : CONFIG_DEFAULTS[name];
}

function readUrl(env: NodeJS.ProcessEnv, name: ConfigVariable, protocols: string[]): string {
  const value = read(env, name);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

function readPort(env: NodeJS.ProcessEnv): number {
  const value = read(env, 'PORT');
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}
