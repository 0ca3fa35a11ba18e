import { day, hour, minute } from './clock';
import type { NodePlan } from './node-layout';
import { everyNodeDaemonSets, gpuDevicePlugin, kubeProxy } from './node-daemons';
import { createdOn, createdWithNode, PodPlacer } from './pod-placer';
import type { PodTemplate } from './pod-template';
import type { PodPlan } from './pod-types';
import { unschedulableMessage } from './scheduler-message';
import { systemDeployments } from './system-deployments';
import * as user from './user-workloads';

/**
 * Which pods exist and where: every node's kube-proxy and DaemonSet pods, kube-system's
 * Deployments on the system pool, the special cases, then Deployment replicas spread evenly over
 * the general, Karpenter and spot nodes until the pod count is reached, and last the trainer that
 * fits nowhere.
 */

const appLabels = (name: string, partOf: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': partOf });

function placeNodePods(placer: PodPlacer): void {
  for (const node of placer.nodes) {
    const owner = placer.owners.mirror(node, { component: 'kube-proxy', tier: 'node' });
    placer.add('kube-system', kubeProxy, owner, node, createdWithNode(node), { name: `kube-proxy-${node.name}` });
    for (const ds of everyNodeDaemonSets)
      placer.add('kube-system', ds.template, placer.owners.daemonSet(ds.name, ds.labels, ds.generation), node, createdWithNode(node));
    if (node.machine.gpus > 0) {
      // GKE runs the plugin variant sized for the node.
      const name = node.machine.cpus > 12 ? 'nvidia-gpu-device-plugin-medium-cos' : 'nvidia-gpu-device-plugin-small-cos';
      placer.add('kube-system', gpuDevicePlugin, placer.owners.daemonSet(name, { 'k8s-app': 'nvidia-gpu-device-plugin' }, 4), node, createdWithNode(node));
    }
  }
}

function placeSystemPods(placer: PodPlacer): void {
  const systemNodes = placer.nodesOf('system');
  let placed = 0;
  for (const d of systemDeployments) {
    for (let r = 0; r < d.replicas; r++) {
      const node = systemNodes[placed++ % systemNodes.length]!;
      placer.add(d.namespace, d.template, placer.owners.replicaSet(d.namespace, d.name, d.labels), node, createdOn(node, 7 * day));
    }
  }
}

function placeSpecialPods(placer: PodPlacer): void {
  const { owners } = placer;
  const replicaOf = (namespace: string, name: string, partOf: string) => owners.replicaSet(namespace, name, appLabels(name, partOf));
  // Every GPU of every GPU node is taken.
  for (const node of placer.nodesOf('gpuA100')) {
    for (let g = 0; g < node.machine.gpus; g++) placer.add('ml', user.llmInference, replicaOf('ml', 'llm-inference', 'ml'), node, createdOn(node, day));
  }
  for (const node of placer.nodesOf('gpuL4')) placer.add('ml', user.embedder, replicaOf('ml', 'embedder', 'ml'), node, createdOn(node, day));

  const general = placer.nodesOf('general', 'ready');
  const pick = (k: number) => general[k % general.length]!;
  placer.add('shop', user.checkout, replicaOf('shop', 'checkout', 'shop'), pick(0), createdOn(pick(0), 3 * day));
  placer.add('default', user.netshoot, owners.bare({ run: 'netshoot' }), pick(1), createdOn(pick(1), hour), { name: 'netshoot' });
  // Today's 08:00 run of the nightly CronJob; the Job is named after the scheduled minute.
  const reportJob = `nightly-report-${Math.floor(Date.parse('2025-11-14T08:00:00Z') / 60_000)}`;
  const report = owners.job('batch', reportJob, { 'app.kubernetes.io/name': 'nightly-report' });
  placer.add('batch', user.report, report, pick(2), () => hour + 41 * minute, { state: 'succeeded' });
  const migrate = owners.job('shop', 'db-migrate-2025-11-2', { 'app.kubernetes.io/name': 'db-migrate' });
  placer.add('shop', user.dbMigrate, migrate, pick(3), () => 3 * hour, { state: 'failed' });
  const spot = placer.nodesOf('spot')[0]!;
  placer.add('media', user.thumbnailer, replicaOf('media', 'thumbnailer', 'media'), spot, createdOn(spot, 10 * minute));
  const sandbox = placer.nodesOf('sandbox')[0]!;
  placer.add('shop', user.renderer, replicaOf('shop', 'pdf-renderer', 'shop'), sandbox, createdOn(sandbox, day));
  const drained = placer.nodesOf('karpenter', 'disrupted')[0]!;
  placer.add('shop', user.web, replicaOf('shop', 'web', 'shop'), drained, createdOn(drained, day), { state: 'terminating' });
}

/** A Deployment's share of the filler pods: fillers are split into Deployments of about this many replicas. */
const replicasPerDeployment = 25;

interface FillerFamily {
  readonly namespace: string;
  readonly templates: readonly { readonly name: string; readonly template: PodTemplate }[];
}
const generalFillers: FillerFamily = {
  namespace: 'shop',
  templates: [
    { name: 'web', template: user.web },
    { name: 'api', template: user.api },
    { name: 'cart-worker', template: user.cartWorker },
  ],
};
const spotFillers: FillerFamily = { namespace: 'media', templates: [{ name: 'queue-worker', template: user.queueWorker }] };

/**
 * `count` Deployment replicas, evenly over the general nodes (the NotReady and cordoned ones
 * first, so that they hold some), the healthy Karpenter nodes and the spot nodes. Small clusters
 * get web, api and cart-worker; large ones web-1, api-1, ... of about 25 replicas each.
 */
function placeFillers(placer: PodPlacer, count: number): void {
  const nodes = [
    ...placer.nodesOf('general', 'notReady'),
    ...placer.nodesOf('general', 'cordoned'),
    ...placer.nodesOf('general', 'ready'),
    ...placer.nodesOf('karpenter', 'ready'),
    ...placer.nodesOf('spot'),
  ];
  const share = (k: number) => Math.floor(count / nodes.length) + (k < count % nodes.length ? 1 : 0);
  const familyOf = (node: NodePlan) => (node.pool === 'spot' ? spotFillers : generalFillers);
  const totals = new Map<FillerFamily, number>();
  nodes.forEach((node, k) => totals.set(familyOf(node), (totals.get(familyOf(node)) ?? 0) + share(k)));
  const placedOf = new Map<FillerFamily, number>();
  nodes.forEach((node, k) => {
    const family = familyOf(node);
    const deployments = Math.max(family.templates.length, Math.ceil(totals.get(family)! / replicasPerDeployment));
    for (let i = 0; i < share(k); i++) {
      const placed = placedOf.get(family) ?? 0;
      placedOf.set(family, placed + 1);
      const d = placed % deployments;
      const kind = family.templates[d % family.templates.length]!;
      const round = Math.floor(d / family.templates.length);
      const name = round === 0 ? kind.name : `${kind.name}-${round}`;
      placer.add(
        family.namespace,
        kind.template,
        placer.owners.replicaSet(family.namespace, name, appLabels(name, family.namespace)),
        node,
        createdOn(node, 3 * day),
      );
    }
  });
}

export function planPods(nodes: readonly NodePlan[], totalPods: number, seed: number): PodPlan[] {
  const placer = new PodPlacer(nodes, seed);
  placeNodePods(placer);
  placeSystemPods(placer);
  placeSpecialPods(placer);
  // One more to come: the trainer.
  const fillers = totalPods - placer.pods.length - 1;
  if (fillers < 0)
    throw new RangeError(`${nodes.length} nodes need at least ${placer.pods.length + 1} pods (DaemonSets, system and special pods), not ${totalPods}`);
  placeFillers(placer, fillers);
  placer.checkFits();
  // Last, once every GPU is taken: the Job's trainer, which no node takes.
  placer.add('ml', user.trainer, placer.owners.job('ml', 'llm-finetune', { 'app.kubernetes.io/name': 'llm-finetune' }), undefined, () => 47 * minute);
  placer.setSchedulerMessage(unschedulableMessage(user.trainer, nodes, (node) => placer.usedOn(node)));
  return placer.pods;
}

export interface ClusterPlan {
  /** Sorted by name, as the API server lists them. */
  readonly nodes: readonly NodePlan[];
  /** Sorted by namespace, then name. */
  readonly pods: readonly PodPlan[];
}

/** The API server lists by etcd key: nodes by name, pods by namespace/name, in byte order. */
export function sortPlans(nodes: readonly NodePlan[], pods: readonly PodPlan[]): ClusterPlan {
  const sorted = <T>(items: readonly T[], key: (x: T) => string): T[] =>
    items
      .map((item) => ({ item, key: key(item) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((k) => k.item);
  return { nodes: sorted(nodes, (n) => n.name), pods: sorted(pods, (p) => `${p.namespace}/${p.name}`) };
}
