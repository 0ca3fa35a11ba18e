import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * kubectl's writes from files (create, apply, replace, delete -f) of nodes and pods, through the
 * same services as REST's PUT: kubectl's own lines, the errors as it prints them, and the objects
 * as REST reads them after each.
 * kubectl validates each file against the server's OpenAPI document first (kubectl-explain.e2e.test.ts).
 */

const LIST = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: n1
    labels: {pool: a}
    annotations: {owner: team-a}
  spec:
    taints: [{key: dedicated, value: a, effect: NoSchedule}]
- apiVersion: v1
  kind: Pod
  metadata:
    name: p
    namespace: web
    labels: {app: p}
  spec:
    nodeName: n1
    tolerations: [{key: dedicated, operator: Equal, value: a, effect: NoSchedule}]
    containers: [{name: c, image: nginx}]
`;

describe.each(KUBECTLS)('kubectl $version: create, apply, replace and delete -f', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const run = async (args: string[], input?: string) => {
    const r = await kubectl.run(args, input);
    return { code: r.code, out: r.stdout.trim(), err: r.stderr.trim() };
  };
  const rest = async (url: string) => {
    const reply = await t.api.get(url);
    return { status: reply.statusCode, body: reply.json() };
  };
  const lastAction = async (kind: string, name: string) =>
    (await t.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE kind = $1 AND name = $2 ORDER BY id DESC LIMIT 1`, [kind, name])).rows[0]
      ?.action;

  it('creates a List of a node and a pod from stdin, as REST then reads them; a second create is AlreadyExists', async () => {
    expect(await run(['create', '-f', '-'], LIST)).toEqual({ code: 0, out: 'node/n1 created\npod/p created', err: '' });
    const node = await rest('/v1/nodes/n1');
    expect(node.status).toBe(200);
    expect(node.body.metadata).toMatchObject({ labels: { pool: 'a' }, annotations: { owner: 'team-a' } });
    expect(node.body.spec.taints).toMatchObject([{ key: 'dedicated', value: 'a', effect: 'NoSchedule' }]);
    const pod = await rest('/v1/namespaces/web/pods/p');
    expect(pod.body.spec).toMatchObject({ nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] });
    // Admission's defaults, as on a REST PUT: the not-ready and unreachable tolerations.
    expect(pod.body.spec.tolerations.map((x: { key: string }) => x.key)).toEqual([
      'dedicated',
      'node.kubernetes.io/not-ready',
      'node.kubernetes.io/unreachable',
    ]);
    expect(await lastAction('Node', 'n1')).toBe('node.create');
    expect(await lastAction('Pod', 'p')).toBe('pod.create');

    const again = await run(['create', '-f', '-'], LIST);
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      'Error from server (AlreadyExists): error when creating "STDIN": nodes "n1" already exists\n' +
        'Error from server (AlreadyExists): error when creating "STDIN": pods "p" already exists',
    );
    expect((await rest('/v1/nodes/n1')).body).toEqual(node.body);
  });

  it('applies: created, then unchanged, then configured after a change, the last-applied annotation kept', async () => {
    const file = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: n2
    labels: {pool: a}
    annotations: {owner: team-a}
- apiVersion: v1
  kind: Pod
  metadata:
    name: q
    namespace: web
    labels: {app: q}
  spec:
    nodeName: n2
    containers: [{name: c, image: nginx}]
`;
    expect(await run(['apply', '-f', '-'], file)).toEqual({ code: 0, out: 'node/n2 created\npod/q created', err: '' });
    const node = await rest('/v1/nodes/n2');
    const applied = JSON.parse(node.body.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
    expect(applied).toMatchObject({ kind: 'Node', metadata: { name: 'n2', labels: { pool: 'a' }, annotations: { owner: 'team-a' } } });
    expect(node.body.metadata.annotations.owner).toBe('team-a');
    const pod = await rest('/v1/namespaces/web/pods/q');

    expect(await run(['apply', '-f', '-'], file)).toEqual({ code: 0, out: 'node/n2 unchanged\npod/q unchanged', err: '' });
    expect((await rest('/v1/nodes/n2')).body).toEqual(node.body);
    expect((await rest('/v1/namespaces/web/pods/q')).body).toEqual(pod.body);

    const changed = file
      .replace('{pool: a}', '{pool: b}\n  spec:\n    taints: [{key: dedicated, value: a, effect: NoExecute}]')
      .replace('{app: q}', '{app: q, tier: web}')
      .replace('    annotations: {owner: team-a}\n', '');
    // The node first: its NoExecute taint evicts q, which does not tolerate it, as a REST write would (the node PATCH's
    // Warning headers say so), and kubectl then sees q terminating.
    expect(await run(['apply', '-f', '-'], changed)).toEqual({
      code: 0,
      out: 'node/n2 configured\npod/q configured',
      err: [
        'Warning: node/n2: 1 pod is evicted at once (web/q)',
        'Warning: node/n2: 1 evicted pod has no other node to go to (web/q)',
        'Warning: Detected changes to resource q which is currently being deleted.',
      ].join('\n'),
    });
    const after = await rest('/v1/nodes/n2');
    expect(after.body.metadata.labels).toEqual({ pool: 'b' });
    // Taken out of the file: apply removes it (it is in the last applied configuration).
    expect(after.body.metadata.annotations.owner).toBeUndefined();
    expect(after.body.spec.taints).toMatchObject([{ key: 'dedicated', value: 'a', effect: 'NoExecute' }]);
    expect((await rest('/v1/namespaces/web/pods/q')).body.metadata.labels).toEqual({ app: 'q', tier: 'web' });
    expect(await lastAction('Node', 'n2')).toBe('node.patch');
    expect(await lastAction('Pod', 'q')).toBe('pod.patch');
    expect((await rest('/v1/namespaces/web/pods/q')).body.metadata.deletionTimestamp).toBeDefined();
  });

  it('replaces from a file (200, no annotation kept), and a replace of what does not exist is NotFound', async () => {
    const replaced = LIST.replace('{pool: a}', '{pool: c}').replace('    annotations: {owner: team-a}\n', '');
    expect(await run(['replace', '-f', '-'], replaced)).toEqual({ code: 0, out: 'node/n1 replaced\npod/p replaced', err: '' });
    const node = await rest('/v1/nodes/n1');
    expect(node.body.metadata.labels).toEqual({ pool: 'c' });
    expect(node.body.metadata.annotations).toBeUndefined();
    expect(await lastAction('Node', 'n1')).toBe('node.replace');

    // --force: a delete, then a create of the object from the file (a new uid).
    const uid = node.body.metadata.uid;
    expect(await run(['replace', '--force', '-f', '-'], replaced)).toEqual({
      code: 0,
      out: 'node "n1" deleted\npod "p" deleted\nnode/n1 replaced\npod/p replaced',
      err: '',
    });
    expect((await rest('/v1/nodes/n1')).body.metadata).toMatchObject({ labels: { pool: 'c' }, uid: expect.not.stringMatching(uid) });

    const missing = await run(['replace', '-f', '-'], LIST.replaceAll('n1', 'gone').replace('name: p\n', 'name: gone\n'));
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(
      'Error from server (NotFound): error when replacing "STDIN": nodes "gone" not found\n' +
        'Error from server (NotFound): error when replacing "STDIN": pods "gone" not found',
    );
    expect((await rest('/v1/nodes/gone')).status).toBe(404);
  });

  it('deletes from a file, and a second delete -f is NotFound', async () => {
    expect(await run(['delete', '--wait=false', '-f', '-'], LIST)).toEqual({ code: 0, out: 'node "n1" deleted\npod "p" deleted', err: '' });
    expect((await rest('/v1/nodes/n1')).status).toBe(404);
    expect((await rest('/v1/namespaces/web/pods/p')).status).toBe(404);
    const again = await run(['delete', '-f', '-'], LIST);
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      'Error from server (NotFound): error when deleting "STDIN": nodes "n1" not found\n' +
        'Error from server (NotFound): error when deleting "STDIN": pods "p" not found',
    );
  });

  it('an invalid object is refused with the API server words, nothing stored', async () => {
    const bad = await run(['create', '-f', '-'], 'apiVersion: v1\nkind: Node\nmetadata: {name: bad}\nspec:\n  taints: [{key: k, effect: Sometimes}]\n');
    expect(bad).toEqual({
      code: 1,
      out: '',
      err: 'The Node "bad" is invalid: spec.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    });
    expect((await rest('/v1/nodes/bad')).status).toBe(404);
    const unnamed = await run(['apply', '-f', '-'], 'apiVersion: v1\nkind: Node\nmetadata: {labels: {a: b}}\n');
    expect(unnamed.code).toBe(1);
  });

  it('labels, annotates and patches a pod through the same validation as a PUT', async () => {
    await t.api.put('/v1/namespaces/web/pods/lp', { metadata: { name: 'lp' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    expect(await run(['label', 'pod', 'lp', '-n', 'web', 'team=a'])).toEqual({ code: 0, out: 'pod/lp labeled', err: '' });
    expect(await run(['annotate', 'pod', 'lp', '-n', 'web', 'note=hi'])).toEqual({ code: 0, out: expect.stringMatching(/^pod\/lp annotated?$/), err: '' });
    expect(await run(['label', 'pod', 'lp', '-n', 'web', 'team=b', '--overwrite'])).toEqual({ code: 0, out: 'pod/lp labeled', err: '' });
    const pod = await rest('/v1/namespaces/web/pods/lp');
    expect(pod.body.metadata).toMatchObject({ labels: { team: 'b' }, annotations: { note: 'hi' } });
    expect(await lastAction('Pod', 'lp')).toBe('pod.patch');

    const badLabel = await run(['patch', 'pod', 'lp', '-n', 'web', '-p', '{"metadata":{"labels":{"team":"not ok!"}}}']);
    expect(badLabel.code).toBe(1);
    expect(badLabel.err).toMatch(/^The Pod "lp" is invalid: metadata\.labels: Invalid value: "not ok!": a valid label must be an empty string/);
    const renamed = await run(['patch', 'pod', 'lp', '-n', 'web', '--type=json', '-p', '[{"op":"replace","path":"/spec/containers/0/name","value":"d"}]']);
    expect(renamed.code).toBe(1);
    expect(renamed.err).toMatch(/^The Pod "lp" is invalid: spec: Forbidden: pod updates may not change fields other than/);
    expect((await rest('/v1/namespaces/web/pods/lp')).body).toEqual(pod.body);
    expect(await run(['label', 'pod', 'nope', '-n', 'web', 'a=b'])).toEqual({ code: 1, out: '', err: 'Error from server (NotFound): pods "nope" not found' });
  });

  it('a pod bound to a node by a PATCH is decided on by the taint eviction controller, as on a REST PUT', async () => {
    await t.api.put('/v1/nodes/tn', { metadata: { name: 'tn' } });
    await t.api.put('/v1/namespaces/web/pods/tp', {
      metadata: { name: 'tp' },
      spec: { containers: [{ name: 'c', image: 'nginx' }], tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }] },
    });
    expect(await run(['taint', 'node', 'tn', 'drain=now:NoExecute'])).toMatchObject({ code: 0, out: 'node/tn tainted' });
    const evictions = async () =>
      (await rest('/v1/evictions?pod=tp')).body.items.map((e: { status: string; tolerationSeconds: number }) => [e.status, e.tolerationSeconds]);
    expect(await evictions()).toEqual([]);
    expect(await run(['patch', 'pod', 'tp', '-n', 'web', '--type=merge', '-p', '{"spec":{"nodeName":"tn"}}'])).toEqual({
      code: 0,
      out: 'pod/tp patched',
      err: '',
    });
    expect(await evictions()).toEqual([['Scheduled', 600]]);
  });

  it('kubectl apply --dry-run=server: "created (server dry run)", nothing stored', async () => {
    const file = LIST.replaceAll('n1', 'dry-n').replace('name: p\n', 'name: dry-p\n');
    const dry = await run(['apply', '--dry-run=server', '-f', '-'], file);
    expect(dry).toEqual({ code: 0, out: 'node/dry-n created (server dry run)\npod/dry-p created (server dry run)', err: '' });
    expect((await t.api.get('/v1/nodes/dry-n')).statusCode).toBe(404);
  });
});

/** What kubectl checks on its side before it sends (the namespace, the name), answered by the server as kube-apiserver does. */
describe('the Kubernetes API: POST and PUT of nodes and pods', () => {
  const t = useApiFixture();
  const kube = (method: 'POST' | 'PUT', url: string, body: unknown) => t.api.request(method, url, body);
  const pod = (metadata: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  const status = (reason: string, message: string, code: number, details?: unknown) => ({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  });

  it('POST creates (201) and answers the stored object; AlreadyExists (409) names the resource', async () => {
    const created = await kube('POST', '/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'k1' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'Node', metadata: { name: 'k1', uid: expect.any(String), resourceVersion: expect.any(String) } });
    const again = await kube('POST', '/api/v1/nodes', { metadata: { name: 'k1' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(status('AlreadyExists', 'nodes "k1" already exists', 409, { kind: 'nodes', name: 'k1' }));
    const otherCluster = await kube('POST', '/clusters/default/api/v1/namespaces/web/pods', pod({ name: 'k1' }));
    expect(otherCluster.statusCode).toBe(201);
    expect((await kube('POST', '/api/v1/namespaces/web/pods', pod({ name: 'k1' }))).json()).toEqual(
      expect.objectContaining({ reason: 'AlreadyExists', message: 'pods "k1" already exists' }),
    );
  });

  it("refuses a body whose namespace is not the path's, a resourceVersion on create, and a kind that is not the path's", async () => {
    const other = await kube('POST', '/api/v1/namespaces/web/pods', pod({ name: 'k2', namespace: 'other' }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual(status('BadRequest', 'the namespace of the provided object does not match the namespace sent on the request', 400));
    const versioned = await kube('POST', '/api/v1/nodes', { metadata: { name: 'k2', resourceVersion: '5' } });
    expect(versioned.json()).toEqual(status('BadRequest', 'resourceVersion should not be set on objects to be created', 400));
    const wrongKind = await kube('POST', '/api/v1/nodes', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'k2' } });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().details.causes).toEqual([
      { reason: 'FieldValueNotSupported', message: 'Unsupported value: "Pod": supported values: "Node"', field: 'kind' },
    ]);
    const unnamed = await kube('POST', '/api/v1/nodes', { metadata: {} });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().message).toBe('Node "" is invalid: metadata.name: Required value: name or generateName is required');
    expect((await t.api.get('/v1/nodes/k2')).statusCode).toBe(404);
  });

  it('?dryRun=All on a create, an update and a pod PATCH answers what would be stored and writes nothing; another value is refused', async () => {
    const created = await kube('POST', '/api/v1/nodes?dryRun=All', { metadata: { name: 'dry' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().metadata.name).toBe('dry');
    expect((await kube('POST', '/api/v1/namespaces/web/pods?dryRun=All', pod({ name: 'dry' }))).statusCode).toBe(201);
    const updated = await kube('PUT', '/api/v1/nodes/k1?dryRun=All', { metadata: { name: 'k1', labels: { a: 'b' } } });
    expect(updated.json().metadata.labels).toEqual({ a: 'b' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/namespaces/web/pods/k1?dryRun=All',
      payload: '{"metadata":{"labels":{"a":"b"}}}',
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patch.json().metadata.labels).toMatchObject({ a: 'b' });
    expect((await t.api.get('/v1/nodes/dry')).statusCode).toBe(404);
    expect((await t.api.get('/v1/namespaces/web/pods/dry')).statusCode).toBe(404);
    expect((await t.api.get('/v1/nodes/k1')).json().metadata.labels).toBeUndefined();
    expect((await t.api.get('/v1/namespaces/web/pods/k1')).json().metadata.labels?.a).toBeUndefined();
    const other = await kube('POST', '/api/v1/nodes?dryRun=Yes', { metadata: { name: 'dry' } });
    expect(other.json()).toEqual(
      status('BadRequest', 'dryRun: Unsupported value: ["Yes"]: supported values: "All"', 400, {
        causes: [{ reason: 'FieldValueNotSupported', message: 'Unsupported value: ["Yes"]: supported values: "All"', field: 'dryRun' }],
      }),
    );
  });

  it('makes a name from generateName, as kube-apiserver does', async () => {
    const created = await kube('POST', '/api/v1/namespaces/web/pods', pod({ generateName: 'gen-' }));
    expect(created.statusCode).toBe(201);
    const name: string = created.json().metadata.name;
    expect(name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect((await t.api.get(`/v1/namespaces/web/pods/${name}`)).statusCode).toBe(200);
  });

  it("PUT updates (200) what exists only; the name must be the path's; a stale resourceVersion is a Conflict", async () => {
    const missing = await kube('PUT', '/api/v1/nodes/k3', { metadata: { name: 'k3' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(status('NotFound', 'nodes "k3" not found', 404, { kind: 'nodes', name: 'k3' }));
    expect((await t.api.get('/v1/nodes/k3')).statusCode).toBe(404);
    expect((await t.api.put('/v1/nodes/k3', { metadata: { name: 'k3' } })).statusCode).toBe(201);
    const stored = (await t.api.get('/v1/nodes/k3')).json();
    const updated = await kube('PUT', '/api/v1/nodes/k3', { ...stored, metadata: { ...stored.metadata, labels: { a: 'b' } } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().metadata.labels).toEqual({ a: 'b' });
    const stale = await kube('PUT', '/api/v1/nodes/k3', stored);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason).toBe('Conflict');
    const renamed = await kube('PUT', '/api/v1/nodes/k3', { metadata: { name: 'k4' } });
    expect(renamed.json()).toEqual(status('BadRequest', 'the name of the object (k4) does not match the name on the URL (k3)', 400));
    const podMissing = await kube('PUT', '/api/v1/namespaces/web/pods/k3', pod({ name: 'k3' }));
    expect(podMissing.json()).toEqual(expect.objectContaining({ reason: 'NotFound', message: 'pods "k3" not found' }));
  });

  it('a body of the wrong shape is a 4xx Status (or a patch that changes nothing), never a 500, and stores nothing', async () => {
    const bodies = [
      'null',
      '[]',
      '"node"',
      '5',
      '{}',
      '{"metadata":5}',
      '{"metadata":{"name":5}}',
      '{"metadata":{"generateName":5}}',
      '{"metadata":{"name":"x","namespace":5}}',
    ];
    const writes: [string, string, string][] = [
      ['POST', '/api/v1/nodes', 'application/json'],
      ['PUT', '/api/v1/nodes/h1', 'application/json'],
      ['POST', '/api/v1/namespaces/web/pods', 'application/json'],
      ['PUT', '/api/v1/namespaces/web/pods/h1', 'application/json'],
      ['PATCH', '/api/v1/namespaces/web/pods/hp', 'application/strategic-merge-patch+json'],
      ['PATCH', '/api/v1/namespaces/web/pods/hp', 'application/merge-patch+json'],
      ['PATCH', '/api/v1/namespaces/web/pods/hp', 'application/json-patch+json'],
    ];
    await t.api.put('/v1/namespaces/web/pods/hp', pod({ name: 'hp' }));
    // A patch that changes nothing is still a write (a new resourceVersion), where kube-apiserver skips it.
    const unversioned = (object: { metadata: Record<string, unknown> }) => ({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } });
    const pods = async () => (await t.api.get('/v1/pods')).json().items.map(unversioned);
    const before = await pods();
    const hp = (await t.api.get('/v1/namespaces/web/pods/hp')).json();
    for (const [method, url, type] of writes) {
      for (const payload of bodies) {
        const reply = await t.app.inject({ method: method as 'POST', url, payload, headers: { 'content-type': type } });
        const said = `${method} ${url} ${payload}: ${reply.body}`;
        expect(reply.statusCode, said).toBeLessThan(500);
        // A patch that changes nothing ({}, [], or null and a scalar, which merge patches take for none) answers the pod.
        if (method === 'PATCH' && reply.statusCode === 200) expect(unversioned(reply.json()), said).toEqual(unversioned(hp));
        else expect(reply.json(), said).toMatchObject({ kind: 'Status', status: 'Failure', code: reply.statusCode });
      }
    }
    expect(await pods()).toEqual(before);
    expect((await t.api.get('/v1/nodes/h1')).statusCode).toBe(404);
  });

  it('a pod PATCH to a label value kube-apiserver refuses is Invalid (422) naming the field, nothing changed', async () => {
    await t.api.put('/v1/namespaces/web/pods/k5', pod({ name: 'k5' }));
    const before = (await t.api.get('/v1/namespaces/web/pods/k5')).json();
    const reply = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/namespaces/web/pods/k5',
      payload: '{"metadata":{"labels":{"team":"-bad"}}}',
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({
      reason: 'Invalid',
      details: { kind: 'Pod', name: 'k5', causes: [{ field: 'metadata.labels', reason: 'FieldValueInvalid' }] },
    });
    expect((await t.api.get('/v1/namespaces/web/pods/k5')).json()).toEqual(before);
  });
});
