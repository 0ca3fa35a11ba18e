import { beforeAll, describe, expect, it } from 'vitest';
import { Api, expectApiError, expectNothingStored, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

type Json = Record<string, any>;

/** apierrors.NewConflict with Store.Update's OptimisticLockErrorMsg. */
const modified = (name: string) =>
  `Operation cannot be fulfilled on nodes "${name}": the object has been modified; please apply your changes to the latest version and try again`;
/** rest.BeforeDelete's conflicts: the resource named by its kind. */
const uidMismatch = (name: string, sent: string, stored: string) =>
  `Operation cannot be fulfilled on Node "${name}": the UID in the precondition (${sent}) does not match the UID in record (${stored}). The object might have been deleted and then recreated`;
const versionMismatch = (name: string, sent: string, stored: string) =>
  `Operation cannot be fulfilled on Node "${name}": the ResourceVersion in the precondition (${sent}) does not match the ResourceVersion in record (${stored}). The object might have been modified`;
const OTHER_UID = '0b7e3f1a-1111-4c2d-8e3f-9a0b1c2d3e4f';

const withLabels = (node: Json, labels: Record<string, string>): Json => ({ ...node, metadata: { ...node.metadata, labels } });

describe('optimistic concurrency on nodes (docs/contract.md, "Concurrency")', () => {
  const t = useApiFixture();
  const { api, db } = t;
  const created = async (name: string, labels: Record<string, string> = { v: '1' }): Promise<Json> => {
    const reply = await api.putNode(name, { metadata: { labels } });
    expect(reply.statusCode).toBe(201);
    return reply.json();
  };
  const del = (name: string, options: unknown) => api.request('DELETE', `/v1/nodes/${name}`, options);

  // Store.Update (k8s.io/apiserver/pkg/registry/generic/registry/store.go), in GuaranteedUpdate's tryUpdate.
  describe('PUT with metadata.resourceVersion (Store.Update)', () => {
    it('a stale resourceVersion answers 409 and changes nothing: the node keeps its version and content', async () => {
      const first = await created('stale');
      const second = await api.putNode('stale', withLabels(first, { v: '2' }));
      expect(second.statusCode).toBe(200);
      const reply = await expectNothingStored(api, db, () => api.putNode('stale', withLabels(first, { v: '3' })));
      expectApiError(reply, 409, modified('stale'));
      expect((await api.getNode('stale')).json()).toEqual(second.json());
    });

    it('the stored resourceVersion answers 200, and the answer carries the next one', async () => {
      const node = await created('current');
      const reply = await api.putNode('current', withLabels(node, { v: '2' }));
      expect(reply.statusCode).toBe(200);
      expect(reply.json().metadata.labels).toEqual({ v: '2' });
      expect(BigInt(reply.json().metadata.resourceVersion)).toBeGreaterThan(BigInt(node.metadata.resourceVersion));
      // the version just answered is the one to send next; the one before is stale now
      expect((await api.putNode('current', withLabels(reply.json(), { v: '3' }))).statusCode).toBe(200);
      expectApiError(await api.putNode('current', withLabels(reply.json(), { v: '4' })), 409, modified('current'));
    });

    it('the same version written with leading zeros is that version, as ParseUint reads it', async () => {
      const node = await created('zeros');
      const reply = await api.putNode('zeros', { ...node, metadata: { ...node.metadata, resourceVersion: `00${node.metadata.resourceVersion}` } });
      expect(reply.statusCode).toBe(200);
    });

    it.each([
      ['absent', undefined],
      ['empty', ''],
      ['"0", which Store.Update reads as none', '0'],
    ])('no resourceVersion (%s): unconditional, over whatever is stored', async (_name, resourceVersion) => {
      const name = `free-${resourceVersion === undefined ? 'absent' : resourceVersion || 'empty'}`;
      const node = await created(name);
      await api.putNode(name, withLabels(node, { v: '2' }));
      const reply = await api.putNode(name, { metadata: { resourceVersion, labels: { v: '3' } } });
      expect(reply.statusCode).toBe(200);
      expect((await api.getNode(name)).json().metadata.labels).toEqual({ v: '3' });
    });

    it('a resourceVersion for a node not stored is an update of nothing: 404, nothing created', async () => {
      // existingResourceVersion == 0 and nodeStrategy.AllowCreateOnUpdate() is false: apierrors.NewNotFound.
      const reply = await expectNothingStored(api, db, () => api.putNode('absent', { metadata: { resourceVersion: '7' } }));
      expectApiError(reply, 404, 'nodes "absent" not found');
      // a deleted node is not brought back by a write made from what was read before
      const node = await created('deleted');
      expect((await api.del('/v1/nodes/deleted')).statusCode).toBe(200);
      expectApiError(await api.putNode('deleted', withLabels(node, { v: '2' })), 404, 'nodes "deleted" not found');
    });

    it.each<[string, string, unknown, string]>([
      ['not decimal', 'rv-text', 'v7', 'Invalid value: "v7": strconv.ParseUint: parsing "v7": invalid syntax'],
      ['negative', 'rv-negative', '-1', 'Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax'],
      [
        'beyond uint64',
        'rv-huge',
        '18446744073709551616',
        'Invalid value: "18446744073709551616": strconv.ParseUint: parsing "18446744073709551616": value out of range',
      ],
      ['a number', 'rv-number', 7, 'Invalid value: 7: must be a string'],
    ])('a resourceVersion that is %s: 400 naming metadata.resourceVersion, nothing stored', async (_case, name, resourceVersion, reason) => {
      await created(name);
      const reply = await expectNothingStored(api, db, () => api.putNode(name, { metadata: { resourceVersion, labels: { v: '2' } } }));
      const details = [{ field: 'metadata.resourceVersion', reason }];
      expectApiError(reply, 400, invalidMessage('Node', name, details), details);
    });

    it('a bad resourceVersion is reported with the node’s other bad fields', async () => {
      const reply = await api.putNode('both-bad', { metadata: { resourceVersion: 'x' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details.map((d: { field: string }) => d.field)).toEqual(['spec.taints[0].effect', 'metadata.resourceVersion']);
    });

    it('writes that name no version stay unconditional, as kubectl’s patches are: cordon, taints, kubectl taint', async () => {
      const node = await created('unconditional', { pool: 'u' });
      expect((await api.post('/v1/nodes/unconditional/cordon', {})).statusCode).toBe(200);
      expect((await api.post('/v1/nodes/unconditional/taints', { key: 'k', effect: 'NoSchedule' })).statusCode).toBe(201);
      expect((await api.post('/v1/taint', { selector: 'pool=u', taints: ['k2:PreferNoSchedule'] })).statusCode).toBe(200);
      expect((await api.del('/v1/nodes/unconditional/taints?key=k')).statusCode).toBe(200);
      expect((await api.post('/v1/nodes/unconditional/uncordon', {})).statusCode).toBe(200);
      // each of them took a new version: what was read before them is stale
      expectApiError(await api.putNode('unconditional', withLabels(node, { pool: 'v' })), 409, modified('unconditional'));
    });
  });

  // Store.Delete and rest.BeforeDelete (k8s.io/apiserver/pkg/registry/rest/delete.go).
  describe('DELETE with DeleteOptions preconditions (Store.Delete, rest.BeforeDelete)', () => {
    it('a uid that is not the node’s answers 409 and the node stays', async () => {
      const node = await created('del-uid');
      const options = { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: OTHER_UID } };
      const reply = await expectNothingStored(api, db, () => del('del-uid', options));
      expectApiError(reply, 409, uidMismatch('del-uid', OTHER_UID, node.metadata.uid));
      expect((await api.getNode('del-uid')).json()).toEqual(node);
    });

    it('a resourceVersion that is not the node’s answers 409 and the node stays', async () => {
      const node = await created('del-rv');
      const now = (await api.putNode('del-rv', withLabels(node, { v: '2' }))).json();
      const reply = await expectNothingStored(api, db, () => del('del-rv', { preconditions: { resourceVersion: node.metadata.resourceVersion } }));
      expectApiError(reply, 409, versionMismatch('del-rv', node.metadata.resourceVersion, now.metadata.resourceVersion));
      expect((await api.getNode('del-rv')).json()).toEqual(now);
    });

    it('the node’s uid and resourceVersion: deleted, answered as it was', async () => {
      const node = await created('del-ok');
      const reply = await del('del-ok', {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        preconditions: { uid: node.metadata.uid, resourceVersion: node.metadata.resourceVersion },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(node);
      expectApiError(await api.getNode('del-ok'), 404, 'nodes "del-ok" not found');
    });

    it('what kubectl delete sends beside them (a grace period, a propagation policy) is taken, not refused', async () => {
      const node = await created('del-kubectl');
      const options = {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        gracePeriodSeconds: 0,
        propagationPolicy: 'Background',
        preconditions: { uid: node.metadata.uid },
      };
      expect((await del('del-kubectl', options)).statusCode).toBe(200);
      await created('del-kubectl-2');
      expect((await del('del-kubectl-2', { propagationPolicy: 'Foreground' })).statusCode).toBe(200);
    });

    it('no body, or an empty one under a JSON content type, deletes as before', async () => {
      await created('del-bare');
      expect((await api.del('/v1/nodes/del-bare')).statusCode).toBe(200);
      await created('del-empty');
      expect((await api.raw('DELETE', '/v1/nodes/del-empty', '')).statusCode).toBe(200);
      await created('del-empty-object');
      expect((await del('del-empty-object', {})).statusCode).toBe(200);
    });

    it('preconditions for a node not stored: 404', async () => {
      expectApiError(await del('never', { preconditions: { uid: OTHER_UID } }), 404, 'nodes "never" not found');
    });

    it.each<[string, unknown, { field: string; reason: string }]>([
      ['a uid that is no string', { preconditions: { uid: 5 } }, { field: 'preconditions.uid', reason: 'Invalid value: 5: must be a string' }],
      ['another kind', { kind: 'Node' }, { field: 'kind', reason: 'Unsupported value: "Node": supported values: "DeleteOptions"' }],
      [
        'a propagation policy Kubernetes does not have',
        { propagationPolicy: 'Cascade' },
        { field: 'propagationPolicy', reason: 'Unsupported value: "Cascade": supported values: "Foreground", "Background", "Orphan"' },
      ],
      ['a dryRun other than All', { dryRun: ['Maybe'] }, { field: 'dryRun', reason: 'Unsupported value: ["Maybe"]: supported values: "All"' }],
    ])('DeleteOptions with %s: 400 naming the field, nothing deleted', async (_name, options, detail) => {
      await api.putNode('del-bad', {});
      const reply = await expectNothingStored(api, db, () => del('del-bad', options));
      expectApiError(reply, 400, `${detail.field}: ${detail.reason}`, [detail]);
    });

    it('a dry run, in DeleteOptions or on the query: answers the node, deletes nothing', async () => {
      await created('del-dry');
      for (const reply of [await del('del-dry', { dryRun: ['All'] }), await api.del('/v1/nodes/del-dry?dryRun=All')]) {
        expect(reply.statusCode).toBe(200);
        expect(reply.json()).toMatchObject({ metadata: { name: 'del-dry' } });
      }
      expect((await api.get('/v1/nodes/del-dry')).statusCode).toBe(200);
    });

    it('JSON that does not parse: 400, nothing deleted', async () => {
      await api.putNode('del-garbled', {});
      const reply = await expectNothingStored(api, db, () => api.raw('DELETE', '/v1/nodes/del-garbled', '{"preconditions":'));
      expect(reply.statusCode).toBe(400);
    });
  });
});

/**
 * The scenario: two replicas increment a label of one node by read-modify-write, each
 * retrying on 409 with the node read again (client-go's RetryOnConflict). Without the check, half
 * the increments were lost.
 */
describe('read-modify-write through two replicas', () => {
  const t = useApiFixture();
  let replicas: Api[];

  beforeAll(async () => {
    replicas = [t.api, new Api(await t.bootReplica())];
    expect((await t.api.putNode('counter', { metadata: { labels: { count: '0' } } })).statusCode).toBe(201);
  });

  /** One increment: read, add one, write with the version read; again from the read on a conflict. */
  const increment = async (api: Api): Promise<void> => {
    for (;;) {
      const node = (await api.getNode('counter')).json();
      const count = Number(node.metadata.labels.count) + 1;
      const reply = await api.putNode('counter', withLabels(node, { count: String(count) }));
      if (reply.statusCode === 200) return;
      expectApiError(reply, 409, modified('counter'));
    }
  };

  it('100 increments, two workers on each replica at once: the label ends at exactly 100', async () => {
    const workers = [0, 1, 2, 3].map(async (i) => {
      const api = replicas[i % 2] as Api;
      for (let n = 0; n < 25; n++) await increment(api);
    });
    await Promise.all(workers);
    for (const api of replicas) expect((await api.getNode('counter')).json().metadata.labels).toEqual({ count: '100' });
    // every write that was refused was retried, none was lost: 100 replaces were audited
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_events WHERE action = 'node.replace' AND name = 'counter'");
    expect(rows[0]?.n).toBe(100);
  });
});
