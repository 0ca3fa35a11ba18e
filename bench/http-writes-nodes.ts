import type { Node } from '@taintgate/domain';
import { makeNodes } from './cluster-fixture';

/**
 * The nodes of bench/http-writes.ts, stored and sent alike: the fixture's nodes with the Ready
 * condition their kubelets would report, Unknown on those that carry the unreachable NoExecute
 * taint, True on the others. The fixture's own nodes report no condition at all, and a cluster
 * where no node reports Ready is in master disruption mode: the NoExecute taint pacer's first
 * pass took the unreachable taints off, and every PUT that sent one back (2 % of them) added a
 * NoExecute taint, evicting the node's pods and reading the whole cluster for its warnings, where
 * the run means to measure a node replaced with a new label.
 */
export function reportingNodes(count: number): Node[] {
  return makeNodes(count).map((node) => {
    const unreachable = node.spec?.taints?.some((t) => t.key === 'node.kubernetes.io/unreachable') ?? false;
    const ready = unreachable
      ? { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' }
      : { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' };
    return { ...node, status: { ...node.status, conditions: [ready] } };
  });
}
