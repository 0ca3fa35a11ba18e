import { describe, expect, it } from 'vitest';
import { type Reply, detailLines, expectApiError, expectCommandRefused, expectNothingStored, expectNotJsonRefused } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { k8sTime } from '../../../../support/server-fields';
import { msg } from '../../../../libs/domain/validation/messages';

type Taint = { key: string; value?: string; effect: string; timeAdded?: string };
const spelled = (taints: Taint[] | undefined) => (taints ?? []).map((x) => `${x.key}${x.value ? `=${x.value}` : ''}:${x.effect}`);

describe('POST /v1/taint (kubectl taint)', () => {
  const { api, db } = useApiFixture();
  const command = (body: unknown) => api.post('/v1/taint', body);
  const taintsOf = async (name: string): Promise<string[]> => spelled((await api.getNode(name)).json().spec.taints);
  /** Every node's taints, by name. */
  const allTaints = async (): Promise<Record<string, string[]>> =>
    Object.fromEntries(
      (await api.get('/v1/nodes'))
        .json()
        .items.map((n: { metadata: { name: string }; spec: { taints?: Taint[] } }) => [n.metadata.name, spelled(n.spec.taints)]),
    );
  const resultsOf = (reply: Reply) => reply.json().results.map((r: { node: string; operation: string; message: string }) => [r.node, r.operation, r.message]);

  /** A fresh set of nodes for each test: c1, c2 in pool gpu (c2 tainted old=x:NoSchedule), c3, c4 in pool cpu. */
  const fresh = async (prefix: string) => {
    const nodes: [string, Record<string, string>, Taint[]][] = [
      [`${prefix}1`, { pool: 'gpu', set: prefix }, []],
      [`${prefix}2`, { pool: 'gpu', set: prefix }, [{ key: 'old', value: 'x', effect: 'NoSchedule' }]],
      [`${prefix}3`, { pool: 'cpu', set: prefix }, []],
      [`${prefix}4`, { pool: 'cpu', set: prefix }, [{ key: 'k', effect: 'PreferNoSchedule' }]],
    ];
    for (const [name, labels, taints] of nodes) expect((await api.putNode(name, { metadata: { labels }, spec: { taints } })).statusCode).toBe(201);
  };

  describe('what it changes', () => {
    it('adds several taints to the named nodes at once, answering 200 with one result per node in name order', async () => {
      await fresh('a');
      const reply = await command({ nodes: ['a3', 'a1'], taints: ['dedicated=gpu:NoSchedule', 'spot:PreferNoSchedule'] });
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body.dryRun).toBe(false);
      expect(resultsOf(reply)).toEqual([
        ['a1', 'tainted', 'node/a1 tainted'],
        ['a3', 'tainted', 'node/a3 tainted'],
      ]);
      for (const result of body.results) {
        expect(result.taints).toEqual([
          { key: 'dedicated', value: 'gpu', effect: 'NoSchedule', timeAdded: expect.stringMatching(k8sTime) },
          { key: 'spot', effect: 'PreferNoSchedule', timeAdded: expect.stringMatching(k8sTime) },
        ]);
        // the object answered is the node as stored
        expect(result.object).toEqual((await api.getNode(result.node)).json());
        expect(result.object.spec.taints).toEqual(result.taints);
      }
      expect(await taintsOf('a2')).toEqual(['old=x:NoSchedule']);
      expect(await taintsOf('a4')).toEqual(['k:PreferNoSchedule']);
    });

    it('a selector taints the matching nodes and no other', async () => {
      await fresh('b');
      const before = await allTaints();
      const reply = await command({ selector: 'set=b,pool=cpu', taints: ['sel=yes:NoSchedule'] });
      expect(reply.statusCode).toBe(200);
      expect(resultsOf(reply)).toEqual([
        ['b3', 'tainted', 'node/b3 tainted'],
        ['b4', 'tainted', 'node/b4 tainted'],
      ]);
      expect(await allTaints()).toEqual({ ...before, b3: ['sel=yes:NoSchedule'], b4: ['sel=yes:NoSchedule', 'k:PreferNoSchedule'] });
    });

    it('a set-based selector works as in kubectl -l', async () => {
      await fresh('s');
      const reply = await command({ selector: 'set in (s),pool notin (cpu)', taints: ['setbased:NoSchedule'] });
      expect(resultsOf(reply).map((r: string[]) => r[0])).toEqual(['s1', 's2']);
    });

    it('a selector that matches nothing answers no results and taints nothing', async () => {
      const before = await allTaints();
      const reply = await command({ selector: 'pool=none', taints: ['x:NoSchedule'] });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ dryRun: false, results: [] });
      expect(await allTaints()).toEqual(before);
    });

    it('all: true taints every node', async () => {
      const names = Object.keys(await allTaints());
      const reply = await command({ all: true, taints: ['fleet=wide:PreferNoSchedule'] });
      expect(reply.statusCode).toBe(200);
      expect(resultsOf(reply).map((r: string[]) => r[0])).toEqual([...names].sort());
      for (const taints of Object.values(await allTaints())) expect(taints[0]).toBe('fleet=wide:PreferNoSchedule');
      // and removes it again from every node
      const removed = await command({ all: true, taints: ['fleet-'] });
      expect(resultsOf(removed).every((r: string[]) => r[1] === 'untainted')).toBe(true);
      for (const taints of Object.values(await allTaints())) expect(taints).not.toContain('fleet=wide:PreferNoSchedule');
    });

    it('removes by key and effect, and by key alone every effect (untainted)', async () => {
      await api.putNode('rm1', {
        spec: {
          taints: [
            { key: 'k', effect: 'NoSchedule' },
            { key: 'k', effect: 'NoExecute' },
            { key: 'j', value: 'v', effect: 'NoSchedule' },
            { key: 'keep', effect: 'NoSchedule' },
          ],
        },
      });
      const one = await command({ nodes: ['rm1'], taints: ['j=v:NoSchedule-'] });
      expect(resultsOf(one)).toEqual([['rm1', 'untainted', 'node/rm1 untainted']]);
      expect(await taintsOf('rm1')).toEqual(['k:NoSchedule', 'k:NoExecute', 'keep:NoSchedule']);
      const every = await command({ nodes: ['rm1'], taints: ['k-'] });
      expect(resultsOf(every)).toEqual([['rm1', 'untainted', 'node/rm1 untainted']]);
      expect(await taintsOf('rm1')).toEqual(['keep:NoSchedule']);
    });

    it('adds and removes in one command (modified), the removal of each named node', async () => {
      await fresh('m');
      const reply = await command({ nodes: ['m2'], taints: ['new=1:NoExecute', 'old:NoSchedule-'] });
      expect(resultsOf(reply)).toEqual([['m2', 'modified', 'node/m2 modified']]);
      expect(await taintsOf('m2')).toEqual(['new=1:NoExecute']);
    });

    it('refuses a key and effect a node has (409), and overwrite replaces it (modified)', async () => {
      await fresh('o');
      const refused = await expectNothingStored(api, db, () => command({ nodes: ['o2'], taints: ['old=y:NoSchedule'] }));
      expectApiError(refused, 409, 'node o2 already has old taint(s) with same effect(s) and --overwrite is false');
      const over = await command({ nodes: ['o2'], taints: ['old=y:NoSchedule'], overwrite: true });
      expect(over.statusCode).toBe(200);
      expect(resultsOf(over)).toEqual([['o2', 'modified', 'node/o2 modified']]);
      expect(await taintsOf('o2')).toEqual(['old=y:NoSchedule']);
      // overwrite on a node without that taint adds it; kubectl still says modified
      const added = await command({ nodes: ['o1'], taints: ['old=y:NoSchedule'], overwrite: true });
      expect(resultsOf(added)).toEqual([['o1', 'modified', 'node/o1 modified']]);
      expect(await taintsOf('o1')).toEqual(['old=y:NoSchedule']);
    });

    it('a node named twice is changed once', async () => {
      await fresh('d');
      const reply = await command({ nodes: ['d1', 'd1'], taints: ['twice:NoSchedule'] });
      expect(resultsOf(reply)).toEqual([['d1', 'tainted', 'node/d1 tainted']]);
      expect(await taintsOf('d1')).toEqual(['twice:NoSchedule']);
    });
  });

  describe('dry run', () => {
    it('answers what the nodes would become and changes nothing', async () => {
      await fresh('y');
      const reply = await expectNothingStored(api, db, () =>
        command({ selector: 'set=y,pool=gpu', taints: ['dedicated=gpu:NoSchedule', 'spot:PreferNoSchedule'], dryRun: true }),
      );
      expect(reply.statusCode).toBe(200);
      expect(reply.json().dryRun).toBe(true);
      expect(resultsOf(reply)).toEqual([
        ['y1', 'tainted', 'node/y1 tainted (dry run)'],
        ['y2', 'tainted', 'node/y2 tainted (dry run)'],
      ]);
      expect(reply.json().results.map((r: { taints: Taint[] }) => spelled(r.taints))).toEqual([
        ['dedicated=gpu:NoSchedule', 'spot:PreferNoSchedule'],
        ['dedicated=gpu:NoSchedule', 'spot:PreferNoSchedule', 'old=x:NoSchedule'],
      ]);
      expect(await taintsOf('y1')).toEqual([]);
      expect(await taintsOf('y2')).toEqual(['old=x:NoSchedule']);
    });

    it('answers each node as it would be after the command', async () => {
      const reply = await expectNothingStored(api, db, () =>
        command({ nodes: ['y2', 'y4'], taints: ['dedicated=gpu:NoSchedule', 'k:PreferNoSchedule-'], dryRun: true, overwrite: false }),
      );
      expect(reply.statusCode).toBe(404);
      expectApiError(reply, 404, 'taint "k:PreferNoSchedule" not found');

      const ok = await expectNothingStored(api, db, () => command({ nodes: ['y2', 'y4'], taints: ['dedicated=gpu:NoSchedule'], dryRun: true }));
      expect(resultsOf(ok)).toEqual([
        ['y2', 'tainted', 'node/y2 tainted (dry run)'],
        ['y4', 'tainted', 'node/y4 tainted (dry run)'],
      ]);
      const stored = (await api.getNode('y2')).json();
      const [y2] = ok.json().results;
      expect(spelled(y2.taints)).toEqual(['dedicated=gpu:NoSchedule', 'old=x:NoSchedule']);
      expect(y2.object).toEqual({ ...stored, spec: { ...stored.spec, taints: y2.taints } });
      expect(await taintsOf('y2')).toEqual(['old=x:NoSchedule']);
    });

    it('fails as the real command would, with the same status and message', async () => {
      for (const body of [
        { nodes: ['y2'], taints: ['old=z:NoSchedule'] },
        { nodes: ['y1', 'nope'], taints: ['a:NoSchedule'] },
        { selector: 'set=y', taints: ['old:NoSchedule-'] },
        { all: true, taints: ['bad'] },
      ]) {
        const dry = await expectNothingStored(api, db, () => command({ ...body, dryRun: true }));
        const real = await expectNothingStored(api, db, () => command(body));
        expect(dry.statusCode).toBeGreaterThanOrEqual(400);
        expect(dry.json()).toEqual(real.json());
      }
    });
  });

  describe('all or none across nodes', () => {
    it('a conflict on one node leaves every node unchanged', async () => {
      await fresh('n');
      const reply = await expectNothingStored(api, db, () => command({ selector: 'set=n,pool=gpu', taints: ['fine:NoSchedule', 'old=q:NoSchedule'] }));
      expectApiError(reply, 409, 'node n2 already has old taint(s) with same effect(s) and --overwrite is false');
      expect(await taintsOf('n1')).toEqual([]);
    });

    it('a removal that fails on one node leaves every node unchanged', async () => {
      const reply = await expectNothingStored(api, db, () => command({ nodes: ['n1', 'n2'], taints: ['added:NoSchedule', 'old:NoSchedule-'] }));
      expectApiError(reply, 404, 'taint "old:NoSchedule" not found');
      expect(await taintsOf('n1')).toEqual([]);
      expect(await taintsOf('n2')).toEqual(['old=x:NoSchedule']);
    });

    it('an unknown node among the names is a 404 and the known ones are not tainted', async () => {
      const reply = await expectNothingStored(api, db, () => command({ nodes: ['n1', 'ghost', 'n3'], taints: ['x:NoSchedule'] }));
      expectApiError(reply, 404, 'nodes "ghost" not found');
      expect(await taintsOf('n1')).toEqual([]);
      expect(await taintsOf('n3')).toEqual([]);
      const only = await expectNothingStored(api, db, () => command({ nodes: ['ghost'], taints: ['x:NoSchedule'] }));
      expectApiError(only, 404, 'nodes "ghost" not found');
    });

    it('several removals failing on a node are reported together', async () => {
      const reply = await expectNothingStored(api, db, () => command({ nodes: ['n1'], taints: ['x:NoSchedule-', 'y-'] }));
      expectApiError(reply, 404, '[taint "x:NoSchedule" not found, taint "y" not found]');
    });
  });

  describe("kubectl's refusals, each a 400 that changes nothing", () => {
    // A refused target names the field to fix, as /v1/taint-impact does (parseNodeTarget).
    const noTarget = [{ field: 'nodes', reason: 'Required value: name the nodes, or give a selector, or all: true' }];
    const allWithSelector = [{ field: 'selector', reason: 'Forbidden: not with all' }];
    it.each<[string, unknown, string, true | { field: string; reason: string }[]]>([
      ['a spec with two =', { all: true, taints: ['k=v=w:NoSchedule'] }, 'invalid taint spec: k=v=w:NoSchedule', true],
      ['a spec with two :', { all: true, taints: ['k:NoSchedule:x'] }, 'invalid taint spec: k:NoSchedule:x', true],
      ['an addition without effect', { all: true, taints: ['k'] }, 'invalid taint spec: k', true],
      ['an addition of k=v without effect (k=v read as the key)', { all: true, taints: ['k=v'] }, `invalid taint spec: k=v, ${msg.nameRegex}`, true],
      ['an unknown effect', { all: true, taints: ['k=v:Sometimes'] }, 'invalid taint effect: Sometimes, unsupported taint effect', true],
      ['an empty effect', { all: true, taints: ['k=v:'] }, 'invalid taint effect: , unsupported taint effect', true],
      ['a bad key', { all: true, taints: ['bad key:NoSchedule'] }, `invalid taint spec: bad key:NoSchedule, ${msg.nameRegex}`, true],
      ['a bad value', { all: true, taints: ['k=a b:NoSchedule'] }, `invalid taint spec: k=a b:NoSchedule, ${msg.labelValueRegex}`, true],
      [
        'the same key and effect added twice',
        { all: true, taints: ['k=1:NoSchedule', 'k=2:NoSchedule'] },
        'duplicated taints with the same key and effect: {k 2 NoSchedule <nil>}',
        true,
      ],
      [
        'an add and a remove of one taint',
        { all: true, taints: ['k=v:NoSchedule', 'k:NoSchedule-'] },
        'can not both modify and remove the following taint(s) in the same command: k=NoSchedule',
        true,
      ],
      [
        'an add and a key-only remove',
        { all: true, taints: ['k=v:NoSchedule', 'k-'] },
        'can not both modify and remove the following taint(s) in the same command: k=',
        true,
      ],
      ['no taint arguments', { all: true, taints: [] }, 'at least one taint update is required', true],
      [
        'all with a selector',
        { all: true, selector: 'pool=gpu', taints: ['k:NoSchedule'] },
        "setting 'all' parameter with a non empty selector is prohibited",
        allWithSelector,
      ],
      ['no target', { taints: ['k:NoSchedule'] }, "at least one resource name must be specified since 'all' parameter is not set", noTarget],
      [
        'an empty list of nodes',
        { nodes: [], taints: ['k:NoSchedule'] },
        "at least one resource name must be specified since 'all' parameter is not set",
        noTarget,
      ],
      [
        'all: false and no names',
        { all: false, selector: '', taints: ['k:NoSchedule'] },
        "at least one resource name must be specified since 'all' parameter is not set",
        noTarget,
      ],
    ])('%s', async (_, body, message, onTaints) => {
      const reply = await expectNothingStored(api, db, () => command(body));
      expectApiError(reply, 400, message, onTaints === true ? [{ field: 'taints', reason: message }] : onTaints);
    });

    it('a bad selector names the selector field', async () => {
      const reason = 'unable to parse selector "pool in (gpu": unbalanced parentheses';
      const reply = await expectNothingStored(api, db, () => command({ selector: 'pool in (gpu', taints: ['k:NoSchedule'] }));
      expectApiError(reply, 400, `selector: ${reason}`, [{ field: 'selector', reason }]);
    });

    it('wrong JSON types name every bad field', async () => {
      const reply = await expectNothingStored(api, db, () =>
        command({ nodes: 'n1', selector: 5, all: 'yes', taints: ['ok:NoSchedule', 1], overwrite: 'true', dryRun: 0 }),
      );
      const details = [
        { field: 'nodes', reason: 'Invalid value: "n1": must be an array' },
        { field: 'selector', reason: 'Invalid value: 5: must be a string' },
        { field: 'all', reason: 'Invalid value: "yes": must be a boolean' },
        { field: 'taints[1]', reason: 'Invalid value: 1: must be a string' },
        { field: 'overwrite', reason: 'Invalid value: "true": must be a boolean' },
        { field: 'dryRun', reason: 'Invalid value: 0: must be a boolean' },
      ];
      expectApiError(reply, 400, detailLines(details), details);
    });

    it('a missing taints list, a node name that is not a string, and taints that are not a list', async () => {
      expectApiError(await expectNothingStored(api, db, () => command({ all: true })), 400, 'taints: Required value', [
        { field: 'taints', reason: 'Required value' },
      ]);
      expectApiError(
        await expectNothingStored(api, db, () => command({ nodes: ['n1', 2], taints: ['k:NoSchedule'] })),
        400,
        'nodes[1]: Invalid value: 2: must be a string',
        [{ field: 'nodes[1]', reason: 'Invalid value: 2: must be a string' }],
      );
      expectApiError(
        await expectNothingStored(api, db, () => command({ all: true, taints: 'k:NoSchedule' })),
        400,
        'taints: Invalid value: "k:NoSchedule": must be an array',
        [{ field: 'taints', reason: 'Invalid value: "k:NoSchedule": must be an array' }],
      );
    });

    it('bodies that are not an object, and JSON that does not parse', async () => {
      await expectCommandRefused(api, db, '/v1/taint', 'null', [
        { field: '<body>', reason: 'Required value' },
        { field: 'taints', reason: 'Required value' },
      ]);
      await expectCommandRefused(api, db, '/v1/taint', '["k:NoSchedule"]', [
        { field: '<body>', reason: 'Invalid value: ["k:NoSchedule"]: must be an object' },
        { field: 'taints', reason: 'Required value' },
      ]);
      await expectNotJsonRefused(api, db, 'POST', '/v1/taint', '{"all": true, "taints": [');
    });
  });
});
