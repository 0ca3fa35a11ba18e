import type pg from 'pg';
import { escapeLiteral } from 'pg';

/**
 * Which cluster a write is for, as its statements find it: by name (a write asked for through
 * the API, which creates the cluster if it does not exist) or by id (a controller's, which must
 * never bring a deleted cluster back).
 */
export type ClusterKey = { readonly name: string } | { readonly id: number };

/** A value written into a statement's text: what a first read's values may be. */
export type Literal = string | number | boolean | null;

/** What taking a revision answers of the cluster's row besides its id, name and revision: its mode, and a mirror's source server. */
const CLUSTER_FACTS = `mode::text AS mode, source->>'server' AS server`;

/**
 * The statement that takes the cluster's next revision, answering its row (id, name, revision as
 * text, mode, source server): by name it creates the cluster at revision 1 if need be.
 */
const TAKE_REVISION = {
  // xmax is 0 on a row this statement inserted, not on one it updated: whether the write created the cluster.
  name: `INSERT INTO clusters (name, revision) VALUES ($1::text, 1)
       ON CONFLICT (name) DO UPDATE SET revision = clusters.revision + 1
       RETURNING id, name, revision::text AS revision, (xmax = 0) AS created, ${CLUSTER_FACTS}`,
  id: `UPDATE clusters SET revision = revision + 1 WHERE id = $1::int RETURNING id, name, revision::text AS revision, false AS created, ${CLUSTER_FACTS}`,
} as const;

/** The cluster's id as SQL, where a first read's text says `$1`: its name's row (by name), or the id itself. */
const CLUSTER_ID_BY_NAME = '(SELECT id FROM clusters WHERE name = $1::text)';

interface Statement {
  readonly name: string;
  readonly text: string;
}

/**
 * The statements a write sends under its cluster's lock in its first round trip (the revision it
 * takes, and its first read), prepared once per connection with SQL's PREPARE and run by EXECUTE.
 * Planned afresh for each write, a pod write's first read (the pod, its node's taints, an
 * eviction waiting: four lookups) cost Postgres about 0.4 ms under the lock, a third of the
 * write's hold; prepared, Postgres reuses its plan (0.09 ms). SQL's PREPARE and EXECUTE, not the
 * protocol's: the first round trip is a simple query of several statements (BEGIN, the savepoint,
 * the revision, the read), which takes no parameters, so EXECUTE's arguments are literals.
 * A prepared statement outlives a transaction rolled back; a connection the pool replaces has
 * none, and prepares them again when first used (`prepare`).
 */
export class PreparedStatements {
  /** Every statement known, in the order they were named: a connection has prepared a prefix of them. */
  private readonly statements: Statement[] = [];
  /** A first read's text, by cluster key kind, to its prepared name (undefined: Postgres could not prepare it; it is sent inlined). */
  private readonly firstReads = new Map<string, string | undefined>();
  /** How many of `statements` each connection has prepared. */
  private readonly prepared = new WeakMap<pg.ClientBase, number>();

  constructor() {
    this.add('take_revision_by_name', TAKE_REVISION.name);
    this.add('take_revision_by_id', TAKE_REVISION.id);
  }

  /**
   * Prepares on the connection the statements it lacks, `read`'s among them (named now if it is
   * new): nothing, and no round trip, once it has them all. A statement Postgres refuses to
   * prepare (a parameter whose type it cannot infer) is left out; its writes send it inlined.
   * Called before a group's BEGIN: a refused PREPARE inside a transaction would abort it.
   */
  async prepare(connection: pg.ClientBase, read?: string, key?: ClusterKey): Promise<void> {
    if (read !== undefined && key !== undefined) this.nameFirstRead(read, key);
    let done = this.prepared.get(connection) ?? 0;
    while (done < this.statements.length) {
      const statement = this.statements[done] as Statement;
      try {
        await connection.query(`PREPARE ${statement.name} AS ${statement.text}`);
      } catch (error) {
        if (!isRefusedStatement(error)) throw error;
        // The read's writes send it inlined from now on; the other statements are prepared as before.
        for (const [text, name] of this.firstReads) if (name === statement.name) this.firstReads.set(text, undefined);
      }
      this.prepared.set(connection, ++done);
    }
  }

  /** Forgets what the connection has prepared (it said a statement does not exist): `prepare` prepares them all again. */
  forget(connection: pg.ClientBase): void {
    this.prepared.delete(connection);
  }

  /** The statement taking the cluster's next revision. */
  takeRevision(key: ClusterKey): string {
    return 'name' in key ? `EXECUTE take_revision_by_name(${escapeLiteral(key.name)})` : `EXECUTE take_revision_by_id(${integer(key.id)})`;
  }

  /**
   * The first read with its values (`$2`...) written in, `$1` the cluster: EXECUTE of its prepared
   * statement, or, where it could not be prepared, its text. Undefined when a value holds a NUL,
   * which a query's text cannot carry (the protocol ends strings with one): the write then sends
   * the read itself, as a parameter, which Postgres refuses alone.
   */
  firstRead(text: string, values: readonly Literal[], key: ClusterKey): string | undefined {
    if (values.some((value) => typeof value === 'string' && value.includes('\0'))) return undefined;
    const cluster = 'name' in key ? escapeLiteral(key.name) : integer(key.id);
    const name = this.firstReads.get(firstReadKey(text, key));
    if (name !== undefined) return `EXECUTE ${name}(${[cluster, ...values.map(literalOf)].join(', ')})`;
    return text.replace(/\$(\d+)/g, (_, n: string) => {
      if (n === '1') return 'name' in key ? `(SELECT id FROM clusters WHERE name = ${cluster})` : cluster;
      const value = values[Number(n) - 2];
      if (value === undefined) throw new Error(`first read: no value for $${n}`);
      return literalOf(value);
    });
  }

  private nameFirstRead(text: string, key: ClusterKey): void {
    const at = firstReadKey(text, key);
    if (this.firstReads.has(at)) return;
    const name = `first_read_${this.firstReads.size}`;
    this.firstReads.set(at, name);
    // By name, the cluster's id is found by the statement: EXECUTE's arguments may not be subqueries.
    const clusterId = 'name' in key ? CLUSTER_ID_BY_NAME : '$1::int';
    this.add(
      name,
      text.replace(/\$1(?!\d)/g, () => clusterId),
    );
  }

  private add(name: string, text: string): void {
    this.statements.push({ name, text });
  }
}

function firstReadKey(text: string, key: ClusterKey): string {
  return `${'name' in key ? 'name' : 'id'}\n${text}`;
}

function integer(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${n}`);
  return String(n);
}

function literalOf(value: Literal): string {
  if (value === null) return 'NULL';
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`first read: ${value} is not a finite number`);
  return String(value);
}

/** Postgres refused the statement itself (its text or a parameter's type), not the connection. */
function isRefusedStatement(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('42') || code === '0A000');
}

/** Postgres's "prepared statement does not exist": the connection lost what it had prepared. */
export function isMissingStatement(error: unknown): boolean {
  return (error as { code?: unknown }).code === '26000';
}
