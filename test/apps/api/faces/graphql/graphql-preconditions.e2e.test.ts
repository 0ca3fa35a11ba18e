import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData, gqlError } from './graphql-client';

type Json = Record<string, any>;

const OTHER_UID = '0b7e3f1a-1111-4c2d-8e3f-9a0b1c2d3e4f';

/** The same preconditions over GraphQL as over REST: the resolvers parse them with REST's operations. */
describe('GraphQL: resourceVersion and delete preconditions', () => {
  const t = useApiFixture();
  const upsertNode = 'mutation($name: String!, $node: JSON!) { upsertNode(name: $name, node: $node) { created node { object } } }';
  const deleteNode = 'mutation($name: String!, $p: Preconditions) { deleteNode(name: $name, preconditions: $p) { name } }';
  const upsertPod = 'mutation($name: String!, $pod: JSON!) { upsertPod(namespace: "g", name: $name, pod: $pod) { created pod { object } } }';
  const deletePod = 'mutation($name: String!, $p: Preconditions) { deletePod(namespace: "g", name: $name, preconditions: $p) { name } }';
  const node = async (name: string, labels: Record<string, string>): Promise<Json> =>
    (await gqlData(t.app, upsertNode, { name, node: { metadata: { labels } } })).upsertNode.node.object;

  it('upsertNode with a stale resourceVersion: CONFLICT with REST’s message, nothing changed; the current one writes', async () => {
    const first = await node('n1', { v: '1' });
    const second = await node('n1', { v: '2' });
    const error = await gqlError(t.app, upsertNode, { name: 'n1', node: { ...first, metadata: { ...first.metadata, labels: { v: '3' } } } }, 'CONFLICT');
    expect(error.message).toBe(
      'Operation cannot be fulfilled on nodes "n1": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(error.extensions).toEqual({ code: 'CONFLICT', statusCode: 409, details: [] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/n1' })).json()).toEqual(second);
    const written = await gqlData(t.app, upsertNode, { name: 'n1', node: { ...second, metadata: { ...second.metadata, labels: { v: '3' } } } });
    expect(written.upsertNode).toMatchObject({ created: false, node: { object: { metadata: { labels: { v: '3' } } } } });
  });

  it('upsertNode with a resourceVersion that is no decimal integer: BAD_REQUEST naming metadata.resourceVersion', async () => {
    const error = await gqlError(t.app, upsertNode, { name: 'n2', node: { metadata: { resourceVersion: 'abc' } } }, 'BAD_REQUEST');
    expect(error.extensions?.details).toEqual([
      { field: 'metadata.resourceVersion', reason: 'Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax' },
    ]);
  });

  it('deleteNode with a wrong uid or resourceVersion: CONFLICT, the node stays; with the right ones: deleted', async () => {
    const stored = await node('d1', { v: '1' });
    const wrongUid = await gqlError(t.app, deleteNode, { name: 'd1', p: { uid: OTHER_UID } }, 'CONFLICT');
    expect(wrongUid.message).toBe(
      `Operation cannot be fulfilled on Node "d1": the UID in the precondition (${OTHER_UID}) does not match the UID in record (${stored.metadata.uid}). The object might have been deleted and then recreated`,
    );
    await gqlError(t.app, deleteNode, { name: 'd1', p: { resourceVersion: '1' } }, 'CONFLICT');
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/d1' })).json()).toEqual(stored);
    const deleted = await gqlData(t.app, deleteNode, { name: 'd1', p: { uid: stored.metadata.uid, resourceVersion: stored.metadata.resourceVersion } });
    expect(deleted.deleteNode).toEqual({ name: 'd1' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/d1' })).statusCode).toBe(404);
  });

  it('deleteNode without preconditions, or with null ones, deletes unconditionally', async () => {
    await node('d2', {});
    expect((await gqlData(t.app, deleteNode, { name: 'd2' })).deleteNode).toEqual({ name: 'd2' });
    await node('d3', {});
    expect((await gqlData(t.app, deleteNode, { name: 'd3', p: { uid: null, resourceVersion: null } })).deleteNode).toEqual({ name: 'd3' });
  });

  it('upsertPod with a stale resourceVersion: CONFLICT; deletePod honours its preconditions', async () => {
    const pod: Json = (await gqlData(t.app, upsertPod, { name: 'p1', pod: {} })).upsertPod.pod.object;
    const now: Json = (await gqlData(t.app, upsertPod, { name: 'p1', pod: { ...pod, metadata: { ...pod.metadata, labels: { v: '2' } } } })).upsertPod.pod
      .object;
    await gqlError(t.app, upsertPod, { name: 'p1', pod: { ...pod, metadata: { ...pod.metadata, labels: { v: '3' } } } }, 'CONFLICT');
    const error = await gqlError(t.app, deletePod, { name: 'p1', p: { resourceVersion: pod.metadata.resourceVersion } }, 'CONFLICT');
    expect(error.message).toBe(
      `Operation cannot be fulfilled on Pod "p1": the ResourceVersion in the precondition (${pod.metadata.resourceVersion}) does not match the ResourceVersion in record (${now.metadata.resourceVersion}). The object might have been modified`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/v1/namespaces/g/pods/p1' })).json()).toEqual(now);
    expect((await gqlData(t.app, deletePod, { name: 'p1', p: { uid: now.metadata.uid, resourceVersion: now.metadata.resourceVersion } })).deletePod).toEqual({
      name: 'p1',
    });
  });
});
