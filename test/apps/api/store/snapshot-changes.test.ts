import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import { emptyTwinMaps } from '../../../../apps/api/src/store/cluster-snapshot';
import { snapshotChangesOf } from '../../../../apps/api/src/store/snapshot-changes';

const node = (name: string, zone: string): Node => ({ metadata: { name, labels: { zone } } });
const pod = (name: string, on: string): Pod => ({ metadata: { name, namespace: 'default' }, spec: { nodeName: on } });
const noTwins = emptyTwinMaps();

describe('snapshotChangesOf: what a refresh tells its followers, before it applies the rows', () => {
  const heldNode = node('n1', 'a');
  const heldPod = pod('p1', 'n1');
  const held = { nodes: new Map([['n1', heldNode]]), pods: new Map([['default/p1', heldPod]]), twins: noTwins };

  it('a changed object with what it was; a deleted one with what it was and nothing after; in revision order', () => {
    const changedNode = node('n1', 'b');
    const changes = snapshotChangesOf(held, [{ kind: 'Pod', key: 'default/p1', revision: 7n }], [{ key: 'n1', node: changedNode, revision: 5n }], [], []);
    expect(changes).toEqual([
      { kind: 'Node', revision: 5n, before: heldNode, after: changedNode },
      { kind: 'Pod', revision: 7n, before: heldPod, after: undefined },
    ]);
  });

  it('a key deleted and written again since: the deletion of what was held, then a creation', () => {
    const again = pod('p1', 'n2');
    const changes = snapshotChangesOf(held, [{ kind: 'Pod', key: 'default/p1', revision: 3n }], [], [{ key: 'default/p1', pod: again, revision: 4n }], []);
    expect(changes).toEqual([
      { kind: 'Pod', revision: 3n, before: heldPod, after: undefined },
      { kind: 'Pod', revision: 4n, before: undefined, after: again },
    ]);
  });

  it('one made and deleted in between (a tombstone, no row, nothing held) is no change at all', () => {
    expect(snapshotChangesOf(held, [{ kind: 'Pod', key: 'default/gone', revision: 9n }], [], [], [])).toEqual([]);
  });

  it('a follower told of pods whole is told the whole pod as what it is now', () => {
    const whole: Pod = { ...pod('p1', 'n1'), status: { phase: 'Running' } };
    const [change] = snapshotChangesOf(held, [], [], [{ key: 'default/p1', pod: pod('p1', 'n1'), whole, revision: 2n }], []);
    expect(change?.after).toBe(whole);
  });
});
