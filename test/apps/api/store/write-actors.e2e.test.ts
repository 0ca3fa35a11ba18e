import { asyncLocalStorage, requestContext } from '@fastify/request-context';
import { describe, expect, it } from 'vitest';
import { asController } from '../../../../apps/api/src/platform/access/request-context';
import { ClusterWriter } from '../../../../apps/api/src/store/cluster-writer';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * Writes of one cluster are grouped into one transaction, which runs in whichever async context
 * began the group: a request's, or a controller's pass. Each write's audit rows must still name its
 * own caller: the terminating pod reaper's removals were recorded with the API key and request id of
 * a request whose write happened to lead their group.
 */
describe('the actor of a write grouped with others', () => {
  const t = useApiFixture();

  /** Runs `work` as if answering a request of key `ci` with this id (what the access hook sets). */
  const asRequest = <T>(requestId: string, work: () => Promise<T>): Promise<T> =>
    asyncLocalStorage.run({} as never, () => {
      requestContext.set('facts', { caller: { kind: 'apiKey', id: 7n, name: 'ci', role: 'operator', clusters: ['*'] }, requestId, clientAddress: '10.0.0.9' });
      return work();
    });

  it("names each write's own caller: a request's key and id, or the controller's name", async () => {
    expect((await t.api.putNode('n1')).statusCode).toBe(201);
    const [{ id }] = (await t.db.query<{ id: number }>("SELECT id FROM clusters WHERE name = 'default'")).rows as [{ id: number }];
    const writer = t.app.get(ClusterWriter);
    const write = (name: string) => writer.writeExisting(id, (w) => w.audit({ action: 'test.write', kind: 'Node', name }));
    // Queued together, in turn from each side, so that groups mix them.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      writes.push(asRequest(`req-${i}`, () => write(`req-${i}`)));
      writes.push(asController('test-controller', () => write(`ctl-${i}`)));
    }
    await Promise.all(writes);
    const { rows } = await t.db.query<{ name: string; actor: string; request_id: string | null; client_address: string | null }>(
      "SELECT name, actor, request_id, client_address FROM audit_events WHERE action = 'test.write' ORDER BY id",
    );
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      if (row.name.startsWith('req-')) expect(row).toEqual({ name: row.name, actor: 'apikey:ci', request_id: row.name, client_address: '10.0.0.9' });
      else expect(row).toEqual({ name: row.name, actor: 'system:test-controller', request_id: null, client_address: null });
    }
  });
});
