import { describe, expect, it } from 'vitest';
import type { CheckOutcome, HealthCheckName } from '../../../../../apps/api/src/features/health/health-report';
import { checksToRun, healthText } from '../../../../../apps/api/src/features/health/health-text';

// The lines kube-apiserver's healthz handler writes (k8s.io/apiserver/pkg/server/healthz).
const READYZ: HealthCheckName[] = ['ping', 'postgres'];
const ok = (name: HealthCheckName): CheckOutcome => ({ name, ok: true });
const failed = (name: HealthCheckName, error?: string): CheckOutcome => (error === undefined ? { name, ok: false } : { name, ok: false, error });
const plain = { verbose: false, exclude: [] };

describe('healthText', () => {
  it.each<[string, CheckOutcome[], { verbose: boolean; exclude: string[] }, boolean, string]>([
    ['all passing: ok', [ok('ping'), ok('postgres')], plain, true, 'ok'],
    [
      'all passing, verbose: one line per check',
      [ok('ping'), ok('postgres')],
      { verbose: true, exclude: [] },
      true,
      '[+]ping ok\n[+]postgres ok\nreadyz check passed\n',
    ],
    [
      'a failure: every line, the reason withheld',
      [ok('ping'), failed('postgres')],
      plain,
      false,
      '[+]ping ok\n[-]postgres failed: reason withheld\nreadyz check failed\n',
    ],
    [
      'a failure, detailed: the reason',
      [ok('ping'), failed('postgres', 'connect ECONNREFUSED 127.0.0.1:5432')],
      plain,
      false,
      '[+]ping ok\n[-]postgres failed: connect ECONNREFUSED 127.0.0.1:5432\nreadyz check failed\n',
    ],
    ['an excluded check', [ok('ping')], { verbose: true, exclude: ['postgres'] }, true, '[+]ping ok\n[+]postgres excluded: ok\nreadyz check passed\n'],
    [
      'an exclusion that matches nothing',
      [ok('ping'), ok('postgres')],
      { verbose: true, exclude: ['etcd', 'etcd'] },
      true,
      '[+]ping ok\n[+]postgres ok\nwarn: some health checks cannot be excluded: no matches for "etcd"\nreadyz check passed\n',
    ],
  ])('%s', (_case, outcomes, options, passed, body) => {
    expect(healthText('readyz', READYZ, outcomes, options)).toEqual({ ok: passed, body });
  });

  it('runs the checks not excluded', () => {
    expect(checksToRun(READYZ, ['postgres', 'etcd'])).toEqual(['ping']);
  });
});
