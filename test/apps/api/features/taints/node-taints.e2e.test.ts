import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored, expectNotJsonRefused, expectRawRefused, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { k8sTime } from '../../../../support/server-fields';
import { msg } from '../../../../libs/domain/validation/messages';

const invalid = (key: string, details: Detail[]) => invalidMessage('Taint', key, details);

describe('POST and DELETE /v1/nodes/{name}/taints', () => {
  const { api, db } = useApiFixture();
  const taintsOf = async (name: string) => (await api.getNode(name)).json().spec.taints;

  beforeAll(async () => {
    expect((await api.putNode('t1', { spec: { taints: [{ key: 'existing', value: 'yes', effect: 'NoSchedule' }] } })).statusCode).toBe(201);
  });

  describe('adding', () => {
    it('answers 201 with the whole node, the new taint first (kubectl order), stamped with timeAdded', async () => {
      const reply = await api.post('/v1/nodes/t1/taints', { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' });
      expect(reply.statusCode).toBe(201);
      const node = reply.json();
      expect(node).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name: 't1' } });
      expect(node.spec.taints).toEqual([
        { key: 'dedicated', value: 'gpu', effect: 'NoSchedule', timeAdded: expect.stringMatching(k8sTime) },
        { key: 'existing', value: 'yes', effect: 'NoSchedule', timeAdded: expect.stringMatching(k8sTime) },
      ]);
      expect((await api.getNode('t1')).json()).toEqual(node);
    });

    it('takes a taint without value, and keeps a timeAdded that was sent', async () => {
      const reply = await api.post('/v1/nodes/t1/taints', { key: 'example.com/maintenance', effect: 'PreferNoSchedule', timeAdded: '2026-03-01T12:00:00Z' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().spec.taints[0]).toEqual({ key: 'example.com/maintenance', effect: 'PreferNoSchedule', timeAdded: '2026-03-01T12:00:00Z' });
    });

    it('the same key with another effect is another taint', async () => {
      const reply = await api.post('/v1/nodes/t1/taints', { key: 'dedicated', value: 'gpu', effect: 'NoExecute' });
      expect(reply.statusCode).toBe(201);
      expect((await taintsOf('t1')).filter((x: { key: string }) => x.key === 'dedicated')).toHaveLength(2);
    });

    it("answers 409 with kubectl's message for a key and effect the node has, and changes nothing", async () => {
      const reply = await expectNothingStored(api, db, () => api.post('/v1/nodes/t1/taints', { key: 'dedicated', value: 'other', effect: 'NoSchedule' }));
      expectApiError(reply, 409, 'node t1 already has dedicated taint(s) with same effect(s) and --overwrite is false');
      // also when the value is the same
      const same = await expectNothingStored(api, db, () => api.post('/v1/nodes/t1/taints', { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }));
      expectApiError(same, 409, 'node t1 already has dedicated taint(s) with same effect(s) and --overwrite is false');
      // ?overwrite= anything but true is no overwrite
      const notTrue = await expectNothingStored(api, db, () =>
        api.post('/v1/nodes/t1/taints?overwrite=false', { key: 'dedicated', value: 'other', effect: 'NoSchedule' }),
      );
      expect(notTrue.statusCode).toBe(409);
    });

    it('?overwrite=true replaces the value of that key and effect only, and adds a taint that is not there', async () => {
      const reply = await api.post('/v1/nodes/t1/taints?overwrite=true', { key: 'dedicated', value: 'tpu', effect: 'NoSchedule' });
      expect(reply.statusCode).toBe(201);
      const taints = reply.json().spec.taints;
      expect(taints.filter((x: { key: string }) => x.key === 'dedicated')).toEqual([
        { key: 'dedicated', value: 'tpu', effect: 'NoSchedule', timeAdded: expect.stringMatching(k8sTime) },
        { key: 'dedicated', value: 'gpu', effect: 'NoExecute', timeAdded: expect.stringMatching(k8sTime) },
      ]);
      const fresh = await api.post('/v1/nodes/t1/taints?overwrite=true', { key: 'brand-new', effect: 'NoSchedule' });
      expect(fresh.statusCode).toBe(201);
      expect(fresh.json().spec.taints[0]).toMatchObject({ key: 'brand-new', effect: 'NoSchedule' });
    });

    it('answers 404 for a node that does not exist, and creates nothing', async () => {
      const reply = await expectNothingStored(api, db, () => api.post('/v1/nodes/ghost/taints', { key: 'k', effect: 'NoSchedule' }));
      expectApiError(reply, 404, 'nodes "ghost" not found');
      expectApiError(await api.getNode('ghost'), 404, 'nodes "ghost" not found');
    });

    it.each<[string, unknown, string, Detail[]]>([
      ['no effect', { key: 'k' }, 'k', [{ field: 'effect', reason: 'Required value' }]],
      ['an unknown effect', { key: 'k', effect: 'Sometimes' }, 'k', [{ field: 'effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` }]],
      [
        'no key',
        { effect: 'NoSchedule' },
        '',
        [
          { field: 'key', reason: `Invalid value: "": ${msg.nameEmpty}` },
          { field: 'key', reason: `Invalid value: "": ${msg.nameRegex}` },
        ],
      ],
      ['a bad key', { key: 'bad key', effect: 'NoSchedule' }, 'bad key', [{ field: 'key', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      ['a key with an empty prefix', { key: '/k', effect: 'NoSchedule' }, '/k', [{ field: 'key', reason: `Invalid value: "/k": ${msg.prefixEmpty}` }]],
      ['a bad value', { key: 'k', value: 'a b', effect: 'NoSchedule' }, 'k', [{ field: 'value', reason: `Invalid value: "a b": ${msg.labelValueRegex}` }]],
      [
        'a value of 64 bytes',
        { key: 'k', value: 'v'.repeat(64), effect: 'NoSchedule' },
        'k',
        [{ field: 'value', reason: `Invalid value: "${'v'.repeat(64)}": ${msg.labelValueTooLong}` }],
      ],
      ['a key that is a number', { key: 5, effect: 'NoSchedule' }, '5', [{ field: 'key', reason: 'Invalid value: 5: must be a string' }]],
      ['an effect that is a list', { key: 'k', effect: ['NoSchedule'] }, 'k', [{ field: 'effect', reason: 'Invalid value: ["NoSchedule"]: must be a string' }]],
      [
        'a timeAdded that is not a time',
        { key: 'k', effect: 'NoExecute', timeAdded: 'now' },
        'k',
        [{ field: 'timeAdded', reason: 'Invalid value: "now": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }],
      ],
      [
        'everything wrong at once',
        { key: 'bad key', value: 'a b', effect: 'Sometimes' },
        'bad key',
        [
          { field: 'key', reason: `Invalid value: "bad key": ${msg.nameRegex}` },
          { field: 'value', reason: `Invalid value: "a b": ${msg.labelValueRegex}` },
          { field: 'effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` },
        ],
      ],
    ])('answers 400 for %s, naming the field, and changes nothing', async (_, body, key, details) => {
      const reply = await expectNothingStored(api, db, () => api.post('/v1/nodes/t1/taints', body));
      expectApiError(reply, 400, invalid(key, details), details);
    });

    it.each([
      ['null', 'null', 'Required value'],
      ['a list', '[{"key":"k","effect":"NoSchedule"}]', 'Invalid value: [{"key":"k","effect":"NoSchedule"}]: must be an object'],
      ['a kubectl taint string', '"k=v:NoSchedule"', 'Invalid value: "k=v:NoSchedule": must be an object'],
    ])('answers 400 for a body that is %s', async (_, payload, reason) => {
      await expectRawRefused(api, db, 'POST', '/v1/nodes/t1/taints', payload, `Taint "" is invalid: <body>: ${reason}`, [{ field: '<body>', reason }]);
    });

    it('answers 400 for JSON that does not parse', async () => {
      await expectNotJsonRefused(api, db, 'POST', '/v1/nodes/t1/taints', '{"key": "k", ');
    });

    it('validates the taint before looking for the node: a bad taint for a missing node is a 400', async () => {
      const reply = await expectNothingStored(api, db, () => api.post('/v1/nodes/ghost/taints', { key: 'k' }));
      expectApiError(reply, 400, invalid('k', [{ field: 'effect', reason: 'Required value' }]), [{ field: 'effect', reason: 'Required value' }]);
    });

    it('50 concurrent adds of distinct taints to one node leave 50 taints', async () => {
      await api.putNode('busy');
      const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => api.post('/v1/nodes/busy/taints', { key: `k${i}`, effect: 'NoSchedule' })));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      expect(await taintsOf('busy')).toHaveLength(50);
    });
  });

  describe('removing', () => {
    beforeAll(async () => {
      const taints = [
        { key: 'gone', value: 'a', effect: 'NoSchedule' },
        { key: 'gone', effect: 'NoExecute' },
        { key: 'gone', effect: 'PreferNoSchedule' },
        { key: 'stays', effect: 'NoSchedule' },
        { key: 'pick', effect: 'NoSchedule' },
        { key: 'pick', effect: 'NoExecute' },
      ];
      expect((await api.putNode('r1', { spec: { taints } })).statusCode).toBe(201);
    });

    it('with key and effect removes that taint only, answering 200 and the node', async () => {
      const reply = await api.del('/v1/nodes/r1/taints?key=pick&effect=NoExecute');
      expect(reply.statusCode).toBe(200);
      expect(reply.json().spec.taints.map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toEqual([
        'gone:NoSchedule',
        'gone:NoExecute',
        'gone:PreferNoSchedule',
        'stays:NoSchedule',
        'pick:NoSchedule',
      ]);
      expect((await api.getNode('r1')).json()).toEqual(reply.json());
    });

    it('with the key only removes every effect of that key (kubectl key-)', async () => {
      const reply = await api.del('/v1/nodes/r1/taints?key=gone');
      expect(reply.statusCode).toBe(200);
      expect(reply.json().spec.taints.map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toEqual(['stays:NoSchedule', 'pick:NoSchedule']);
      expect((await taintsOf('r1')).map((x: { key: string }) => x.key)).toEqual(['stays', 'pick']);
    });

    it('removing the last taint leaves a node without spec.taints', async () => {
      await api.putNode('r2', { spec: { taints: [{ key: 'only', effect: 'NoSchedule' }] } });
      const reply = await api.del('/v1/nodes/r2/taints?key=only&effect=NoSchedule');
      expect(reply.statusCode).toBe(200);
      expect(reply.json().spec.taints).toBeUndefined();
      expect(await taintsOf('r2')).toBeUndefined();
    });

    it.each([
      ['key=pick&effect=NoExecute', 'taint "pick:NoExecute" not found'],
      ['key=gone', 'taint "gone" not found'],
      ['key=stays&effect=PreferNoSchedule', 'taint "stays:PreferNoSchedule" not found'],
      ['key=never', 'taint "never" not found'],
    ])('answers 404 for an absent taint (?%s) and changes nothing', async (query, message) => {
      const reply = await expectNothingStored(api, db, () => api.del(`/v1/nodes/r1/taints?${query}`));
      expectApiError(reply, 404, message);
    });

    it('answers 404 for a node that does not exist', async () => {
      const reply = await expectNothingStored(api, db, () => api.del('/v1/nodes/ghost/taints?key=k&effect=NoSchedule'));
      expectApiError(reply, 404, 'nodes "ghost" not found');
      expectApiError(await expectNothingStored(api, db, () => api.del('/v1/nodes/ghost/taints?key=k')), 404, 'nodes "ghost" not found');
    });

    it.each(['', '?key=', '?effect=NoSchedule'])('answers 400 when the key is missing (%s)', async (query) => {
      const reply = await expectNothingStored(api, db, () => api.del(`/v1/nodes/r1/taints${query}`));
      expectApiError(reply, 400, 'key is required: DELETE /v1/nodes/{name}/taints?key=K[&effect=E]', [{ field: 'key', reason: 'Required value' }]);
    });

    it.each([
      ['effect=Sometimes', 'key=stays&effect=Sometimes', 'invalid taint effect: Sometimes, unsupported taint effect'],
      ['a lower-case effect', 'key=stays&effect=noschedule', 'invalid taint effect: noschedule, unsupported taint effect'],
      ['a key that is not a qualified name', 'key=bad%20key', `invalid taint spec: bad key, ${msg.nameRegex}`],
      ['a key with a value in it', 'key=stays%3Dv', `invalid taint spec: stays=v, ${msg.nameRegex}`],
    ])('answers 400 for %s and changes nothing', async (_, query, message) => {
      const reply = await expectNothingStored(api, db, () => api.del(`/v1/nodes/r1/taints?${query}`));
      expectApiError(reply, 400, message);
    });

    it('the node keeps exactly the taints left after all the refusals', async () => {
      expect((await taintsOf('r1')).map((x: { key: string; effect: string }) => `${x.key}:${x.effect}`)).toEqual(['stays:NoSchedule', 'pick:NoSchedule']);
    });
  });
});
