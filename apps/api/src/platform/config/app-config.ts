import type { DomainSettings, MatchOptions, ZonePacingSettings } from '@taintgate/domain';

/** The pod garbage collector (kube-controller-manager's podgc). */
export interface PodGcSettings {
  /** How long a node must stay missing before its pods are deleted (podgc's quarantineTime). */
  quarantineSeconds: number;
  /** Seconds between two passes (podgc's gcCheckPeriod). */
  periodSeconds: number;
}

export interface EvictionSettings {
  /** Prefix of every BullMQ key in Redis; replicas of one deployment share it. */
  redisPrefix: string;
  /** Run a worker that carries out due evictions in this process. */
  worker: boolean;
  /** Seconds between two passes of the reconciler that re-queues deadlines Redis lost. */
  reconcileSeconds: number;
}

export interface SecretsKeys {
  current: string | undefined;
  previous: string | undefined;
}

export interface WebhookSettings {
  /** Run a worker that sends webhook deliveries in this process. */
  worker: boolean;
  /** Attempts per delivery before it is recorded failed. */
  maxAttempts: number;
  /** BullMQ's exponential backoff: the wait after the first failed attempt, doubled after each. */
  retryDelayMs: number;
  /** How long one attempt may take, answer included. */
  timeoutMs: number;
  /** Ranges deliveries may reach though they are loopback, private, link-local...: the CIDRs of TAINTGATE_WEBHOOK_ALLOWED_CIDRS. */
  allowedCidrs: readonly string[];
}

export interface SnapshotSettings {
  /** What a replica's cluster snapshots may hold, measured at each load (SnapshotSizes), before the least recently used are dropped. */
  memoryBudgetBytes: number;
  /** A whole load of at least this many pods that the heap is not compacted after reads on a worker thread (ClusterSnapshots.loadWhole). */
  loadThreadMinPods: number;
}

export interface RetentionSettings {
  /** Events, audit rows, tombstones and finished evictions older than this many days are pruned; 0 keeps everything. */
  days: number;
  /** Seconds between two pruning runs (a BullMQ repeatable job, one replica per run). */
  periodSeconds: number;
}

/**
 * HTTPS: the server's certificate chain and private key (PEM), read from the files named at
 * start. kubectl sends a bearer token only over HTTPS, so `kubectl --token` needs it.
 */
export interface SweepSettings {
  /** Run a worker that takes removal sweeps in this process (a BullMQ worker, one sweep at a time). */
  worker: boolean;
  /** Worker threads one sweep's nodes are shared among, each with a copy of the cluster. */
  threads: number;
  /** The heap each worker thread may grow to (its old generation), in MiB: past it the thread stops and the sweep fails, the process unharmed. */
  threadMemoryMb: number;
}

/** Plans that place many pods: how many a question may place together. */
/** Mirrors kept in step from their source API servers (features/mirror-sync/). */
export interface MirrorSyncSettings {
  /** Whether this process syncs mirrors (MIRROR_SYNC_WORKER). */
  worker: boolean;
  /** How long a replica's hold of a mirror's sync lasts unrenewed: another takes it over after (MIRROR_SYNC_LEASE_SECONDS). */
  leaseSeconds: number;
  /** The most mirrors this process syncs at once (MIRROR_SYNC_MAX_CLUSTERS). */
  maxClusters: number;
  /** Items a list page asks for. */
  pageSize: number;
  /** A watch's timeoutSeconds (MIRROR_SYNC_WATCH_SECONDS): the source ends it then, and it is opened again. */
  watchSeconds: number;
  /** A watch silent this long is cut and opened again (MIRROR_SYNC_SILENCE_SECONDS). */
  silenceMs: number;
  /** How long a watch's changes are gathered into one write, and how many at most. */
  batchMs: number;
  batchEvents: number;
  /** The first wait after a failed call, doubled on each failure in a row up to maxBackoffMs (MIRROR_SYNC_BACKOFF_MS). */
  backoffMs: number;
  maxBackoffMs: number;
  /** How often a kind the source lists but does not watch is listed again. */
  pollMs: number;
}

export const DEFAULT_MIRROR_SYNC: MirrorSyncSettings = {
  worker: true,
  leaseSeconds: 15,
  maxClusters: 50,
  pageSize: 500,
  watchSeconds: 300,
  silenceMs: 90_000,
  batchMs: 100,
  batchEvents: 1000,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  pollMs: 30_000,
};

export interface PlanSettings {
  /** The most evicted pods one question places together (each a turn of the scheduler); past it, see docs/rest.md. */
  togetherMaxPods: number;
  /** A drain plan moving at least this many pods is made on a worker thread of its own, over a copy of the cluster. */
  threadMinPods: number;
  /** The heap that thread may grow to (its old generation), in MiB: past it the request fails, the process unharmed. */
  threadMemoryMb: number;
}

export interface TlsSettings {
  readonly cert: Buffer;
  readonly key: Buffer;
}

export interface WatchSettings {
  /** The longest a Kubernetes API watch lasts (a client's timeoutSeconds is cut to it), and how long one that names none does. */
  timeoutSeconds: number;
}

export interface LogSettings {
  /** The least level written (pino's names). */
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  /** One line per request answered (TAINTGATE_REQUEST_LOGS=on). */
  requestLines: boolean;
}

export interface AuthSettings {
  /** TAINTGATE_AUTH=on: API keys and roles; off lets anyone do anything (local use). */
  enabled: boolean;
  /** TAINTGATE_ADMIN_TOKEN: made an admin key at start, so that a new deployment has a first key. */
  adminToken: string | undefined;
  /** TAINTGATE_METRICS_TOKEN: a bearer token GET /metrics takes besides viewer keys, and no other route. */
  metricsToken: string | undefined;
  /** Browser origins CORS answers and graphql-ws accepts (none: no browser page of another origin may call). */
  allowedOrigins: string[];
  /** How many streams (kube watches, graphql-ws sockets) one API key may hold open on a replica. */
  maxStreamsPerKey: number;
  /** Requests a minute one client address may send, counted before its key is looked up (0: no limit). */
  rateLimitPerAddress: number;
  /** Requests a minute one API key may send, over every replica (0: no limit). */
  rateLimitPerKey: number;
}

/**
 * The service's settings, read once from the environment at start-up (see load-config.ts).
 *
 * The class doubles as the Nest injection token, so a consumer asks for `AppConfig` by type
 * and a test swaps the whole thing with `overrideProvider(AppConfig)`.
 */
export class AppConfig {
  /** Postgres connection string; `npm start` creates the database it names if it is missing. */
  readonly databaseUrl: string;
  /** Redis connection string (redis:// or rediss://). */
  readonly redisUrl: string;
  /** TCP port the HTTP server listens on; 0 picks a free one. */
  readonly port: number;
  /** Address the HTTP server binds to. */
  readonly host: string;
  /** Feature gate, admission plugins and their flags, passed to every domain decision. */
  readonly domain: DomainSettings;
  /** NoExecute evictions: the BullMQ key prefix, whether this process runs a worker, how often the reconciler looks. */
  readonly evictions: EvictionSettings;
  /** Orphaned pods: how long a node may be missing, how often the collector looks. */
  readonly podGc: PodGcSettings;
  /** The largest body an import takes (what kubectl prints for a large cluster runs to gigabytes). */
  readonly importBodyLimitBytes: number;
  /** The most objects one import's body may hold (IMPORT_MAX_OBJECTS). */
  readonly importMaxObjects: number;
  /** A body at least this long (or of no declared length) is read on a worker thread (IMPORT_THREAD_MIN_MB). */
  readonly importThreadMinBytes: number;
  /** The memory budget of the cluster snapshots a replica holds. */
  readonly snapshots: SnapshotSettings;
  /** The node lifecycle controller's pace for NoExecute taints: rates per zone and the thresholds that pick them. */
  readonly zonePacing: ZonePacingSettings;
  /** API keys and roles, and the browser origins allowed. */
  readonly auth: AuthSettings;
  /** How long history is kept. */
  readonly retention: RetentionSettings;
  /** HTTPS when set; plain HTTP otherwise. */
  readonly tls: TlsSettings | undefined;
  /** TAINTGATE_TLS=auto without a certificate given: the names TAINTGATE_TLS_HOSTS adds to the certificate made (platform/tls/auto-certificate.ts). */
  readonly tlsAuto: { hosts: string[] } | undefined;
  /** The texts of TAINTGATE_SECRETS_KEY and TAINTGATE_SECRETS_KEY_PREVIOUS, which seal stored secrets (secrets/secret-box.ts). */
  readonly secretsKeys: SecretsKeys;
  /** How long Kubernetes API watches last. */
  readonly watch: WatchSettings;
  /** Webhook deliveries: whether this process sends them, their attempts, backoff and timeout. */
  readonly webhooks: WebhookSettings;
  /** What the log holds. */
  readonly logs: LogSettings;
  /** Removal sweeps: whether this process runs them, on how many threads, with how much memory each. */
  readonly sweeps: SweepSettings;
  /** Plans that place many pods: how many one question places together. */
  readonly plans: PlanSettings;
  /** Mirrors kept in step from their sources. */
  readonly mirrorSync: MirrorSyncSettings;

  constructor(values: {
    databaseUrl: string;
    redisUrl: string;
    port: number;
    host: string;
    domain: DomainSettings;
    evictions: EvictionSettings;
    podGc: PodGcSettings;
    snapshots: SnapshotSettings;
    importBodyLimitBytes: number;
    importMaxObjects?: number;
    importThreadMinBytes?: number;
    zonePacing: ZonePacingSettings;
    auth: AuthSettings;
    retention: RetentionSettings;
    watch: WatchSettings;
    webhooks: WebhookSettings;
    logs: LogSettings;
    sweeps: SweepSettings;
    plans: PlanSettings;
    mirrorSync?: MirrorSyncSettings;
    tls?: TlsSettings | undefined;
    secretsKeys?: SecretsKeys;
    tlsAuto?: { hosts: string[] } | undefined;
  }) {
    this.databaseUrl = values.databaseUrl;
    this.redisUrl = values.redisUrl;
    this.port = values.port;
    this.host = values.host;
    this.domain = values.domain;
    this.evictions = values.evictions;
    this.podGc = values.podGc;
    this.snapshots = values.snapshots;
    this.importBodyLimitBytes = values.importBodyLimitBytes;
    this.importMaxObjects = values.importMaxObjects ?? 2_000_000;
    this.importThreadMinBytes = values.importThreadMinBytes ?? 4 * 2 ** 20;
    this.zonePacing = values.zonePacing;
    this.auth = values.auth;
    this.retention = values.retention;
    this.tls = values.tls;
    this.tlsAuto = values.tlsAuto;
    this.secretsKeys = values.secretsKeys ?? { current: undefined, previous: undefined };
    this.watch = values.watch;
    this.webhooks = values.webhooks;
    this.logs = values.logs;
    this.sweeps = values.sweeps;
    this.plans = values.plans;
    this.mirrorSync = values.mirrorSync ?? DEFAULT_MIRROR_SYNC;
  }

  /** How tolerations match taints (the comparison operators' feature gate), as every decision over stored pods takes it. */
  get matchOptions(): MatchOptions {
    return { comparisonOperators: this.domain.tolerationComparisonOperators };
  }
}
