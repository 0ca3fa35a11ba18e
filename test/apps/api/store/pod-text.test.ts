import { type Pod, canonicalInt64 } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { withExactIntegers } from '../../../../apps/api/src/http/edge/exact-json';
import { type StoredPodRow, importedPodRow, podOfRow, podTextOfRow } from '../../../../apps/api/src/store/pod-record';
import { realisticCluster } from '../../../support/realistic-cluster';

/**
 * podTextOfRow writes a pod's JSON from its row, `extra` as Postgres keeps its text, the columns
 * laid into its sections' text: the pod podOfRow makes of the same row, whatever `extra` holds.
 */

/** The row a pod is stored as, read back (as Prisma reads it), at revision 7. */
function rowOf(pod: Pod): StoredPodRow {
  const row = importedPodRow(pod, {
    uid: 'u-1',
    createdAt: new Date('2026-11-29T10:00:00.250Z'),
    deletionTimestamp: null,
    deletionGracePeriodSeconds: null,
    importDigest: null,
  });
  return { ...row, revision: 7n, deletionGracePeriodSeconds: null };
}

/** The pod's JSON from its row, `extra` as Postgres keeps its text (JSON.stringify's). */
const textOf = (row: StoredPodRow, extra = JSON.stringify(row.extra)) => podTextOfRow(row, extra);

/** Written from the text, not by the fallback to the objects (which writes `extra`'s members first). */
const FROM_TEXT = '{"apiVersion":"v1","kind":"Pod"';

describe('podTextOfRow', () => {
  it('writes every pod of the realistic cluster as podOfRow makes it', () => {
    for (const pod of realisticCluster().pods as unknown as Pod[]) {
      const row = rowOf(pod);
      const text = textOf(row);
      expect(text.startsWith(FROM_TEXT)).toBe(true);
      expect(JSON.parse(text)).toEqual(podOfRow(row));
    }
  });

  it.each<[string, Pod]>([
    ['a pod of nothing but a name (empty sections, no labels)', { metadata: { name: 'bare', namespace: 'ns' } }],
    ['a pod with fields of its own beside its sections', { metadata: { name: 'odd', namespace: 'ns' }, extraField: { a: 1 } } as unknown as Pod],
    [
      'a pod whose toleration outlasts 2^53 seconds (kept exact) and whose status has only columns',
      {
        metadata: { name: 'long', namespace: 'ns', labels: { app: 'x' } },
        spec: { nodeName: 'n1', tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: canonicalInt64(2n ** 60n) }] },
        status: { phase: 'Running' },
      },
    ],
    [
      "a pod whose strings hold braces, brackets, quotes, escapes and the sections' names",
      {
        metadata: { name: 'tricky', namespace: 'ns', annotations: { 'a/b': '{"metadata":[1,{"spec":"}"}]}\\"', c: '\u001e}' } },
        spec: { containers: [{ name: 'c', image: 'x', args: ['"status":{', ']}'] }] },
        status: { message: 'spec}{metadata' },
      },
    ],
    [
      'a pod whose strings end in backslashes, one or two, before their closing quote',
      {
        metadata: { name: 'slashes', namespace: 'ns', annotations: { one: 'a\\', two: 'b\\\\', quoted: '\\"}', 'k\\': '{' } },
        spec: { containers: [{ name: 'c', image: 'x', args: ['\\', '"\\"', '}\\'] }] },
      },
    ],
  ])('%s', (_case, pod) => {
    const row = rowOf(pod);
    const text = textOf(row);
    expect(text.startsWith(FROM_TEXT)).toBe(true);
    expect(withExactIntegers(text, JSON.parse(text))).toEqual(podOfRow(row));
  });

  it('falls back to the objects where a section of `extra` is no object', () => {
    const row = rowOf({ metadata: { name: 'odd', namespace: 'ns' } });
    for (const extra of ['{"metadata":null}', '{"spec":"x","status":{}}', '{"status":[1]}']) {
      expect(JSON.parse(textOf({ ...row, extra: JSON.parse(extra) as never }, extra))).toEqual(podOfRow({ ...row, extra: JSON.parse(extra) as never }));
    }
  });
});
