import { type NodePodFacts, type Pod, nodePodFacts, podKinds } from '@taintgate/domain';

/**
 * A snapshot's pods by the node they are bound to ("" holds the pending ones), kept as pods come
 * and go, so that one node's write, or a question about some nodes, reads those nodes' pods without
 * a pass over 300,000. Each node's pods are also packed for taint impact's summary
 * (node-pod-facts.ts), made on first asking and dropped when a pod of the node comes, goes or
 * changes; their kinds are found once per pod object, which a snapshot replaces and never changes.
 */
export class SnapshotPodsByNode {
  private readonly keysByNode = new Map<string, Set<string>>();
  private readonly facts = new Map<string, NodePodFacts>();
  readonly kinds = podKinds();

  constructor(private readonly pods: ReadonlyMap<string, Pod>) {}

  readonly podsOn = (nodeName: string): Iterable<Pod> => this.podsOfKeys(this.keysByNode.get(nodeName));
  readonly pendingPods = (): Iterable<Pod> => this.podsOfKeys(this.keysByNode.get(''));
  readonly factsOn = (nodeName: string): NodePodFacts => {
    let facts = this.facts.get(nodeName);
    if (!facts) this.facts.set(nodeName, (facts = nodePodFacts(this.podsOn(nodeName), this.kinds)));
    return facts;
  };

  /** The names of the nodes pods are bound to. */
  *nodeNames(): Iterable<string> {
    for (const name of this.keysByNode.keys()) if (name !== '') yield name;
  }

  add(key: string, pod: Pod): void {
    const nodeName = pod.spec?.nodeName ?? '';
    this.facts.delete(nodeName);
    let keys = this.keysByNode.get(nodeName);
    if (!keys) this.keysByNode.set(nodeName, (keys = new Set()));
    keys.add(key);
  }

  remove(key: string, pod: Pod): void {
    const nodeName = pod.spec?.nodeName ?? '';
    this.facts.delete(nodeName);
    const keys = this.keysByNode.get(nodeName);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByNode.delete(nodeName);
  }

  clear(): void {
    this.keysByNode.clear();
    this.facts.clear();
  }

  private *podsOfKeys(keys: ReadonlySet<string> | undefined): Iterable<Pod> {
    for (const key of keys ?? []) {
      const pod = this.pods.get(key);
      if (pod) yield pod;
    }
  }
}
