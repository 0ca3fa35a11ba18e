import type { CheckOutcome, HealthCheckName } from './health-report';

/**
 * The plain-text answers of /livez and /readyz, as kube-apiserver writes them
 * (k8s.io/apiserver/pkg/server/healthz, handleRootHealth): `ok` when every check passes; with
 * `?verbose`, one line per check (`[+]postgres ok`) and `readyz check passed`; on a failure,
 * always every line, the failed one `[-]postgres failed: reason withheld` (the reason only for a
 * detailed answer), and `readyz check failed`. `?exclude=name` skips a check
 * (`[+]postgres excluded: ok`), and names no check excluded in a warning line.
 */
export interface HealthText {
  ok: boolean;
  body: string;
}

/** Which checks to run: every one of the endpoint's that `exclude` does not name. */
export function checksToRun(checks: readonly HealthCheckName[], exclude: readonly string[]): HealthCheckName[] {
  return checks.filter((name) => !exclude.includes(name));
}

export function healthText(
  endpoint: 'livez' | 'readyz',
  checks: readonly HealthCheckName[],
  outcomes: readonly CheckOutcome[],
  { verbose, exclude }: { verbose: boolean; exclude: readonly string[] },
): HealthText {
  const lines: string[] = [];
  for (const name of checks) {
    const outcome = outcomes.find((o) => o.name === name);
    if (!outcome) lines.push(`[+]${name} excluded: ok`);
    else if (outcome.ok) lines.push(`[+]${name} ok`);
    else lines.push(`[-]${name} failed: ${outcome.error ?? 'reason withheld'}`);
  }
  const unknown = [...new Set(exclude.filter((name) => !checks.includes(name as HealthCheckName)))];
  if (unknown.length) lines.push(`warn: some health checks cannot be excluded: no matches for ${unknown.map((n) => JSON.stringify(n)).join(',')}`);
  const ok = outcomes.every((o) => o.ok);
  if (!ok) return { ok, body: `${lines.join('\n')}\n${endpoint} check failed\n` };
  return { ok, body: verbose ? `${lines.join('\n')}\n${endpoint} check passed\n` : 'ok' };
}
