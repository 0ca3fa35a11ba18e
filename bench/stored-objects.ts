import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { importedNodeRow } from '../apps/api/src/store/node-record';
import { importedPodRow } from '../apps/api/src/store/pod-record';
import { makeNodes, makePods } from './cluster-fixture';
import { clusterItems, type RealisticClusterOptions } from '../test/support/realistic-cluster';

type StoredObject = { kind?: string; metadata: { name: string; uid?: string; creationTimestamp?: string } };

/** Rows per statement: each statement's JSON document stays a few megabytes. */
const BATCH = 2000;

const identityOf = (object: StoredObject): { uid: string; createdAt: Date } => {
  const { metadata } = object;
  return { uid: metadata.uid ?? randomUUID(), createdAt: new Date(metadata.creationTimestamp ?? Date.now()) };
};

/**
 * The realistic GKE cluster of test/support/realistic-cluster.ts, one object built at a time, or
 * the small generated objects of cluster-fixture.ts (`generated`, bench:stored-cluster's), stored
 * as rows of the default cluster (id 1).
 */
export function storeCluster(databaseUrl: string, size: RealisticClusterOptions, generated: boolean): Promise<{ nodes: number; pods: number }> {
  if (!generated) return storeObjects(databaseUrl, clusterItems(size));
  const nodes = makeNodes(size.nodes ?? 20);
  const pods = makePods(Math.round((size.nodes ?? 20) * (size.podsPerNode ?? 30)), nodes, 0.01);
  return storeObjects(databaseUrl, [...nodes.map((n) => ({ kind: 'Node', ...n })), ...pods.map((p) => ({ kind: 'Pod', ...p }))]);
}

/**
 * Nodes, then pods, stored as rows of the default cluster (id 1), laid out as an import lays them
 * out (importedNodeRow, importedPodRow), in bulk statements past the API: the benchmarks' setup,
 * not measured. The cluster takes the revision the rows carry. Answers how many were stored.
 */
async function storeObjects(databaseUrl: string, objects: Iterable<StoredObject>): Promise<{ nodes: number; pods: number }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const count = { nodes: 0, pods: 0 };
  let nodes: unknown[] = [];
  let taints: unknown[] = [];
  let pods: unknown[] = [];
  const flushNodes = async () => {
    if (nodes.length) {
      await db.query(
        `INSERT INTO nodes (cluster_id, name, uid, labels, unschedulable, conditions, allocatable, extra, revision, created_at, updated_at)
         SELECT 1, v.name, v.uid, v.labels, v.unschedulable, v.conditions, v.allocatable, v.extra, 1, v.created_at, now()
         FROM json_to_recordset($1::json) AS v(name text, uid uuid, labels jsonb, unschedulable boolean, conditions jsonb, allocatable jsonb, extra json, created_at timestamptz)`,
        [JSON.stringify(nodes)],
      );
    }
    if (taints.length) {
      await db.query(
        `INSERT INTO taints (cluster_id, node_name, key, value, effect, time_added, position)
         SELECT 1, v.node_name, v.key, v.value, v.effect::"TaintEffect", v.time_added, v.position
         FROM json_to_recordset($1::json) AS v(node_name text, key text, value text, effect text, time_added timestamptz, position int)`,
        [JSON.stringify(taints)],
      );
    }
    nodes = [];
    taints = [];
  };
  const flushPods = async () => {
    if (pods.length === 0) return;
    await db.query(
      `INSERT INTO pods (cluster_id, namespace, name, uid, labels, tolerations, node_name, node_selector, affinity, requests, owner_kind,
                         qos_class, phase, extra, decision_spec, decision_status, revision, created_at, updated_at)
       SELECT 1, v.namespace, v.name, v.uid, v.labels, v.tolerations, v.node_name, v.node_selector, v.affinity, v.requests, v.owner_kind,
              v.qos_class::"QOSClass", v.phase, v.extra, v.decision_spec, v.decision_status, 1, v.created_at, now()
       FROM json_to_recordset($1::json) AS v(namespace text, name text, uid uuid, labels jsonb, tolerations jsonb, node_name text, node_selector jsonb,
            affinity jsonb, requests jsonb, owner_kind text, qos_class text, phase text, extra json, decision_spec json, decision_status json,
            created_at timestamptz)`,
      [JSON.stringify(pods)],
    );
    pods = [];
  };
  try {
    for (const object of objects) {
      if (object.kind === 'Node') {
        const row = importedNodeRow(object, identityOf(object), [], Date.now());
        nodes.push({ ...row, taints: undefined, created_at: row.createdAt.toISOString() });
        row.taints.forEach((t, position) => taints.push({ node_name: row.name, ...t, time_added: t.timeAdded.toISOString(), position }));
        count.nodes++;
        if (nodes.length >= BATCH) await flushNodes();
      } else {
        await flushNodes();
        const row = importedPodRow(object, { ...identityOf(object), deletionTimestamp: null, deletionGracePeriodSeconds: null, importDigest: null });
        pods.push({
          ...row,
          node_name: row.nodeName,
          node_selector: row.nodeSelector,
          owner_kind: row.ownerKind,
          qos_class: row.qosClass,
          decision_spec: row.decisionSpec,
          decision_status: row.decisionStatus,
          created_at: row.createdAt.toISOString(),
        });
        count.pods++;
        if (pods.length >= BATCH) await flushPods();
      }
    }
    await flushNodes();
    await flushPods();
    await db.query('UPDATE clusters SET revision = 1 WHERE id = 1');
    await db.query('ANALYZE nodes, taints, pods');
    return count;
  } finally {
    await db.end();
  }
}
