import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Imports meant to stall the service: the event loop never waits long on one, so that the health
 * checks (and every other request) are answered within a second while it runs; each ends with its
 * own answer, never a 5xx. The bodies are those of the probe that found them stalling /livez for
 * seconds: three million `{}`, a 50 MB YAML on one line, YAML nested 100,000 deep.
 */

/**
 * The slowest /livez a test allows while a hostile body is read. Parsing any of these bodies on the
 * event loop takes seconds (measured with the yaml package and JSON.parse on this machine: 2.2 s for
 * three million `{}`, 2.5 s for the 2 MB flow-style List, 18 s for a tenth of the 50 MB line), so a
 * second still tells a stall from none. 200 ms did not: with three test files running on two cores,
 * and V8 collecting after 50 MB of request buffers arrive (memory outside the heap), answers took
 * 270-550 ms on a loaded machine with nothing parsed on the event loop.
 */
const STALL_MS = 1000;

/** One /livez asked and answered; how long it took (ms). */
async function livez(base: string): Promise<number> {
  const started = performance.now();
  const reply = await request(`${base}/livez`);
  await reply.body.text();
  return performance.now() - started;
}

/**
 * /livez's slowest answer while `work` runs, asked every 20 ms (ms), and what `work` answered. A
 * few asked first, before the work starts: the first answers of a route (its code compiled, the
 * connection made) are slow whatever else runs, and would be counted against the import.
 */
async function livezWhile<T>(base: string, work: () => Promise<T>): Promise<{ slowest: number; answer: T; asked: number }> {
  for (let i = 0; i < 5; i += 1) await livez(base);
  let done = false;
  let slowest = 0;
  let asked = 0;
  const answer = work().finally(() => {
    done = true;
  });
  while (!done) {
    slowest = Math.max(slowest, await livez(base));
    asked += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { slowest, answer: await answer, asked };
}

/**
 * The body posted from bytes encoded before /livez is watched: the client runs in the service's own
 * process, and encoding a 50 MB string there (undici's, at the request) stalled the shared event
 * loop by half a second, which was counted against the service.
 */
const post = async (base: string, body: Buffer, contentType: string) => {
  const reply = await request(`${base}/v1/clusters/hostile/import`, { method: 'POST', body, headers: { 'content-type': contentType } });
  return { status: reply.statusCode, body: await reply.body.text() };
};

describe('hostile imports do not stall the service', () => {
  const t = useApiFixture({ IMPORT_MAX_OBJECTS: '1000000' });
  let base = '';
  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
  });

  it('3,000,000 `{}` in a List: /livez within a second; refused at the object cap, saying so', async () => {
    const body = `{"kind":"List","apiVersion":"v1","items":[${Array.from({ length: 3_000_000 }, () => '{}').join(',')}]}`;
    const bytes = Buffer.from(body);
    const { slowest, answer, asked } = await livezWhile(base, () => post(base, bytes, 'application/json'));
    expect(answer.status, answer.body.slice(0, 300)).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('the body holds more than 1000000 objects, the most an import takes (IMPORT_MAX_OBJECTS)');
    expect(asked).toBeGreaterThan(3);
    expect(slowest).toBeLessThan(STALL_MS);
  }, 120_000);

  it('200,000 `{}`: each rejected, counted, the first 100 answered with why', async () => {
    const body = `{"kind":"List","apiVersion":"v1","items":[${Array.from({ length: 200_000 }, () => '{}').join(',')}]}`;
    const bytes = Buffer.from(body);
    const { slowest, answer } = await livezWhile(base, () => post(base, bytes, 'application/json'));
    expect(answer.status).toBe(200);
    const result = JSON.parse(answer.body);
    expect(result.rejectedCount).toBe(200_000);
    expect(result.rejected).toHaveLength(100);
    expect(result.rejected[0]).toMatchObject({ kind: '', message: 'an object without a kind is not imported' });
    expect(slowest).toBeLessThan(STALL_MS);
  }, 120_000);

  /** A YAML import's one document, left out with why (an error spoils only its document). */
  const leftOut = (answer: { status: number; body: string }) => {
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    const result = JSON.parse(answer.body) as { rejectedCount: number; rejected: { message: string }[] };
    expect(result.rejectedCount).toBe(1);
    return result.rejected[0]?.message ?? '';
  };

  // Retried: under the whole suite on two cores, V8's collection after the 50 MB of request
  // buffers has taken /livez to 1.0-1.8 s (CI, 2026-11-30); reading the line on the event loop
  // stalls it for tens of seconds, every attempt.
  it('a 50 MB YAML on one line: /livez within a second; left out unread, saying why', { retry: 2, timeout: 120_000 }, async () => {
    const body = `items: [${'{a: b}, '.repeat(7_000_000)}]\n`;
    const bytes = Buffer.from(body);
    expect(body.length).toBeGreaterThan(49_000_000);
    const { slowest, answer } = await livezWhile(base, () => post(base, bytes, 'application/yaml'));
    expect(leftOut(answer)).toMatch(/^malformed YAML: \d+ characters in one YAML document or List entry, more than 8388608/);
    expect(slowest).toBeLessThan(STALL_MS);
  });

  it('YAML nested 100,000 deep: /livez within a second; left out unread, saying why', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}\n`;
    const bytes = Buffer.from(body);
    const { slowest, answer } = await livezWhile(base, () => post(base, bytes, 'application/yaml'));
    expect(leftOut(answer)).toBe('malformed YAML: flow collections nested more than 100 deep');
    expect(slowest).toBeLessThan(STALL_MS);
  }, 120_000);

  it('a 2 MB flow-style List, read on a worker thread: /livez within a second while it is parsed, its objects imported', async () => {
    const node = (i: number) => `{apiVersion: v1, kind: Node, metadata: {name: flow-${i}, labels: {pool: p${i % 7}, zone: z${i % 3}}}}`;
    const body = `apiVersion: v1\nkind: List\nitems: [${Array.from({ length: 20_000 }, (_, i) => node(i)).join(', ')}]\n`;
    const bytes = Buffer.from(body);
    expect(body.length).toBeGreaterThan(1_700_000);
    const { slowest, answer, asked } = await livezWhile(base, () => post(base, bytes, 'application/yaml'));
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(answer.body).nodes.created).toBe(20_000);
    expect(asked).toBeGreaterThan(10);
    expect(slowest).toBeLessThan(STALL_MS);
  }, 180_000);
});
