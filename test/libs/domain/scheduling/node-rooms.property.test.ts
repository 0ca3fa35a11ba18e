import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPodUsage, emptyNodeUsage, nodeClassesOf, nodeRoomsOf, podResourceRequest, setRoomUsage, usageByNode } from '@taintgate/domain';
import { roomsInOrder, scalarColumn } from '../../../../libs/domain/src/scheduling/node-rooms';
import { placementNodeNames as names, podRequests as requests, sizedCluster as cluster } from '../support/placement-clusters';

/**
 * The table of rooms in name order (roomsInOrder) is changed in place as pods come
 * (setRoomUsage): after each pod it must be the table built afresh from the usage then, and still
 * the same table, so that a placement after a pod's write reads it without a pass over every room;
 * so too the columns of scalar resources (a GPU's room) made from it.
 */
describe('the table of rooms kept in place as pods come', () => {
  it('equals the table built afresh after each pod, and stays the same object', () => {
    const pod = fc.tuple(fc.constantFrom(...names, 'ghost'), requests);
    fc.assert(
      fc.property(cluster, fc.array(pod, { maxLength: 10 }), (nodes, pods) => {
        const classes = nodeClassesOf(nodes);
        const usage = usageByNode([]);
        const rooms = nodeRoomsOf(nodes, () => undefined);
        const held = new Map(nodes.map((node) => [node.metadata.name, node]));
        const table = roomsInOrder(rooms, classes);
        // A scalar resource's column, made before the pods come, is kept with the rows too.
        if (table) scalarColumn(table, 'example.com/gpu');
        for (const [nodeName, r] of pods) {
          const request = podResourceRequest({ metadata: { name: 'p' }, spec: { nodeName, containers: [{ name: 'c', resources: { requests: r } }] } });
          usage.set(nodeName, addPodUsage(usage.get(nodeName) ?? emptyNodeUsage, request));
          setRoomUsage(rooms, held.get(nodeName), usage.get(nodeName));
          expect(roomsInOrder(rooms, classes)).toBe(table);
          const afresh = roomsInOrder(
            nodeRoomsOf(nodes, (name) => usage.get(name)),
            classes,
          );
          if (afresh) scalarColumn(afresh, 'example.com/gpu');
          expect(table).toEqual(afresh);
        }
      }),
      { numRuns: 500 },
    );
  });
});
