import { type Definitions, META_V1, QUANTITY, bool, int32, int64, list, listMap, opaque, ref, refTo, str, stringMap, strings, time } from './schema-dsl';

/** apimachinery's types: object and list metadata, Status, DeleteOptions, and the scalars (Quantity, Time). */

/** The two fields every object and list starts with. */
export const typeMeta = {
  apiVersion: str('The versioned schema of this representation of an object (v1 for the core group).'),
  kind: str('The REST resource this object represents, in CamelCase (Node, Pod).'),
};

export const metaDefinitions: Definitions = {
  [QUANTITY]: {
    description:
      'A fixed-point amount of a resource: a number with an optional suffix, binary (Ki, Mi, Gi, Ti, Pi, Ei) or decimal (m, k, M, G, T, P, E, or an exponent such as 1e3). Examples: 100m (a tenth of a CPU), 2Gi, 1.5. Written as a string; a plain number is accepted.',
    scalar: { type: 'string' },
  },
  [`${META_V1}Time`]: {
    description: 'A point in time, serialized as RFC 3339 in UTC to the second (2006-01-02T15:04:05Z).',
    scalar: { type: 'string', format: 'date-time' },
  },
  [`${META_V1}MicroTime`]: {
    description: 'A point in time with microseconds, serialized as RFC 3339 (2006-01-02T15:04:05.000000Z).',
    scalar: { type: 'string', format: 'date-time' },
  },
  [`${META_V1}FieldsV1`]: {
    description: 'The set of fields a manager owns, in the structured-merge-diff encoding; kept as written.',
    scalar: { type: 'object' },
  },
  [`${META_V1}Patch`]: {
    description: 'The body of a PATCH: a JSON Patch, a JSON merge patch or a strategic merge patch, as the Content-Type says.',
    scalar: { type: 'object' },
  },
  [`${META_V1}ObjectMeta`]: {
    description: 'Metadata every persisted object has: its name and namespace, labels and annotations, owners, and the bookkeeping the server keeps.',
    properties: {
      name: str('Unique within a namespace (or the cluster, for a cluster-scoped kind such as Node). Required when creating; cannot be changed.'),
      generateName: str('A prefix the server completes with random characters to make a unique name, when name is empty.'),
      namespace: str('The namespace of a namespaced object (Pod); empty for a cluster-scoped one (Node, Namespace).'),
      selfLink: str('Deprecated and unset.'),
      uid: str('Unique in time and space, set by the server when the object is created; read-only.'),
      resourceVersion: str('The version of the object the server stored, opaque to clients; sent back on an update for optimistic concurrency. Read-only.'),
      generation: int64('A sequence number for a specific generation of the desired state; read-only.'),
      creationTimestamp: time('When the server created the object; read-only.'),
      deletionTimestamp: time('When the object will be deleted, set once a graceful deletion has begun; read-only.'),
      deletionGracePeriodSeconds: int64('The seconds the object was given to terminate gracefully before it is removed; read-only.'),
      labels: stringMap('Key/value pairs that label selectors select on (kubectl get -l).'),
      annotations: stringMap('Key/value pairs that tools keep on the object; not selectable.'),
      ownerReferences: listMap(refTo(`${META_V1}OwnerReference`), ['uid'], 'The objects this one depends on; it is garbage collected once they are all gone.'),
      finalizers: strings('Must be empty before the object is removed from storage.', { type: 'set' }),
      managedFields: list(refTo(`${META_V1}ManagedFieldsEntry`), 'Which manager set which fields (server-side apply bookkeeping).'),
    },
  },
  [`${META_V1}OwnerReference`]: {
    description: 'An object that owns this one (a ReplicaSet owns its pods, a DaemonSet its).',
    required: ['apiVersion', 'kind', 'name', 'uid'],
    properties: {
      apiVersion: str("The owner's API version."),
      kind: str("The owner's kind."),
      name: str("The owner's name."),
      uid: str("The owner's uid."),
      controller: bool('True on the one owner that manages this object.'),
      blockOwnerDeletion: bool('Whether a foreground deletion of the owner waits until this object is gone.'),
    },
  },
  [`${META_V1}ManagedFieldsEntry`]: {
    description: 'The fields one manager set, and how.',
    properties: {
      manager: str("The manager's name."),
      operation: str('Apply or Update.'),
      apiVersion: str('The version of the object the fields are named in.'),
      time: time('When the manager last changed these fields.'),
      fieldsType: str('The encoding of fieldsV1: FieldsV1.'),
      fieldsV1: ref(`${META_V1}FieldsV1`, 'The fields, as a structured-merge-diff set.'),
      subresource: str('The subresource the fields were set through (status), or empty.'),
    },
  },
  [`${META_V1}ListMeta`]: {
    description: 'Metadata of a list.',
    properties: {
      selfLink: str('Deprecated and unset.'),
      resourceVersion: str('The version of the collection the list was read at; a watch may start from it.'),
      continue: str('Set when the list was cut at the limit asked for: send it back as ?continue= to read the rest.'),
      remainingItemCount: int64('How many items the rest of the list holds, when known.'),
    },
  },
  [`${META_V1}Status`]: {
    description: 'The result of an operation that returns no object, and every error.',
    kinds: [{ group: '', version: 'v1', kind: 'Status' }],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'),
      status: str('Success or Failure.'),
      message: str('What happened, for a person to read.'),
      reason: str('Why the operation failed, in CamelCase (NotFound, Conflict, Invalid); empty when unknown.'),
      details: ref(`${META_V1}StatusDetails`, 'More about the failure, by reason.'),
      code: int32('The HTTP status code of this answer.'),
    },
  },
  [`${META_V1}StatusDetails`]: {
    description: 'The object a Status is about and, for an invalid one, each field at fault.',
    properties: {
      name: str('The name of the object.'),
      group: str('The group of its kind.'),
      kind: str('Its kind (or resource).'),
      uid: str('Its uid, when known.'),
      causes: list(refTo(`${META_V1}StatusCause`), 'Each problem, with the field it is in.'),
      retryAfterSeconds: int32('How long to wait before retrying, when the server says.'),
    },
  },
  [`${META_V1}StatusCause`]: {
    description: 'One reason an operation failed.',
    properties: {
      reason: str('What is wrong, in CamelCase (FieldValueInvalid, FieldValueRequired).'),
      message: str('For a person to read.'),
      field: str('The field at fault, as a JSON path (spec.taints[0].effect).'),
    },
  },
  [`${META_V1}Preconditions`]: {
    description: 'What must hold of the object for a delete to go ahead.',
    properties: {
      uid: str('The uid the object must have.'),
      resourceVersion: str('The resourceVersion the object must have.'),
    },
  },
  [`${META_V1}DeleteOptions`]: {
    description: 'How to delete an object.',
    kinds: [
      { group: '', version: 'v1', kind: 'DeleteOptions' },
      { group: 'policy', version: 'v1', kind: 'DeleteOptions' },
    ],
    properties: {
      ...typeMeta,
      gracePeriodSeconds: int64(
        "Seconds a pod is given to terminate; 0 deletes at once, as does any period for a pod not scheduled or already Succeeded or Failed, and a negative one is 1. Empty: the pod's terminationGracePeriodSeconds on an eviction, at once on a DELETE.",
      ),
      preconditions: ref(`${META_V1}Preconditions`, 'Conditions the object must meet, or the delete fails with a Conflict.'),
      orphanDependents: bool('Deprecated: use propagationPolicy.'),
      propagationPolicy: str('What happens to dependents: Orphan, Background or Foreground.', ['Background', 'Foreground', 'Orphan']),
      dryRun: strings('All: the delete is checked and answered, and nothing is deleted.'),
      ignoreStoreReadErrorWithClusterBreakingPotential: bool('Deletes an object that cannot be read from storage; not supported by this server.'),
    },
  },
  [`${META_V1}WatchEvent`]: {
    description: "One change, in a watch's stream.",
    required: ['type', 'object'],
    properties: {
      type: str('ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.'),
      object: opaque('The object as it is after the change; for ERROR, a Status.'),
    },
  },
};
