import { apiKeyListSchema, apiKeySchema, createApiKeyRequestSchema } from '../../features/api-keys/api-key-schemas';
import { auditEventListSchema, auditEventSchema } from '../../features/audit/audit-schemas';
import { clusterListSchema, clusterPutSchema, clusterSchema } from '../../features/clusters/cluster-schemas';
import { drainPlanSchema, nodeRemovalSchema } from '../../features/drain/drain-answers';
import { drainImpactRequestSchema } from '../../features/drain/drain-request-schema';
import { headroomSchema } from '../../features/headroom/headroom-answers';
import { headroomRequestSchema } from '../../features/headroom/headroom-request-schema';
import { removalSweepListSchema, removalSweepSchema } from '../../features/removal-sweep/removal-sweep-answers';
import { removalSweepRequestSchema } from '../../features/removal-sweep/removal-sweep-request-schema';
import { evictionListSchema, evictionSchema } from '../../features/evictions/eviction-schemas';
import { healthReportSchema } from '../../features/health/health-report-schema';
import { impactPodsSchema, impactSummarySchema } from '../../features/impact/impact-answers';
import { taintImpactRequestSchema } from '../../features/impact/impact-request-schema';
import { importBodySchema, importResultSchema } from '../../features/import/import-schemas';
import { placementNodesSchema, placementSummarySchema } from '../../features/placement/placement-answers';
import { placementRequestSchema } from '../../features/placement/placement-request-schema';
import { taintCommandResultSchema } from '../../features/taints/taint-schemas';
import type { JsonSchema } from '../../http/edge/answer-schemas';
import { REST_SCHEMA_NAMES, type RestSchemaName } from '../../http/operation-docs/schema-names';
import { kubernetesSchemas } from './kubernetes-schemas';

/**
 * The named schemas of taintgate's own requests and answers, each defined beside the command or
 * answer it describes (the placement and impact answers are the very schemas their serializers
 * are compiled from). A generated client names its types after these keys; the type says there is
 * one for every name controllers may refer to (http/operation-docs/schema-names.ts), and no other.
 */
const restSchemas: Record<RestSchemaName, JsonSchema> = {
  PlacementRequest: placementRequestSchema,
  PlacementSummary: placementSummarySchema,
  PlacementNodes: placementNodesSchema,
  TaintImpactRequest: taintImpactRequestSchema,
  TaintImpactSummary: impactSummarySchema,
  TaintImpactPods: impactPodsSchema,
  DrainImpactRequest: drainImpactRequestSchema,
  DrainPlan: drainPlanSchema,
  NodeRemoval: nodeRemovalSchema,
  HeadroomRequest: headroomRequestSchema,
  Headroom: headroomSchema,
  RemovalSweepRequest: removalSweepRequestSchema,
  RemovalSweep: removalSweepSchema,
  RemovalSweepList: removalSweepListSchema,
  TaintCommandResult: taintCommandResultSchema,
  ImportBody: importBodySchema,
  ImportResult: importResultSchema,
  Cluster: clusterSchema,
  ClusterList: clusterListSchema,
  ClusterPut: clusterPutSchema,
  CreateAPIKeyRequest: createApiKeyRequestSchema,
  APIKey: apiKeySchema,
  APIKeyList: apiKeyListSchema,
  Eviction: evictionSchema,
  EvictionList: evictionListSchema,
  AuditEvent: auditEventSchema,
  AuditEventList: auditEventListSchema,
  HealthReport: healthReportSchema,
};

/** Every schema the document adds to what Nest makes from classes: the Kubernetes objects and taintgate's own. */
export function componentSchemas(): Record<string, unknown> {
  const kubernetes = kubernetesSchemas();
  for (const name of REST_SCHEMA_NAMES) {
    if (Object.hasOwn(kubernetes, name)) throw new Error(`${name} is both a Kubernetes schema and one of taintgate's`);
  }
  return { ...kubernetes, ...restSchemas };
}
