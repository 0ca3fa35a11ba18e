import { describe, expect, it } from 'vitest';
import {
  type Caller,
  authorizeCluster,
  authorizeEveryCluster,
  clusterMatches,
  clusterPatternErrors,
  coversEveryCluster,
  isDNS1123Label,
  normalizedClusterPatterns,
} from '@taintgate/domain';

const key = (clusters: string[]): Caller => ({ kind: 'apiKey', id: 1n, name: 'team', role: 'operator', clusters });

describe('clusterMatches: a name, or a prefix before `*`', () => {
  it.each<[string[], string, boolean]>([
    [['*'], 'anything', true],
    [['prod'], 'prod', true],
    [['prod'], 'prod-2', false],
    [['team-*'], 'team-a', true],
    [['team-*'], 'team-', true],
    [['team-*'], 'team', false],
    [['team-*'], 'my-team-a', false],
    [['a', 'b-*'], 'b-1', true],
    [['a', 'b-*'], 'c', false],
    [[], 'default', false],
  ])('%j holds %s: %s', (patterns, name, held) => {
    expect(clusterMatches(patterns, name)).toBe(held);
  });
});

describe('clusterPatternErrors', () => {
  it.each<[string, boolean]>([
    ['prod', true],
    ['team-*', true],
    ['*', true],
    ['t*', true],
    ['Prod', false],
    ['prod-', false],
    ['te*m', false],
    ['**', false],
    ['-*', false],
    ['Team-*', false],
    ['a.b', false],
    [`${'a'.repeat(63)}*`, false],
    [`${'a'.repeat(62)}*`, true],
  ])('%s is good: %s', (pattern, good) => {
    expect(clusterPatternErrors(pattern, isDNS1123Label).length === 0).toBe(good);
  });
});

describe('normalizedClusterPatterns: as few as mean the same', () => {
  it.each<[string[], string[]]>([
    [['team-a', 'team-*'], ['team-*']],
    [
      ['team-*', 'team-a-*', 'prod'],
      ['team-*', 'prod'],
    ],
    [['prod', '*'], ['*']],
    [
      ['b', 'a', 'b'],
      ['b', 'a'],
    ],
  ])('%j → %j', (given, kept) => {
    expect(normalizedClusterPatterns(given)).toEqual(kept);
  });
});

describe('authorizeCluster and authorizeEveryCluster', () => {
  it('a key holding the cluster, or anyone with authentication off, may use it', () => {
    expect(authorizeCluster(key(['team-*']), 'team-a').ok).toBe(true);
    expect(authorizeCluster({ kind: 'anyone' }, 'prod').ok).toBe(true);
  });

  it('another cluster: 403 naming the key and the clusters it holds', () => {
    expect(authorizeCluster(key(['team-*', 'qa']), 'prod')).toEqual({
      ok: false,
      error: { reason: 'Forbidden', message: 'forbidden: API key "team" may not use cluster "prod": its clusters are team-*, qa' },
    });
  });

  it('what reaches every cluster needs `*`', () => {
    expect(coversEveryCluster(['prod', '*'])).toBe(true);
    expect(authorizeEveryCluster(key(['*']), 'create API keys').ok).toBe(true);
    const refused = authorizeEveryCluster(key(['team-*']), 'create API keys');
    expect(refused.ok ? '' : refused.error.message).toBe(
      'forbidden: API key "team" may use only clusters team-* and cannot create API keys, which reaches every cluster: a key for every cluster ("*") is needed',
    );
  });
});
