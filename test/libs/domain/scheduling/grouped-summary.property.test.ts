import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PlacementCapacity,
  addPodUsage,
  emptyNodeUsage,
  nodeClassesOf,
  nodeRoomsOf,
  placePodGrouped,
  placementSummary,
  placementSummaryGrouped,
  podResourceRequest,
  putNode,
  putRoom,
  removeNode,
  removeRoom,
  setRoomUsage,
  usageByNode,
} from '@taintgate/domain';
import { requestingPod } from '../support/arbitraries';
import {
  nodeNamed,
  nodeShape as shape,
  placementNodeNames as names,
  placementOptions as options,
  podRequests as requests,
  runningPods as running,
  sizedCluster as cluster,
  usageOfPods,
} from '../support/placement-clusters';

/**
 * The summary counted by buckets of nodes (placementSummaryGrouped) must be the summary of the
 * every-node answer (placementSummary(placePodGrouped(...))): random clusters of up to 12 nodes
 * sharing a few shapes, sizes that run out, are unknown or too large for a double, random pods and
 * pods running on the nodes; with the usage alone, with rooms built for it, and with rooms kept as
 * nodes and pods come and go.
 */

const top = fc.integer({ min: 0, max: 13 });

describe('the summary counted by buckets of nodes is the summary of the every-node answer', () => {
  it('without capacity', () => {
    fc.assert(
      fc.property(cluster, requestingPod, options, top, (nodes, pod, o, n) => {
        const classes = nodeClassesOf(nodes);
        expect(placementSummaryGrouped(pod, classes, o, undefined, n)).toEqual(placementSummary(placePodGrouped(pod, classes, o), n));
      }),
      { numRuns: 1000 },
    );
  });

  it('with capacity, from the usage alone and from rooms built for it', () => {
    fc.assert(
      fc.property(cluster, requestingPod, options, running, top, (nodes, pod, o, bound, n) => {
        const classes = nodeClassesOf(nodes);
        const usageOf = usageOfPods(bound);
        const expected = placementSummary(placePodGrouped(pod, classes, o, { usageOf }), n);
        expect(placementSummaryGrouped(pod, classes, o, { usageOf }, n)).toEqual(expected);
        expect(placementSummaryGrouped(pod, classes, o, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) }, n)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('with rooms kept as nodes are put and removed and pods come, for many pods in turn, asked after each change', () => {
    const change = fc.oneof(
      fc.tuple(fc.constantFrom(...names), shape).map(([name, s]) => ({ put: nodeNamed(name, s) })),
      fc.constantFrom(...names).map((name) => ({ remove: name })),
      fc.tuple(fc.constantFrom(...names), requests).map(([nodeName, r]) => ({
        pod: { metadata: { name: 'later', namespace: 'default' }, spec: { nodeName, containers: [{ name: 'c', resources: { requests: r } }] } },
      })),
    );
    fc.assert(
      fc.property(
        cluster,
        fc.array(change, { maxLength: 10 }),
        fc.array(requestingPod, { minLength: 1, maxLength: 3 }),
        options,
        top,
        (nodes, changes, pods, o, n) => {
          const classes = nodeClassesOf(nodes);
          const usage = usageByNode([]);
          const rooms = nodeRoomsOf(nodes, () => undefined);
          const held = new Map(nodes.map((node) => [node.metadata.name, node]));
          const capacity: PlacementCapacity = { usageOf: (name) => usage.get(name), rooms };
          const expectAsEveryNode = () => {
            const fresh = nodeClassesOf(held.values());
            for (const p of pods) {
              const expected = placementSummary(placePodGrouped(p, fresh, o, { usageOf: capacity.usageOf }), n);
              // Twice: the second from the buckets the first remembered (bucketMemo), while nothing changed.
              expect(placementSummaryGrouped(p, classes, o, capacity, n)).toEqual(expected);
              expect(placementSummaryGrouped(p, classes, o, capacity, n)).toEqual(expected);
            }
          };
          // Memos made before each change are the ones that must not go stale.
          expectAsEveryNode();
          for (const c of changes) {
            if ('put' in c) {
              putNode(classes, c.put);
              putRoom(rooms, c.put, usage.get(c.put.metadata.name));
              held.set(c.put.metadata.name, c.put);
            } else if ('remove' in c) {
              removeNode(classes, c.remove);
              removeRoom(rooms, c.remove);
              held.delete(c.remove);
            } else {
              const nodeName = c.pod.spec?.nodeName;
              usage.set(nodeName, addPodUsage(usage.get(nodeName) ?? emptyNodeUsage, podResourceRequest(c.pod)));
              setRoomUsage(rooms, held.get(nodeName), usage.get(nodeName));
            }
            expectAsEveryNode();
          }
        },
      ),
      { numRuns: 500 },
    );
    // 500 runs of many pods each: 8-14 s alone, more beside two other test workers.
  }, 60_000);
});
