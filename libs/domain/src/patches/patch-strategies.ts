/**
 * The strategic-merge-patch metadata of the core/v1 types reachable from Node and Pod: the Go
 * struct tags `patchStrategy:"merge"` / `patchMergeKey:"..."` of k8s.io/api/core/v1/types.go
 * (and ObjectMeta's in k8s.io/apimachinery/pkg/apis/meta/v1/types.go), as read at k8s.io/api
 * 10b39a39b. apimachinery finds them by reflection on the Go types; we have no Go types, so the
 * table lists, per struct, the fields that carry a tag or lead to a struct that does.
 *
 * A field not listed has no strategy: a list is replaced whole (NodeSpec.taints,
 * PodSpec.tolerations, PodStatus.containerStatuses), a map is merged key by key, with null
 * deleting (labels, annotations, nodeSelector, resources.limits).
 */

/** `merge` merges lists (by mergeKey, or as sets of scalars); `retainKeys` lets `$retainKeys` clear the keys it does not name. */
type Strategy = 'merge' | 'retainKeys' | 'replace';

interface PatchField {
  /** As the tag lists them: `patchStrategy:"merge,retainKeys"` is ['merge', 'retainKeys']. */
  readonly strategies?: readonly Strategy[];
  /** The key that identifies an element of a list of objects (`patchMergeKey`). */
  readonly mergeKey?: string;
  /** The struct a field (or a list's element) is, when it has tagged fields of its own. */
  readonly of?: string;
}

/** Struct name -> JSON field name -> its patch metadata. */
export type PatchSchemaTable = Readonly<Record<string, Readonly<Record<string, PatchField>>>>;

/** A schema and the struct a document is at its root. */
export interface PatchSchema {
  readonly types: PatchSchemaTable;
  readonly root: string;
}

const mergeBy = (mergeKey: string, of?: string): PatchField =>
  of === undefined ? { strategies: ['merge'], mergeKey } : { strategies: ['merge'], mergeKey, of };

/** Container's fields, and EphemeralContainerCommon's (inlined into EphemeralContainer): the same tags. */
const containerFields: Record<string, PatchField> = {
  ports: mergeBy('containerPort'),
  env: mergeBy('name'),
  volumeMounts: mergeBy('mountPath'),
  volumeDevices: mergeBy('devicePath'),
};

export const coreV1PatchSchema: PatchSchemaTable = {
  Node: { metadata: { of: 'ObjectMeta' }, spec: { of: 'NodeSpec' }, status: { of: 'NodeStatus' } },
  Pod: { metadata: { of: 'ObjectMeta' }, spec: { of: 'PodSpec' }, status: { of: 'PodStatus' } },
  ObjectMeta: {
    finalizers: { strategies: ['merge'] },
    ownerReferences: mergeBy('uid'),
  },
  // taints: no tag, replaced whole (what `kubectl taint` relies on: it sends the whole new list).
  NodeSpec: { podCIDRs: { strategies: ['merge'] } },
  NodeStatus: { conditions: mergeBy('type'), addresses: mergeBy('type') },
  // tolerations, readinessGates, resourceClaims' elements' fields: no tag.
  PodSpec: {
    volumes: { strategies: ['merge', 'retainKeys'], mergeKey: 'name', of: 'Volume' },
    initContainers: mergeBy('name', 'Container'),
    containers: mergeBy('name', 'Container'),
    ephemeralContainers: mergeBy('name', 'EphemeralContainer'),
    imagePullSecrets: mergeBy('name'),
    hostAliases: mergeBy('ip'),
    // The tag's merge key is topologyKey alone (whenUnsatisfiable joins it only as a listMapKey for server-side apply).
    topologySpreadConstraints: mergeBy('topologyKey'),
    schedulingGates: mergeBy('name'),
    resourceClaims: { strategies: ['merge', 'retainKeys'], mergeKey: 'name' },
    evictionResponders: mergeBy('name'),
  },
  Container: containerFields,
  EphemeralContainer: containerFields,
  // VolumeSource is inlined into Volume; an ephemeral volume's claim template carries an ObjectMeta.
  Volume: { ephemeral: { of: 'EphemeralVolumeSource' } },
  EphemeralVolumeSource: { volumeClaimTemplate: { of: 'PersistentVolumeClaimTemplate' } },
  PersistentVolumeClaimTemplate: { metadata: { of: 'ObjectMeta' } },
  PodStatus: {
    conditions: mergeBy('type'),
    hostIPs: mergeBy('ip'),
    podIPs: mergeBy('ip'),
    resourceClaimStatuses: { strategies: ['merge', 'retainKeys'], mergeKey: 'name' },
    nodeAllocatableResourceClaimStatuses: mergeBy('resourceClaimName', 'NodeAllocatableResourceClaimStatus'),
    // Untagged lists (replaced whole), listed for the tags of their elements.
    initContainerStatuses: { of: 'ContainerStatus' },
    containerStatuses: { of: 'ContainerStatus' },
    ephemeralContainerStatuses: { of: 'ContainerStatus' },
    volumeHealth: { of: 'PodVolumeHealth' },
  },
  ContainerStatus: { volumeMounts: mergeBy('mountPath'), allocatedResourcesStatus: mergeBy('name') },
  PodVolumeHealth: { healthConditions: mergeBy('status') },
  NodeAllocatableResourceClaimStatus: { mapping: mergeBy('name'), overhead: mergeBy('name') },
};

/** The schema of a Node or a Pod document. */
export const coreV1Schema = (kind: 'Node' | 'Pod'): PatchSchema => ({ types: coreV1PatchSchema, root: kind });

/** What mergeMap needs of a field: the other strategy than retainKeys, the merge key, and the struct below it. */
export interface FieldPatchMeta {
  /** 'merge', 'replace' or '' (none): extractRetainKeysPatchStrategy's second result. */
  readonly strategy: string;
  readonly mergeKey: string;
  /** The struct of the field's value (or list element); undefined where no tag lies below. */
  readonly type: string | undefined;
}

/**
 * LookupPatchMetadataForStruct / ForSlice. A field we do not list is a field with no tags: where
 * apimachinery would fail on a field its Go struct lacks ("unable to find api field"), we merge it
 * by the defaults, as the typed decode that follows would drop it anyway.
 */
export function lookupField(types: PatchSchemaTable, type: string | undefined, key: string): FieldPatchMeta {
  const fields = type !== undefined && Object.hasOwn(types, type) ? types[type] : undefined;
  const field = fields !== undefined && Object.hasOwn(fields, key) ? fields[key] : undefined;
  const others = (field?.strategies ?? []).filter((s) => s !== 'retainKeys');
  return { strategy: others[0] ?? '', mergeKey: field?.mergeKey ?? '', type: field?.of };
}
