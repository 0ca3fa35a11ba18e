/**
 * What the health endpoints check, by the names they report them under: `ping` (the process
 * answers: liveness), `postgres` (readiness: nothing is served without it), `redis` (reported,
 * never blocking: evictions are carried out from Postgres while it is away).
 */
export type HealthCheckName = 'ping' | 'postgres' | 'redis';

type HealthCheckStatus = 'ok' | 'failed';

/** One check's outcome; `error` (the driver's words) only for a detailed report. */
export interface CheckOutcome {
  name: HealthCheckName;
  ok: boolean;
  error?: string;
}

/**
 * The body of `GET /healthz` (kept for probes set up before /livez and /readyz): 200 with
 * `status: ok` when Postgres answers, 503 with `unavailable` otherwise; Redis is reported but
 * never makes it 503.
 */
export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<Exclude<HealthCheckName, 'ping'>, HealthCheckStatus>;
  /** Why each failed check failed: only in a detailed report, never for anonymous callers. */
  errors?: Partial<Record<HealthCheckName, string>>;
}
