import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caller } from '@taintgate/domain';
import type { ApiKeyStore } from '../../../../../apps/api/src/platform/access/api-key-store';
import type { AppConfig } from '../../../../../apps/api/src/platform/config/app-config';
import { OpenStreams, REVOCATION_CHECK_MS } from '../../../../../apps/api/src/platform/access/open-streams';

/** The streams held open for keys: ended once each when their key is revoked here, or found revoked by the periodic check. */
describe('OpenStreams', () => {
  const key = (id: bigint): Caller => ({ kind: 'apiKey', id, name: `k${id}`, role: 'viewer', clusters: ['*'] });
  let live = new Set<bigint>();
  const asked: bigint[][] = [];
  const store = { liveIds: (ids: readonly bigint[]) => (asked.push([...ids]), Promise.resolve(ids.filter((id) => live.has(id)))) } as unknown as ApiKeyStore;

  const config = { auth: { maxStreamsPerKey: 3 } } as AppConfig;

  beforeEach(() => {
    vi.useFakeTimers();
    live = new Set([1n, 2n]);
    asked.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('ends the streams of a key revoked here, once each, and no other key’s', () => {
    const streams = new OpenStreams(store, config);
    const ended: string[] = [];
    streams.hold(key(1n), () => ended.push('a'));
    streams.hold(key(1n), () => ended.push('b'));
    streams.hold(key(2n), () => ended.push('c'));
    streams.revoked(1n);
    streams.revoked(1n);
    expect(ended).toEqual(['a', 'b']);
    expect(streams.countOf(1n)).toBe(0);
    expect(streams.countOf(2n)).toBe(1);
  });

  it('a stream released of itself is not ended later; a caller of no key holds nothing', () => {
    const streams = new OpenStreams(store, config);
    const ended: string[] = [];
    const release = streams.hold(key(1n), () => ended.push('a'));
    release?.();
    streams.hold({ kind: 'anyone' }, () => ended.push('anyone'));
    streams.hold(undefined, () => ended.push('none'));
    streams.revoked(1n);
    expect(ended).toEqual([]);
  });

  it('holds no more than the limit for one key (the others are refused), and one again once one is released', () => {
    const streams = new OpenStreams(store, config);
    const releases = [1, 2, 3].map(() => streams.hold(key(1n), () => undefined));
    expect(releases.every((r) => r !== undefined)).toBe(true);
    expect(streams.hold(key(1n), () => undefined)).toBeUndefined();
    expect(streams.hold(key(2n), () => undefined)).toBeDefined();
    releases[0]?.();
    expect(streams.hold(key(1n), () => undefined)).toBeDefined();
  });

  it('looks the keys with streams up every check, and ends those no longer valid; none asked while none is open', async () => {
    const streams = new OpenStreams(store, config);
    const ended: string[] = [];
    await vi.advanceTimersByTimeAsync(REVOCATION_CHECK_MS * 2);
    expect(asked).toEqual([]);
    streams.hold(key(1n), () => ended.push('a'));
    streams.hold(key(2n), () => ended.push('c'));
    await vi.advanceTimersByTimeAsync(REVOCATION_CHECK_MS);
    expect(asked).toEqual([[1n, 2n]]);
    expect(ended).toEqual([]);
    live.delete(2n); // revoked on another replica
    await vi.advanceTimersByTimeAsync(REVOCATION_CHECK_MS);
    expect(ended).toEqual(['c']);
    streams.revoked(1n);
    await vi.advanceTimersByTimeAsync(REVOCATION_CHECK_MS * 2);
    expect(asked).toHaveLength(2);
  });
});
