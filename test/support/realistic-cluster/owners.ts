import { frozen, type JsonObject } from './json';
import type { NodePlan } from './node-layout';
import { nodeUid } from './node-object';
import type { PodOwner } from './pod-types';
import { IdKind, randomStream, templateHash, uuid } from './random';
import { sortedRecord } from './sorted';

/**
 * The controllers behind the pods: one PodOwner (labels, ownerReference) per DaemonSet,
 * ReplicaSet or Job, made once and shared by all its pods. Uids are numbered in the order the
 * owners are first asked for, which the plan fixes.
 */
export class OwnerRegistry {
  private readonly owners = new Map<string, PodOwner>();
  private next = 0;
  private mirrorLabels: JsonObject | undefined;

  constructor(private readonly seed: number) {}

  private once(key: string, make: (uid: string, hash: string) => PodOwner): PodOwner {
    let owner = this.owners.get(key);
    if (owner === undefined) {
      const number = this.next++;
      owner = frozen(make(uuid(this.seed, IdKind.owner, number), templateHash(randomStream(this.seed, 0x4000000 + number))));
      this.owners.set(key, owner);
    }
    return owner;
  }

  private static reference(apiVersion: string, kind: string, name: string, uid: string): JsonObject[] {
    return [{ apiVersion, blockOwnerDeletion: true, controller: true, kind, name, uid }];
  }

  daemonSet(name: string, labels: Readonly<Record<string, string>>, generation: number): PodOwner {
    return this.once(`ds/${name}`, (uid, hash) => ({
      generateName: `${name}-`,
      labels: sortedRecord([...Object.entries(labels), ['controller-revision-hash', hash], ['pod-template-generation', String(generation)]]),
      ownerReferences: OwnerRegistry.reference('apps/v1', 'DaemonSet', name, uid),
    }));
  }

  /** The Deployment's current ReplicaSet, named after the pod template's hash. */
  replicaSet(namespace: string, deployment: string, labels: Readonly<Record<string, string>>): PodOwner {
    return this.once(`rs/${namespace}/${deployment}`, (uid, hash) => ({
      generateName: `${deployment}-${hash}-`,
      labels: sortedRecord([...Object.entries(labels), ['pod-template-hash', hash]]),
      ownerReferences: OwnerRegistry.reference('apps/v1', 'ReplicaSet', `${deployment}-${hash}`, uid),
    }));
  }

  job(namespace: string, name: string, labels: Readonly<Record<string, string>>): PodOwner {
    return this.once(`job/${namespace}/${name}`, (uid) => ({
      generateName: `${name}-`,
      labels: sortedRecord([
        ...Object.entries(labels),
        ['batch.kubernetes.io/controller-uid', uid],
        ['batch.kubernetes.io/job-name', name],
        ['controller-uid', uid],
        ['job-name', name],
      ]),
      ownerReferences: OwnerRegistry.reference('batch/v1', 'Job', name, uid),
      tracksCompletion: true,
    }));
  }

  /** A static pod's mirror: owned by its Node, and no blockOwnerDeletion. */
  mirror(node: NodePlan, labels: Readonly<Record<string, string>>): PodOwner {
    this.mirrorLabels ??= frozen(sortedRecord(Object.entries(labels)));
    return {
      labels: this.mirrorLabels,
      mirror: true,
      ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: node.name, uid: nodeUid(this.seed, node) }],
    };
  }

  bare(labels: Readonly<Record<string, string>>): PodOwner {
    return frozen({ labels: sortedRecord(Object.entries(labels)) });
  }
}
