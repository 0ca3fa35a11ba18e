import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { bootApp } from '../../../../support/boot-app';

/**
 * Watches over HTTP as a client reads them: newline-delimited WatchEvents, as they come, from
 * any replica; bookmarks, timeouts, selectors an object moves into and out of, a start from a
 * resourceVersion, and the end of the stream when the service stops.
 */

interface Event {
  type: string;
  object: { kind?: string; metadata: { name?: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> } };
}

/** A watch read in the background: its events so far, a wait for one, and whether the stream ended. */
class WatchReader {
  readonly events: Event[] = [];
  ended = false;
  status = 0;
  private readonly abort = new AbortController();

  static async open(url: string, headers: Record<string, string> = {}): Promise<WatchReader> {
    const reader = new WatchReader();
    const response = await fetch(url, { signal: reader.abort.signal, headers });
    reader.status = response.status;
    expect(response.headers.get('content-type')).toBe('application/json');
    void reader.read(response);
    return reader;
  }

  private async read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          this.events.push(JSON.parse(buffered.slice(0, newline)) as Event);
          buffered = buffered.slice(newline + 1);
        }
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
  }

  async waitFor(found: (events: Event[]) => boolean, ms = 10_000): Promise<Event[]> {
    const until = Date.now() + ms;
    while (!found(this.events)) {
      if (Date.now() > until) throw new Error(`events: ${JSON.stringify(this.events.map(brief))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.events;
  }

  close(): void {
    this.abort.abort();
  }
}

/** `TYPE namespace/name` (or `TYPE name`). */
const brief = (e: Event) => `${e.type} ${e.object.metadata.namespace ? `${e.object.metadata.namespace}/` : ''}${e.object.metadata.name ?? ''}`;

const pod = (name: string, labels: Record<string, string>, nodeName = 'n1') => ({
  metadata: { name, labels },
  spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }] },
});

describe('watch over HTTP', () => {
  const t = useApiFixture();
  let base: string;
  const readers: WatchReader[] = [];
  const open = async (path: string, headers?: Record<string, string>) => {
    const reader = await WatchReader.open(`${base}${path}`, headers);
    readers.push(reader);
    return reader;
  };
  const revision = async () => (await t.db.query<{ r: string }>("SELECT revision::text AS r FROM clusters WHERE name = 'default'")).rows[0]?.r ?? '0';

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    await t.api.putNode('n1');
  });
  afterAll(() => {
    for (const reader of readers) reader.close();
  });

  it('sends an object moving into the label selector ADDED, out of it DELETED, as the last state it passed in', async () => {
    const watch = await open('/api/v1/namespaces/sel/pods?watch=true&labelSelector=tier%3Dfront');
    await t.api.putPod('sel', 'a', pod('a', { tier: 'back' }));
    await t.api.putPod('sel', 'a', pod('a', { tier: 'front' }));
    // Each change seen before the next: a watch is told of what a read of the cluster finds, and
    // changes between two reads (250 ms) come as one.
    await watch.waitFor((e) => e.length >= 1);
    await t.api.putPod('other', 'a', pod('a', { tier: 'front' }));
    await t.api.putPod('sel', 'a', pod('a', { tier: 'back' }));
    const events = await watch.waitFor((e) => e.length >= 2);
    expect(events.map(brief)).toEqual(['ADDED sel/a', 'DELETED sel/a']);
    // DELETED: the pod as it was when it passed, at the revision it stopped passing.
    expect(events[1]?.object.metadata.labels).toEqual({ tier: 'front' });
    expect(events[1]?.object.metadata.resourceVersion).toBe(await revision());
    expect(watch.status).toBe(200);
  });

  it('from a resourceVersion, sends what changed since in revision order, a deletion as its key', async () => {
    const from = await revision();
    await t.api.putPod('cu', 'kept', pod('kept', {}));
    await t.api.putPod('cu', 'gone', pod('gone', {}));
    await t.api.del('/v1/namespaces/cu/pods/gone');
    await t.api.putPod('cu', 'kept', pod('kept', { v: '2' }));
    const watch = await open(`/api/v1/namespaces/cu/pods?watch=1&resourceVersion=${from}`);
    const events = await watch.waitFor((e) => e.length >= 2);
    // No creation revision is stored: what was written since is MODIFIED (ADDED only when its key was deleted first).
    expect(events.map(brief)).toEqual(['DELETED cu/gone', 'MODIFIED cu/kept']);
    expect(events[0]?.object).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'gone', namespace: 'cu', resourceVersion: String(BigInt(from) + 3n) },
    });
    await t.api.putPod('cu', 'gone', pod('gone', {}));
    await watch.waitFor((e) => e.length >= 3);
    expect(brief(events[2] as Event)).toBe('ADDED cu/gone');
  });

  it('sends pods whole from the store, at its start, caught up and as they change; a deletion as the snapshot held the pod (what decisions read)', async () => {
    const whole = (note: string) => ({
      metadata: { name: 'w', labels: { app: 'w' }, annotations: { note } },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx', env: [{ name: 'A', value: 'a' }] }] },
      status: { phase: 'Running', hostIP: '10.0.0.1' },
    });
    const from = await revision();
    await t.api.putPod('whole', 'w', whole('one'));
    const [started, caughtUp] = [
      await open('/api/v1/namespaces/whole/pods?watch=true'),
      await open(`/api/v1/namespaces/whole/pods?watch=true&resourceVersion=${from}`),
    ];
    for (const watch of [started, caughtUp]) {
      const [first] = await watch.waitFor((e) => e.length >= 1);
      expect(first?.object).toMatchObject({
        metadata: { annotations: { note: 'one' } },
        spec: { containers: [{ env: [{ value: 'a' }] }] },
        status: { hostIP: '10.0.0.1' },
      });
    }
    expect((await t.api.putPod('whole', 'w', whole('two'))).statusCode).toBe(200);
    const [, changed] = await started.waitFor((e) => e.length >= 2);
    expect(changed).toMatchObject({
      type: 'MODIFIED',
      object: { metadata: { annotations: { note: 'two' } }, spec: { containers: [{ env: [{ value: 'a' }] }] } },
    });
    await t.api.del('/v1/namespaces/whole/pods/w');
    const [, , deleted] = await started.waitFor((e) => e.length >= 3);
    expect(deleted).toMatchObject({
      type: 'DELETED',
      object: { metadata: { name: 'w', labels: { app: 'w' } }, spec: { nodeName: 'n1' }, status: { phase: 'Running' } },
    });
    expect(deleted?.object.metadata).not.toHaveProperty('annotations');
  });

  it('sends BOOKMARKs while idle when allowed, and ends at timeoutSeconds', async () => {
    const watch = await open('/api/v1/nodes?watch=true&allowWatchBookmarks=true&timeoutSeconds=3&fieldSelector=metadata.name%3Dn1');
    const events = await watch.waitFor((e) => e.filter((x) => x.type === 'BOOKMARK').length >= 2);
    expect(events[0]).toMatchObject({ type: 'ADDED', object: { kind: 'Node', metadata: { name: 'n1' } } });
    expect(events[1]).toEqual({ type: 'BOOKMARK', object: { apiVersion: 'v1', kind: 'Node', metadata: { resourceVersion: await revision() } } });
    await watch.waitFor(() => watch.ended, 5_000);
  });

  it("serves a Table per event to kubectl's Accept, the columns on the first only", async () => {
    const watch = await open('/api/v1/nodes?watch=true', { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' });
    await t.api.putNode('n2');
    const events = await watch.waitFor((e) => e.some((x) => x.type === 'ADDED' && JSON.stringify(x).includes('"n2"')));
    const tables = events as unknown as { type: string; object: { kind: string; columnDefinitions: unknown[]; rows: { cells: unknown[] }[] } }[];
    expect(tables.map((e) => [e.type, e.object.kind, e.object.rows.length, e.object.rows[0]?.cells[0]])).toEqual([
      ['ADDED', 'Table', 1, 'n1'],
      ['ADDED', 'Table', 1, 'n2'],
    ]);
    expect(tables[0]?.object.columnDefinitions.length).toBeGreaterThan(0);
    expect(tables[1]?.object.columnDefinitions).toEqual([]);
  });

  it('refuses a resourceVersion that is not one, and one not yet written', async () => {
    const bad = await t.api.get('/api/v1/pods?watch=true&resourceVersion=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: 'resourceVersion: Invalid value: "abc": invalid resource version: abc' });
    const ahead = await t.api.get('/api/v1/pods?watch=true&resourceVersion=999999');
    expect(ahead.statusCode).toBe(504);
    expect(ahead.json()).toMatchObject({ kind: 'Status', reason: 'Timeout', code: 504 });
    expect((await t.api.get('/clusters/nope/api/v1/pods?watch=true')).statusCode).toBe(404);
  });

  describe('on another replica', () => {
    let replica: NestFastifyApplication;
    let replicaBase: string;
    beforeAll(async () => {
      replica = await bootApp({ DATABASE_URL: t.databaseUrl, REDIS_PREFIX: t.redisPrefix });
      await replica.listen(0, '127.0.0.1');
      replicaBase = (await replica.getUrl()).replace('[::1]', '127.0.0.1');
    });

    it('sees the writes made through this one, and ends its watches when it stops', async () => {
      const watch = await WatchReader.open(`${replicaBase}/api/v1/namespaces/rep/pods?watch=true`);
      readers.push(watch);
      await t.api.putPod('rep', 'r1', pod('r1', {}));
      // Made and deleted between two reads of the replica (250 ms apart), the pod would be no event at all.
      await watch.waitFor((e) => e.length >= 1);
      await t.api.del('/v1/namespaces/rep/pods/r1');
      await watch.waitFor((e) => e.length >= 2);
      expect(watch.events.map(brief)).toEqual(['ADDED rep/r1', 'DELETED rep/r1']);
      const started = Date.now();
      await replica.close();
      await watch.waitFor(() => watch.ended, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
