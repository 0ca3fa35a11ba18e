/**
 * The names of the REST document's component schemas, and references to them. Controllers and the
 * schemas beside each feature's commands refer to a schema by its name; the document's registry
 * (faces/rest-document/rest-schemas.ts) holds a schema for every name here, which its type
 * checks, so a misspelt reference does not compile and a name without a schema is no document.
 */

/** taintgate's own requests and answers, each defined beside the command or answer it describes. */
export const REST_SCHEMA_NAMES = [
  'PlacementRequest',
  'PlacementSummary',
  'PlacementNodes',
  'TaintImpactRequest',
  'TaintImpactSummary',
  'TaintImpactPods',
  'DrainImpactRequest',
  'DrainPlan',
  'NodeRemoval',
  'HeadroomRequest',
  'Headroom',
  'RemovalSweepRequest',
  'RemovalSweep',
  'RemovalSweepList',
  'TaintCommandResult',
  'ImportBody',
  'ImportResult',
  'Cluster',
  'ClusterList',
  'ClusterPut',
  'CreateAPIKeyRequest',
  'APIKey',
  'APIKeyList',
  'Eviction',
  'EvictionList',
  'AuditEvent',
  'AuditEventList',
  'HealthReport',
] as const;

export type RestSchemaName = (typeof REST_SCHEMA_NAMES)[number];

/**
 * The Kubernetes objects REST operations take or answer, published by the Kubernetes API face and
 * carried over under their last names (faces/rest-document/kubernetes-schemas.ts).
 */
export const KUBERNETES_OBJECTS = [
  'Node',
  'NodeList',
  'Pod',
  'PodList',
  'Taint',
  'Toleration',
  'DeleteOptions',
  'Namespace',
  'NamespaceList',
  'PersistentVolume',
  'PersistentVolumeList',
  'PersistentVolumeClaim',
  'PersistentVolumeClaimList',
  'StorageClass',
  'StorageClassList',
  'CSINode',
  'CSINodeList',
  'PodDisruptionBudget',
  'PodDisruptionBudgetList',
] as const;

export type KubernetesObjectName = (typeof KUBERNETES_OBJECTS)[number];

/** Schemas Nest makes from classes (@ApiBody({type}), extraModels). */
type ClassSchemaName = 'ApiErrorBody' | 'TaintNodesBody';

export type SchemaName = RestSchemaName | KubernetesObjectName | ClassSchemaName;

/** Where component schemas are, in an OpenAPI 3 document. */
export const COMPONENT_SCHEMAS_PREFIX = '#/components/schemas/';

/** A reference to a component schema by a name the document holds. */
export const schemaRef = (name: SchemaName): { $ref: string } => ({ $ref: COMPONENT_SCHEMAS_PREFIX + name });

/** A reference to a Kubernetes object's schema, for request and answer schemas beside the commands. */
export const kubernetesRef = (name: KubernetesObjectName): { $ref: string } => schemaRef(name);
