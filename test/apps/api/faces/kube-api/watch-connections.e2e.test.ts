import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Streams take at most their share of the database's connections (platform/database/stream-reads.ts):
 * hundreds of watches opened at once leave the requests beside them their connections, where a
 * thousand watches once took the whole pool and the requests answered 503.
 */
describe('watches opened by the hundred leave the requests their database connections', () => {
  const t = useApiFixture({ TAINTGATE_MAX_STREAMS_PER_KEY: '1000' });
  let port = 0;
  beforeAll(async () => {
    for (let i = 0; i < 20; i += 1) await t.api.putNode(`n${i}`);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as { port: number }).port;
  });

  /** A watch opened; answers its status once its head came, and the request, to end it. */
  const watch = (cluster: string) =>
    new Promise<{ status: number; end: () => void }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: `/clusters/${cluster}/api/v1/nodes?watch=true&resourceVersion=0`, agent: false },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, end: () => request.destroy() });
        },
      );
      request.on('error', reject);
    });

  it('400 watches opening while 200 requests are asked: every request answered, none 503', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((c) => t.api.put(`/v1/clusters/${c}/nodes/n1`, { metadata: { name: 'n1' } })));
    const opening = Array.from({ length: 400 }, (_, i) => watch(['a', 'b', 'c', 'd'][i % 4] ?? 'a'));
    const asked = await Promise.all(Array.from({ length: 200 }, (_, i) => t.api.get(i % 2 === 0 ? '/v1/nodes?limit=5' : '/v1/clusters/b/nodes/n1')));
    const watches = await Promise.all(opening);
    for (const w of watches) w.end();
    expect(asked.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(watches.map((w) => w.status).filter((s) => s !== 200)).toEqual([]);
  }, 60_000);
});
