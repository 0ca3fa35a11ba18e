import { describe, expect, it } from 'vitest';
import { type Pod, nodePodFacts, podKinds } from '@taintgate/domain';
import { TERMINAL, TERMINATING } from '../../../../libs/domain/src/eviction/node-pod-facts';

/** nodePodFacts: what taint impact's summary reads of one node's pods, packed by place. */

const pod = (name: string, phase: string, more: Partial<Pod['metadata']> = {}, tolerations: NonNullable<Pod['spec']>['tolerations'] = []): Pod => ({
  metadata: { name, namespace: 'default', ...more },
  spec: { nodeName: 'n1', containers: [{ name: 'c' }], tolerations },
  status: { phase },
});

describe('nodePodFacts', () => {
  const running = pod('running', 'Running');
  const terminating = pod('terminating', 'Running', { deletionTimestamp: '2026-11-29T00:00:00Z' });
  const succeeded = pod('succeeded', 'Succeeded');
  const failedAndDeleted = pod('failed', 'Failed', { deletionTimestamp: '2026-11-29T00:00:00Z' });
  const tolerant = pod('tolerant', 'Running', {}, [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }]);

  it.each([
    ['a running pod: neither bit (isTerminating nor isTerminal)', running, 0],
    ['a pod with a deletionTimestamp: TERMINATING', terminating, TERMINATING],
    ['a pod that succeeded: TERMINAL', succeeded, TERMINAL],
    ['a failed pod being deleted: both', failedAndDeleted, TERMINATING | TERMINAL],
  ])('%s', (_, p, flags) => {
    expect(nodePodFacts([p], podKinds()).flags[0]).toBe(flags);
  });

  it("keeps the node's pods in their order, each with its kind: pods alike share one, others do not", () => {
    const kinds = podKinds();
    const facts = nodePodFacts(new Set([running, tolerant, succeeded]).values(), kinds);
    expect(facts.pods).toEqual([running, tolerant, succeeded]);
    expect(facts.kinds[0]).toBe(kinds.of(running));
    expect(facts.kinds[2]).toBe(facts.kinds[0]);
    expect(facts.kinds[1]).not.toBe(facts.kinds[0]);
    expect(facts.kinds[1]?.tolerations).toEqual(tolerant.spec?.tolerations);
  });
});
