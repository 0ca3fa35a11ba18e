import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import { JsonTexts } from '../../../../apps/api/src/store/json-texts';
import { PodBatchReader, PodBatchWriter } from '../../../../apps/api/src/store/snapshot-load-batches';
import { type DecisionParts, decisionReadOfParts } from '../../../../apps/api/src/store/pod-reads';

/**
 * A snapshot's pods read on a thread cross to the snapshot as batches (structured-cloned, as
 * postMessage sends them): the pods made of them are those the parts make here, and what pods
 * share is one object on this side too, sent once however many batches name it.
 */
describe('pod load batches', () => {
  const template = {
    metadata: { ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', uid: 'u', apiVersion: 'apps/v1', controller: true }] },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  };
  const labels = { app: 'web' };
  const conditions = [{ type: 'Ready', status: 'True' }];
  const tolerations: never[] = [];
  const nodeSelector = {};
  const columnsOf = (name: string, overrides: Partial<Extract<DecisionParts, { kind: 'columns' }>['row']> = {}): DecisionParts => {
    const row = {
      namespace: 'shop',
      name,
      uid: `uid-${name}`,
      revision: 7n,
      deletionGracePeriodSeconds: null,
      nodeName: 'n1',
      phase: 'Running',
      qosClass: 'Burstable' as const,
      labels,
      tolerations,
      nodeSelector,
      affinity: null,
      decisionSpec: template,
      ...overrides,
    };
    // As a read makes them: the status has the row's phase and QoS class.
    const status = { phase: row.phase, qosClass: row.qosClass, podIP: `10.0.0.${name.length}`, startTime: '2026-11-30T10:00:01Z', conditions };
    return { kind: 'columns', row, creationTimestamp: '2026-11-30T10:00:00Z', deletionTimestamp: null, status };
  };
  const made: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'legacy', namespace: 'kube-system' }, spec: { containers: [] } };
  const batches: DecisionParts[][] = [
    [
      columnsOf('web-a'),
      columnsOf('web-b', { nodeName: null, phase: 'Pending', deletionGracePeriodSeconds: 30n }),
      { kind: 'made', row: { namespace: 'kube-system', name: 'legacy', revision: 3n }, pod: made },
    ],
    [
      columnsOf('web-c', { affinity: { nodeAffinity: {} } }),
      // A toleration's seconds past 2^53 are a bigint, which JSON does not carry: cloned.
      columnsOf('web-d', { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 63n - 1n }] as never }),
    ],
  ];

  it('make the pods the parts make, in order, with their keys and revisions (DecisionParts to DecisionPodRead)', () => {
    const writer = new PodBatchWriter();
    const reader = new PodBatchReader();
    const texts = new JsonTexts();
    const expected = batches.flat().map((parts) => structuredClone(decisionReadOfParts(structuredClone(parts), texts)));
    for (const parts of batches) reader.read(structuredClone(writer.batchOf(parts)));
    expect(reader.reads).toEqual(expected);
    expect(reader.reads.map(({ key }) => key)).toEqual(['shop/web-a', 'shop/web-b', 'kube-system/legacy', 'shop/web-c', 'shop/web-d']);
    expect(reader.reads[4]?.pod.spec?.tolerations?.[0]?.tolerationSeconds).toBe(2n ** 63n - 1n);
    expect(reader.reads[1]?.pod.spec?.nodeName).toBeUndefined();
    expect(reader.reads[1]?.pod.metadata.deletionGracePeriodSeconds).toBe(30);
  });

  it('send each shared value once, and hold it as one object on the snapshot side', () => {
    const writer = new PodBatchWriter();
    const reader = new PodBatchReader();
    const first = structuredClone(writer.batchOf(batches[0] as DecisionParts[]));
    const second = structuredClone(writer.batchOf(batches[1] as DecisionParts[]));
    // The second batch sends only its affinity and web-d's tolerations: the rest it shares with the
    // first. Objects as their JSON, but for one JSON would not carry.
    expect(second.values).toEqual(['{"nodeAffinity":{}}', [expect.objectContaining({ tolerationSeconds: 2n ** 63n - 1n })]]);
    expect([...second.json]).toEqual([1, 0]);
    reader.read(first);
    reader.read(second);
    const [a, b, , c, d] = reader.reads.map(({ pod }) => pod);
    expect(d?.spec?.containers).toBe(c?.spec?.containers);
    expect(a?.metadata.labels).toBe(c?.metadata.labels);
    expect(a?.spec?.containers).toBe(c?.spec?.containers);
    expect(a?.metadata.ownerReferences).toBe(b?.metadata.ownerReferences);
    expect(a?.status?.conditions).toBe(c?.status?.conditions);
    // Its own: the IP.
    expect(a?.status?.podIP).toBe('10.0.0.5');
  });
});
