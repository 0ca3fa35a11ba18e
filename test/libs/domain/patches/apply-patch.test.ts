import { describe, expect, it } from 'vitest';
import { PatchContentTypes, applyPatch } from '@taintgate/domain';

type Json = Record<string, unknown>;
const { json, merge, strategic } = PatchContentTypes;

const node = (): Json => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'n1', resourceVersion: '7', labels: { 'kubernetes.io/hostname': 'n1' }, finalizers: ['a', 'b'] },
  spec: { podCIDRs: ['10.0.0.0/24'], taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  status: {
    conditions: [
      { type: 'MemoryPressure', status: 'False' },
      { type: 'Ready', status: 'True', reason: 'KubeletReady' },
    ],
    addresses: [{ type: 'InternalIP', address: '10.0.0.1' }],
  },
});

const pod = (): Json => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', annotations: { note: 'x' } },
  spec: {
    containers: [
      { name: 'app', image: 'nginx:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80, protocol: 'TCP' }] },
      { name: 'sidecar', image: 'envoy:1' },
    ],
    volumes: [{ name: 'data', emptyDir: {} }],
    tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }],
  },
  status: { conditions: [{ type: 'Ready', status: 'False' }] },
});

const applied = (kind: 'Node' | 'Pod', original: Json, type: string, body: unknown): Json => {
  const result = applyPatch(kind, original, type, body);
  if (!result.ok) throw new Error(`${result.error.reason}: ${result.error.message}`);
  return result.value;
};

const accepted = 'application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json';

describe('applyPatch: the Content-Type (handlers/patch.go PatchResource)', () => {
  it.each<[string]>([
    ['application/apply-patch+yaml'],
    ['application/json'],
    ['text/plain'],
    [''],
    ['Application/Merge-Patch+JSON'],
    ['; application/merge-patch+json'],
  ])('%j -> 415', (type) => {
    expect(applyPatch('Node', node(), type, {})).toEqual({
      ok: false,
      error: { reason: 'UnsupportedMediaType', message: `the body of the request was in an unknown format - accepted media types include: ${accepted}` },
    });
  });

  it.each<[string]>([[json], [merge], [strategic], ['application/strategic-merge-patch+json; charset=utf-8'], ['application/merge-patch+json;charset=UTF-8']])(
    '%j is accepted',
    (type) => {
      expect(applyPatch('Node', node(), type, type.startsWith(json) ? [] : {})).toEqual({ ok: true, value: node() });
    },
  );

  it('a strategic merge patch must be an object (400); null changes nothing', () => {
    expect(applyPatch('Node', node(), strategic, [{ op: 'add' }])).toEqual({
      ok: false,
      error: { reason: 'BadRequest', message: 'json: cannot unmarshal array into Go value of type map[string]interface {}' },
    });
    expect(applyPatch('Pod', pod(), strategic, 'x')).toEqual({
      ok: false,
      error: { reason: 'BadRequest', message: 'json: cannot unmarshal string into Go value of type map[string]interface {}' },
    });
    expect(applyPatch('Node', node(), strategic, null)).toEqual({ ok: true, value: node() });
  });

  it('changes neither the stored object nor the patch', () => {
    const original = pod();
    const body = { spec: { containers: [{ name: 'app', image: 'nginx:2' }] } };
    applyPatch('Pod', original, strategic, body);
    expect(original).toEqual(pod());
    expect(body).toEqual({ spec: { containers: [{ name: 'app', image: 'nginx:2' }] } });
  });
});

// The bodies kubectl sends (k8s.io/kubectl/pkg/cmd/...): computed client-side, applied here.
describe('applyPatch: what kubectl sends', () => {
  it('kubectl taint nodes n1 gpu=true:NoExecute: the whole new taint list (CreateTwoWayMergePatch; taints have no strategy)', () => {
    const body = {
      spec: {
        taints: [
          { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
          { key: 'gpu', value: 'true', effect: 'NoExecute' },
        ],
      },
    };
    expect((applied('Node', node(), strategic, body).spec as Json).taints).toEqual(body.spec.taints);
  });

  it('kubectl taint nodes n1 dedicated-: the last taint removed is a null', () => {
    expect(applied('Node', node(), strategic, { spec: { taints: null } }).spec).toEqual({ podCIDRs: ['10.0.0.0/24'] });
  });

  it('kubectl cordon / uncordon', () => {
    const cordoned = applied('Node', node(), strategic, { spec: { unschedulable: true } });
    expect((cordoned.spec as Json).unschedulable).toBe(true);
    expect(applied('Node', cordoned, strategic, { spec: { unschedulable: null } })).toEqual(node());
  });

  it('kubectl label --resource-version=7: a merge patch carrying the resourceVersion', () => {
    const result = applied('Node', node(), merge, { metadata: { labels: { zone: 'a' }, resourceVersion: '7' } });
    expect(result.metadata).toEqual({ name: 'n1', resourceVersion: '7', labels: { 'kubernetes.io/hostname': 'n1', zone: 'a' }, finalizers: ['a', 'b'] });
  });

  it('kubectl label / annotate with a trailing dash: null deletes the key', () => {
    expect((applied('Pod', pod(), merge, { metadata: { annotations: { note: null } } }).metadata as Json).annotations).toEqual({});
    expect((applied('Node', node(), merge, { metadata: { labels: { 'kubernetes.io/hostname': null } } }).metadata as Json).labels).toEqual({});
  });

  it('kubectl edit: a two-way patch with $setElementOrder (an image changed)', () => {
    const body = { spec: { '$setElementOrder/containers': [{ name: 'app' }, { name: 'sidecar' }], containers: [{ image: 'nginx:2', name: 'app' }] } };
    const containers = (applied('Pod', pod(), strategic, body).spec as Json).containers as Json[];
    expect(containers.map((c) => [c.name, c.image])).toEqual([
      ['app', 'nginx:2'],
      ['sidecar', 'envoy:1'],
    ]);
    expect(containers[0]!.env).toEqual([{ name: 'A', value: '1' }]);
  });

  // CreateThreeWayMergePatch(last-applied, new config, live): additions and changes from the new
  // config, deletions of what the last config had, $setElementOrder for the order of merged lists.
  it('kubectl apply (client-side): a three-way patch with last-applied-configuration and $setElementOrder', () => {
    const lastApplied =
      '{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"tier":"web"},"name":"web","namespace":"default"},"spec":{"containers":[{"env":[{"name":"B","value":"2"},{"name":"A","value":"1"}],"image":"nginx:1","name":"app"}]}}\n';
    const body = {
      metadata: { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied }, labels: { tier: 'web' } },
      spec: {
        '$setElementOrder/containers': [{ name: 'app' }],
        containers: [{ '$setElementOrder/env': [{ name: 'B' }, { name: 'A' }], env: [{ name: 'B', value: '2' }], name: 'app' }],
      },
    };
    const result = applied('Pod', pod(), strategic, body);
    expect(result.metadata).toEqual({
      name: 'web',
      namespace: 'default',
      annotations: { note: 'x', 'kubectl.kubernetes.io/last-applied-configuration': lastApplied },
      labels: { tier: 'web' },
    });
    const [app, sidecar] = (result.spec as Json).containers as Json[];
    // B placed before A as the directive says; the sidecar, which the config never had, keeps its place.
    expect(app!.env).toEqual([
      { name: 'B', value: '2' },
      { name: 'A', value: '1' },
    ]);
    expect(sidecar!.name).toBe('sidecar');
  });

  it('kubectl apply removing what the last config had: null for a field, $patch: delete for a keyed item, a parallel list for finalizers', () => {
    const body = {
      metadata: { annotations: { note: null }, '$deleteFromPrimitiveList/finalizers': ['a'] },
      spec: {
        '$setElementOrder/containers': [{ name: 'app' }],
        containers: [
          { name: 'sidecar', $patch: 'delete' },
          { name: 'app', ports: [{ containerPort: 80, $patch: 'delete' }] },
        ],
      },
    };
    const result = applied('Pod', { ...pod(), metadata: { name: 'web', annotations: { note: 'x' }, finalizers: ['a', 'b'] } }, strategic, body);
    expect(result.metadata).toEqual({ name: 'web', annotations: {}, finalizers: ['b'] });
    expect((result.spec as Json).containers).toEqual([{ name: 'app', image: 'nginx:1', env: [{ name: 'A', value: '1' }], ports: [] }]);
  });
});

describe('applyPatch: core/v1 strategies on Node and Pod', () => {
  it('Node status conditions merge by type, addresses by type', () => {
    const body = { status: { conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady' }], addresses: [{ type: 'Hostname', address: 'n1' }] } };
    const status = applied('Node', node(), strategic, body).status as Json;
    expect(status.conditions).toEqual([
      { type: 'MemoryPressure', status: 'False' },
      { type: 'Ready', status: 'False', reason: 'KubeletNotReady' },
    ]);
    expect(status.addresses).toEqual([
      { type: 'Hostname', address: 'n1' },
      { type: 'InternalIP', address: '10.0.0.1' },
    ]);
  });

  it('finalizers and podCIDRs merge as sets of strings; labels merge with null deleting', () => {
    const result = applied('Node', node(), strategic, {
      metadata: { finalizers: ['b', 'c'], labels: { 'kubernetes.io/hostname': null, zone: 'a' } },
      spec: { podCIDRs: ['fd00::/64'] },
    });
    expect(result.metadata).toMatchObject({ finalizers: ['a', 'b', 'c'], labels: { zone: 'a' } });
    // b was live, so a (server-only, before b) stays first; fd00::/64 is new, and new items lead.
    expect((result.spec as Json).podCIDRs).toEqual(['fd00::/64', '10.0.0.0/24']);
  });

  it('tolerations have no strategy: replaced whole', () => {
    const body = { spec: { tolerations: [{ key: 'gpu', operator: 'Exists' }] } };
    expect((applied('Pod', pod(), strategic, body).spec as Json).tolerations).toEqual([{ key: 'gpu', operator: 'Exists' }]);
  });

  it('containers by name, env by name, ports by containerPort', () => {
    const body = { spec: { containers: [{ name: 'app', env: [{ name: 'A', value: '9' }], ports: [{ containerPort: 443 }] }] } };
    const [app] = (applied('Pod', pod(), strategic, body).spec as Json).containers as Json[];
    expect(app!.env).toEqual([{ name: 'A', value: '9' }]);
    // A new item comes before the live ones (mergeSortedSlice), as kube-apiserver orders it.
    expect(app!.ports).toEqual([{ containerPort: 443 }, { containerPort: 80, protocol: 'TCP' }]);
  });

  it('a volume switched to another source: $retainKeys clears the old one (volumes are merge,retainKeys)', () => {
    const body = { spec: { volumes: [{ $retainKeys: ['configMap', 'name'], configMap: { name: 'cm' }, name: 'data' }] } };
    expect((applied('Pod', pod(), strategic, body).spec as Json).volumes).toEqual([{ name: 'data', configMap: { name: 'cm' } }]);
  });

  it('Pod status conditions merge by type', () => {
    const body = {
      status: {
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      },
    };
    expect((applied('Pod', pod(), strategic, body).status as Json).conditions).toEqual([
      { type: 'PodScheduled', status: 'True' },
      { type: 'Ready', status: 'True' },
    ]);
  });

  it('a JSON patch and a merge patch ignore the strategies: lists are positions, or replaced', () => {
    expect((applied('Pod', pod(), json, [{ op: 'remove', path: '/spec/containers/1' }]).spec as Json).containers).toHaveLength(1);
    expect((applied('Pod', pod(), merge, { spec: { containers: [{ name: 'app', image: 'nginx:2' }] } }).spec as Json).containers).toEqual([
      { name: 'app', image: 'nginx:2' },
    ]);
  });
});
