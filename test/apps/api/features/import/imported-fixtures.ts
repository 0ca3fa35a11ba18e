import { type Node, type Pod, decisionPodOf, defaultSettings } from '@taintgate/domain';
import type { BodyPosition } from '../../../../../apps/api/src/features/import/import-body';
import type { ImportSoFar, ObjectOutcome } from '../../../../../apps/api/src/features/import/import-outcomes';
import { importDigestOf } from '../../../../../apps/api/src/features/import/imported-pod';
import { importedNodeRow, nodeOfImportedRow } from '../../../../../apps/api/src/store/node-record';
import { importedPodRow, podOfImportedRow } from '../../../../../apps/api/src/store/pod-record';

/** A node and a pod as kubectl prints them, as a first import stored them, and what an import knows when it reads one (imported-object and imported-pod tests). */

export const NOW = Date.parse('2026-03-01T12:00:00Z');
export const NEW_UID = '00000000-0000-4000-8000-000000000001';
export const STORED_UID = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
export const POD_UID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const at: BodyPosition = { document: 0, item: 3, offset: 120, line: 9 };
export const where = 'document 0, item 3 (line 9, byte 120)';

export const sentNode = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'n1', uid: STORED_UID, creationTimestamp: '2026-01-10T08:00:00Z', labels: { zone: 'a' } },
  spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
};
export const sentPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'shop', uid: POD_UID, creationTimestamp: '2026-02-01T08:00:00Z' },
  spec: {
    nodeName: 'n1',
    containers: [{ name: 'c', image: 'nginx' }],
    tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
  },
  status: { phase: 'Running' },
};

/** The objects as the cluster stored them from a first import: as its snapshot reads them back (a pod as decisions read it), and the pod's digest. */
export const storedNode: Node = nodeOfImportedRow(importedNodeRow(sentNode, { uid: STORED_UID, createdAt: new Date('2026-01-10T08:00:00Z') }, [], NOW), 5n);
const storedIdentity = { uid: POD_UID, createdAt: new Date('2026-02-01T08:00:00Z'), deletionTimestamp: null, deletionGracePeriodSeconds: null };
export const wholePod: Pod = podOfImportedRow(importedPodRow(sentPod, { ...storedIdentity, importDigest: importDigestOf(sentPod) }), 6n);
export const storedPod: Pod = decisionPodOf(wholePod);

export function soFar(
  stored: { nodes?: Node[]; pods?: Pod[] } | undefined,
  named: { nodes?: string[]; pods?: string[]; uids?: [string, string][] } = {},
  podDigests = new Map([['shop/web', importDigestOf(sentPod)]]),
): ImportSoFar {
  const nodes = stored?.nodes ?? [];
  const pods = stored?.pods ?? [];
  const uidOwners = new Map<string, string>([
    ...nodes.map((n): [string, string] => [n.metadata.uid ?? '', `Node ${n.metadata.name}`]),
    ...pods.map((p): [string, string] => [p.metadata.uid ?? '', `Pod ${p.metadata.namespace ?? 'default'}/${p.metadata.name}`]),
    ...(named.uids ?? []),
  ]);
  return {
    stored: stored && {
      nodes: new Map(nodes.map((n) => [n.metadata.name, n])),
      pods: new Map(pods.map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p])),
    },
    namedNodes: new Set(named.nodes),
    namedPods: new Set(named.pods),
    podDigests,
    namedTwins: new Set(),
    uidOwners,
    now: NOW,
    settings: defaultSettings,
    newUid: () => NEW_UID,
  };
}

export const empty = soFar(undefined);
export const stored = soFar({ nodes: [storedNode], pods: [storedPod] });
export const withMeta = <T extends { metadata: object }>(object: T, metadata: object): T => ({ ...object, metadata: { ...object.metadata, ...metadata } });

/** The outcome as the table states it: its kind and the fields that tell it. */
export function told(outcome: ObjectOutcome): Record<string, unknown> {
  switch (outcome.kind) {
    case 'rejected':
      return { rejected: outcome.rejection };
    case 'unchanged':
      return { unchanged: outcome.of, key: outcome.key, uid: outcome.uid };
    case 'node':
      return { node: outcome.key, created: outcome.created, uid: outcome.uid };
    case 'pod':
      return { pod: outcome.key, created: outcome.created, uid: outcome.uid, decides: outcome.decide?.spec?.nodeName };
    case 'twin':
      return { [outcome.of]: outcome.key, created: outcome.created, uid: outcome.uid };
    case 'skipped':
      return { skipped: `${outcome.apiVersion} ${outcome.of}` };
  }
}
