import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A request's id (edge/request-ids.ts): the caller's `x-request-id` when it is one to keep, else
 * a new UUID; on every answer, and in the audit trail of the writes it made.
 */
describe('request ids', () => {
  const t = useApiFixture();
  const putNode = (name: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/v1/nodes/${name}`, payload: { metadata: { name } }, headers });
  const auditedId = async (name: string) =>
    (await t.db.query<{ request_id: string }>(`SELECT request_id FROM audit_events WHERE kind = 'Node' AND name = $1 ORDER BY id DESC LIMIT 1`, [name])).rows[0]
      ?.request_id;

  it("keeps the caller's id: the answer carries it and the audit trail records it", async () => {
    const reply = await putNode('kept', { 'x-request-id': 'portal-7f3a:42' });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers['x-request-id']).toBe('portal-7f3a:42');
    expect(await auditedId('kept')).toBe('portal-7f3a:42');
  });

  it('makes one when none is sent, the same on the answer and in the audit trail', async () => {
    const reply = await putNode('made', {});
    const id = reply.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(await auditedId('made')).toBe(id);
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['a space', 'two words'],
    ['a quote', 'a"b'],
    ['empty', ''],
  ])('replaces one it does not keep (%s) with its own', async (_, sent) => {
    const reply = await putNode(`replaced-${sent.length}`, { 'x-request-id': sent });
    expect(reply.headers['x-request-id']).toMatch(UUID);
  });

  it('is on failures too: a 404, a 400 naming the bad field', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/nodes/nowhere', headers: { 'x-request-id': 'r-404' } });
    expect([missing.statusCode, missing.headers['x-request-id']]).toEqual([404, 'r-404']);
    const bad = await t.app.inject({ method: 'PUT', url: '/v1/nodes/bad', payload: { metadata: { name: 'other' } }, headers: { 'x-request-id': 'r-400' } });
    expect([bad.statusCode, bad.headers['x-request-id']]).toEqual([400, 'r-400']);
  });
});
