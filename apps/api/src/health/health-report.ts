/** The dependencies `GET /healthz` checks, by the name it reports them under. */
export type HealthCheckName = 'postgres' | 'redis';

type HealthCheckStatus = 'ok' | 'failed';

/** The body of `GET /healthz`: 200 when every check is ok, 503 otherwise. */
export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<HealthCheckName, HealthCheckStatus>;
  /** Why each failed check failed; absent when all are ok. */
  errors?: Partial<Record<HealthCheckName, string>>;
}
