import { describe, expect, it } from 'vitest';
import { ClusterWriter } from '../../../../apps/api/src/store/cluster-writer';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * WriteContext.sql sends a statement past Prisma on the write's own connection, the one its
 * transaction was begun on: it must run in the write's transaction, in order with its Prisma
 * statements (WriteContext.tx, bound to the same connection), and be rolled back with it.
 */
describe("WriteContext.sql: statements on the write's own connection", () => {
  const t = useApiFixture();
  const clusterNamed = async (name: string) => (await t.db.query<{ revision: string }>('SELECT revision::text FROM clusters WHERE name = $1', [name])).rows;

  it("sees the write's uncommitted rows, in order with its Prisma statements, and commits with it", async () => {
    const writer = t.app.get(ClusterWriter);
    const seen = await writer.write('direct', async (w) => {
      await w.tx.$executeRaw`UPDATE clusters SET revision = revision + 100 WHERE id = ${w.cluster.id}`;
      const updated = await w.sql('UPDATE clusters SET revision = revision + 1 WHERE id = $1 AND revision = $2::bigint', [
        w.cluster.id,
        String(w.revision + 100n),
      ]);
      const [row] = await w.tx.$queryRaw<{ revision: bigint }[]>`SELECT revision FROM clusters WHERE id = ${w.cluster.id}`;
      return { updated, revision: row?.revision };
    });
    // The cluster was created by this very write: no other connection could have seen it.
    expect(seen).toEqual({ updated: 1, revision: 102n });
    expect(await clusterNamed('direct')).toEqual([{ revision: '102' }]);
  });

  it('is rolled back with the write', async () => {
    const writer = t.app.get(ClusterWriter);
    await expect(
      writer.write('rolled-back', async (w) => {
        await w.sql('UPDATE clusters SET revision = 42 WHERE id = $1', [w.cluster.id]);
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await clusterNamed('rolled-back')).toEqual([]);
  });

  it('two writes at once each get their own connection', async () => {
    const writer = t.app.get(ClusterWriter);
    const backendOf = (cluster: string) =>
      writer.write(cluster, async (w) => {
        const [row] = await w.tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        const direct = await w.sql('SELECT 1 FROM clusters WHERE id = $1 AND pg_backend_pid() = $2', [w.cluster.id, row?.pid]);
        return { pid: row?.pid, direct };
      });
    const [a, b] = await Promise.all([backendOf('one'), backendOf('two')]);
    expect(a.direct).toBe(1);
    expect(b.direct).toBe(1);
    expect(a.pid).not.toBe(b.pid);
  });

  it('a first read goes with the revision, before the write runs, its values written in as literals', async () => {
    const writer = t.app.get(ClusterWriter);
    const read = {
      text: 'SELECT $1::int AS id, $2::text AS odd, $3::int AS n, $4::text AS none, $5::boolean AS yes, (SELECT revision::text FROM clusters WHERE id = $1) AS revision',
      values: ["it's \\ 'odd'", 7, null, true],
    };
    const seen = await writer.write(
      'first-read',
      async (w) => {
        await w.sql('UPDATE clusters SET revision = revision + 100 WHERE id = $1', [w.cluster.id]);
        const [first] = await w.rows<Record<string, unknown>>(read.text, [w.cluster.id, ...read.values]);
        // Asked again, it is sent as usual, and sees what the write did since.
        const [again] = await w.rows<Record<string, unknown>>(read.text, [w.cluster.id, ...read.values]);
        return { first, again, id: w.cluster.id, revision: w.revision };
      },
      { firstRead: read },
    );
    const common = { id: seen.id, odd: "it's \\ 'odd'", n: 7, none: null, yes: true };
    expect(seen.first).toEqual({ ...common, revision: String(seen.revision) });
    expect(seen.again).toEqual({ ...common, revision: String(seen.revision + 100n) });
  });

  it('a first read with a NUL in a value is not sent with the revision: the write sends it as a parameter, which Postgres refuses alone', async () => {
    const writer = t.app.get(ClusterWriter);
    const read = { text: 'SELECT $1::int AS id, $2::text AS name', values: ['a\0b'] };
    await expect(writer.write('nul-read', (w) => w.rows(read.text, [w.cluster.id, ...read.values]), { firstRead: read })).rejects.toThrow(/0x00/);
    // The connection is as good as before: the next write goes through.
    expect(await writer.write('nul-read', () => Promise.resolve('written'))).toBe('written');
  });

  it("a first read is prepared once on the write's connection and run by EXECUTE, found by the cluster's name or its id", async () => {
    const writer = t.app.get(ClusterWriter);
    const read = { text: 'SELECT $1::int AS id, $2::text AS name, (SELECT revision::text FROM clusters WHERE id = $1) AS revision', values: ['prepared'] };
    const ask = (cluster: string) =>
      writer.write(
        cluster,
        async (w) => {
          const [first] = await w.rows<Record<string, unknown>>(read.text, [w.cluster.id, ...read.values]);
          const prepared = await w.rows<{ statement: string }>(
            "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%AS name, (SELECT revision%'",
            [],
          );
          return { first, prepared: prepared.map((p) => p.statement), id: w.cluster.id, revision: w.revision };
        },
        { firstRead: read },
      );
    const byName = await ask('prepared-read');
    expect(byName.first).toEqual({ id: byName.id, name: 'prepared', revision: String(byName.revision) });
    // Prepared by name: the statement finds the cluster's id itself (EXECUTE's arguments may not be subqueries).
    expect(byName.prepared.some((s) => s.includes('(SELECT id FROM clusters WHERE name = $1::text)'))).toBe(true);
    const again = await ask('prepared-read');
    expect(again.first).toEqual({ id: byName.id, name: 'prepared', revision: String(byName.revision + 1n) });
    // A controller's write finds its cluster by id, with a statement of its own.
    const byId = await writer.writeExisting(byName.id, (w) => w.rows<Record<string, unknown>>(read.text, [w.cluster.id, ...read.values]), { firstRead: read });
    expect(byId).toEqual([{ id: byName.id, name: 'prepared', revision: String(again.revision + 1n) }]);
  });

  it('a first read Postgres cannot prepare (a parameter of no known type) is sent with its values written in, and the next writes go on', async () => {
    const writer = t.app.get(ClusterWriter);
    const read = { text: 'SELECT $1::int AS id, $2 IS NULL AS unset', values: [null] };
    for (let i = 0; i < 2; i++) {
      const seen = await writer.write('unprepared', async (w) => ({ rows: await w.rows(read.text, [w.cluster.id, ...read.values]), id: w.cluster.id }), {
        firstRead: read,
      });
      expect(seen.rows).toEqual([{ id: seen.id, unset: true }]);
    }
    expect(await writer.write('unprepared', () => Promise.resolve('written'))).toBe('written');
  });

  it('a connection that lost its prepared statements fails one write, then prepares them again', async () => {
    const writer = t.app.get(ClusterWriter);
    const read = { text: 'SELECT $1::int AS id, $2::text AS lost', values: ['x'] };
    const deallocated = () => writer.write('lost-statements', (w) => w.sql('DEALLOCATE ALL', []), { firstRead: read });
    const reads = () => writer.write('lost-statements', (w) => w.rows(read.text, [w.cluster.id, ...read.values]), { firstRead: read });
    await writer.write('lost-statements', () => Promise.resolve());
    await deallocated();
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++)
      outcomes.push(
        await reads().then(
          () => 'read',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      );
    // The pool hands back the connection just used: the write after DEALLOCATE fails there, once.
    expect(outcomes[0]).toMatch(/prepared statement "take_revision_by_name" does not exist/);
    expect(outcomes.slice(1)).toEqual(['read', 'read', 'read']);
  });
});
