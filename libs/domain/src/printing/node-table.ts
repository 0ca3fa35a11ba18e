import type { Node } from '../types';
import { translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, ageColumn, column, nameColumn, objectOf, objectsOf, printTable } from './table';

/** `kubectl get nodes`: printNode and the node column definitions of pkg/printers/internalversion/printers.go. */

interface NodeAddress {
  type?: string;
  address?: string;
}

interface NodeSystemInfo {
  kubeletVersion?: string;
  osImage?: string;
  kernelVersion?: string;
  containerRuntimeVersion?: string;
}

// NodeStatus.addresses' swagger doc, which describes both IP columns.
const addressesDoc =
  "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP).";

const nodeColumns = [
  nameColumn,
  column('Status', 'string', 'The status of the node'),
  column('Roles', 'string', 'The roles of the node'),
  ageColumn,
  column('Version', 'string', 'Kubelet Version reported by the node.'),
  column('Internal-IP', 'string', addressesDoc, 1),
  column('External-IP', 'string', addressesDoc, 1),
  column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
  column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
  column('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
] as const;

/** `Ready`, `NotReady` or `Unknown` from the Ready condition (the last one, if listed twice), then `SchedulingDisabled` when cordoned. */
function nodeStatus(node: Node): string {
  const ready = (node.status?.conditions ?? []).filter((condition) => condition.type === 'Ready').at(-1);
  const status = [ready === undefined ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady'];
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

const roleLabelPrefix = 'node-role.kubernetes.io/';
const legacyRoleLabel = 'kubernetes.io/role';

/** Roles from `node-role.kubernetes.io/<role>` label keys and the older `kubernetes.io/role=<role>` label, sorted and unique. */
function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    if (key.startsWith(roleLabelPrefix)) {
      const role = key.slice(roleLabelPrefix.length);
      if (role) roles.add(role);
    } else if (key === legacyRoleLabel && value) {
      roles.add(value);
    }
  }
  return [...roles].sort();
}

/** The first address of that type (getNodeInternalIP, getNodeExternalIP), or `<none>`. */
const nodeAddress = (node: Node, type: 'InternalIP' | 'ExternalIP'): string =>
  objectsOf<NodeAddress>(node.status?.addresses).find((address) => address.type === type)?.address ?? '<none>';

const orUnknown = (value: string | undefined): string => value || '<unknown>';

const nodePrinter: Printer<Node> = {
  kind: 'Node',
  apiVersion: 'v1',
  columns: nodeColumns,
  print: (node, now) => {
    const info = objectOf<NodeSystemInfo>(node.status?.nodeInfo);
    return {
      cells: [
        node.metadata.name,
        nodeStatus(node),
        nodeRoles(node).join(',') || '<none>',
        translateTimestampSince(node.metadata.creationTimestamp, now),
        info.kubeletVersion ?? '',
        nodeAddress(node, 'InternalIP'),
        nodeAddress(node, 'ExternalIP'),
        orUnknown(info.osImage),
        orUnknown(info.kernelVersion),
        orUnknown(info.containerRuntimeVersion),
      ],
    };
  },
};

/** The Table kube-apiserver returns for nodes (a list, or one node). */
export const nodeTable = (nodes: readonly Node[], options: TableOptions): Table => printTable(nodePrinter, nodes, options);
