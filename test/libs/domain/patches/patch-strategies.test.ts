import { describe, expect, it } from 'vitest';
import { coreV1PatchSchema, lookupField } from '@taintgate/domain';

/** Walks a path of field names from a root struct, as mergeMap descends. */
function lookupPath(root: string, path: string[]) {
  let type: string | undefined = root;
  let meta = lookupField(coreV1PatchSchema, type, '');
  for (const key of path) {
    meta = lookupField(coreV1PatchSchema, type, key);
    type = meta.type;
  }
  return { strategy: meta.strategy, mergeKey: meta.mergeKey };
}

// k8s.io/api/core/v1/types.go struct tags (and ObjectMeta's in apimachinery's meta/v1/types.go).
describe('coreV1PatchSchema: the tags of core/v1 reachable from Node and Pod', () => {
  it.each<[string, string, string, string]>([
    ['Node', 'metadata.finalizers', 'merge', ''],
    ['Node', 'metadata.ownerReferences', 'merge', 'uid'],
    ['Node', 'metadata.labels', '', ''],
    ['Node', 'spec.taints', '', ''],
    ['Node', 'spec.podCIDRs', 'merge', ''],
    ['Node', 'status.conditions', 'merge', 'type'],
    ['Node', 'status.addresses', 'merge', 'type'],
    ['Node', 'status.images', '', ''],
    ['Pod', 'metadata.finalizers', 'merge', ''],
    ['Pod', 'spec.tolerations', '', ''],
    ['Pod', 'spec.containers', 'merge', 'name'],
    ['Pod', 'spec.initContainers', 'merge', 'name'],
    ['Pod', 'spec.ephemeralContainers', 'merge', 'name'],
    ['Pod', 'spec.containers.ports', 'merge', 'containerPort'],
    ['Pod', 'spec.containers.env', 'merge', 'name'],
    ['Pod', 'spec.containers.volumeMounts', 'merge', 'mountPath'],
    ['Pod', 'spec.containers.volumeDevices', 'merge', 'devicePath'],
    ['Pod', 'spec.containers.args', '', ''],
    ['Pod', 'spec.ephemeralContainers.env', 'merge', 'name'],
    ['Pod', 'spec.volumes', 'merge', 'name'],
    ['Pod', 'spec.volumes.ephemeral.volumeClaimTemplate.metadata.finalizers', 'merge', ''],
    ['Pod', 'spec.imagePullSecrets', 'merge', 'name'],
    ['Pod', 'spec.hostAliases', 'merge', 'ip'],
    ['Pod', 'spec.topologySpreadConstraints', 'merge', 'topologyKey'],
    ['Pod', 'spec.schedulingGates', 'merge', 'name'],
    ['Pod', 'spec.resourceClaims', 'merge', 'name'],
    ['Pod', 'spec.readinessGates', '', ''],
    ['Pod', 'status.conditions', 'merge', 'type'],
    ['Pod', 'status.podIPs', 'merge', 'ip'],
    ['Pod', 'status.hostIPs', 'merge', 'ip'],
    ['Pod', 'status.containerStatuses', '', ''],
    ['Pod', 'status.resourceClaimStatuses', 'merge', 'name'],
    ['Pod', 'status.nodeAllocatableResourceClaimStatuses.mapping', 'merge', 'name'],
  ])('%s %s: %j by %j', (root, path, strategy, mergeKey) => {
    expect(lookupPath(root, path.split('.'))).toEqual({ strategy, mergeKey });
  });

  it('an unknown field, or a name of Object.prototype, has no strategy', () => {
    expect(lookupField(coreV1PatchSchema, 'PodSpec', 'noSuchField')).toEqual({ strategy: '', mergeKey: '', type: undefined });
    expect(lookupField(coreV1PatchSchema, 'PodSpec', 'constructor')).toEqual({ strategy: '', mergeKey: '', type: undefined });
    expect(lookupField(coreV1PatchSchema, 'toString', 'x')).toEqual({ strategy: '', mergeKey: '', type: undefined });
  });
});
