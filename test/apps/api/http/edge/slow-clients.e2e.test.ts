import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS } from '../../../../../apps/api/src/configure-app';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * A client that sends its headers a byte at a time holds a socket only so long: closed with 408
 * once HEADERS_TIMEOUT_MS has passed since it began, however it keeps trickling. An idle kept-alive
 * connection is let go too.
 */
describe('slow clients are let go', () => {
  const t = useApiFixture();

  it('headers trickled in: 408 and the socket closed within the headers timeout and a second', async () => {
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const socket = net.connect(port, '127.0.0.1');
    const began = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.write('GET /livez HTTP/1.1\r\nHost: x\r\n');
    // One header line every 500 ms, never the blank line that ends them.
    let n = 0;
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: y\r\n`), 500);
    const closedAfter = await new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - began)));
    clearInterval(trickle);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
  }, 20_000);

  it('an idle kept-alive connection is closed after a request, within seconds', async () => {
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET /livez HTTP/1.1\r\nHost: x\r\n\r\n');
    const began = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      socket.resume();
      socket.on('close', () => resolve(Date.now() - began));
    });
    expect(closedAfter).toBeLessThan(7_000);
  }, 20_000);
});
