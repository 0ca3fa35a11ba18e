import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { sleep } from '../../../../support/waiting';
import { kubectlJson } from './read-body';

/** A body sent in pieces, with a pause before each, as a slow client sends it (no Content-Length). */
function sentInPieces(pieces: (string | Error)[]): Readable {
  return Readable.from(
    (async function* () {
      for (const piece of pieces) {
        await sleep(20);
        if (piece instanceof Error) throw piece;
        yield Buffer.from(piece);
      }
    })(),
  );
}

/** `text` in `count` pieces of about the same length. */
function piecesOf(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, index) => text.slice(index * size, (index + 1) * size));
}

const importUrl = '/v1/clusters/arriving/import';

/** The fixtures share their uids; an import refuses a uid twice. */
const withoutUid = <T extends { metadata: object }>(object: T): T => ({ ...object, metadata: { ...object.metadata, uid: undefined } });

/** Sends the start of a body in chunks over a socket of its own, then drops the connection, as a client that dies midway. */
async function breakOffMidway(port: number, url: string, start: string): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const chunk = Buffer.from(start);
  socket.write(`POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
  socket.write(`${chunk.length.toString(16)}\r\n`);
  socket.write(chunk);
  socket.write('\r\n');
  await sleep(100);
  socket.destroy();
  // The import notices, fails and rolls back.
  await sleep(300);
}

describe('an import body is read as it arrives (import-body-parser.ts, kubectl-objects.ts)', () => {
  const t = useApiFixture({ IMPORT_BODY_LIMIT_MB: '1' });
  const { api, db } = t;
  const objects = [kubectlNode('worker-1'), kubectlNode('worker-2'), kubectlPod('web-1'), kubectlPod('web-2')].map(withoutUid);

  it('a List sent in pieces, with pauses, and without a length, is stored whole', async () => {
    const reply = await api.app.inject({
      method: 'POST',
      url: importUrl,
      payload: sentInPieces(piecesOf(kubectlJson(objects), 7)),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ created: 4, rejected: [] });
    expect((await api.get('/v1/clusters/arriving/nodes/worker-2')).statusCode).toBe(200);
  });

  it('a body past IMPORT_BODY_LIMIT_MB, sent without a length: 413 once the limit is passed, nothing stored', async () => {
    const items = Array.from({ length: 200 }, (_, index) => withoutUid(kubectlNode(`big-${index}`)));
    const text = kubectlJson(items);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 ** 20);
    const reply = await expectNothingStored(api, db, () =>
      api.app.inject({ method: 'POST', url: importUrl, payload: sentInPieces(piecesOf(text, 20)), headers: { 'content-type': 'application/json' } }),
    );
    expectApiError(reply, 413, 'the body is larger than the import limit of 1048576 bytes (IMPORT_BODY_LIMIT_MB)');
  });

  it('a declared length past the limit: 413 before anything is read', async () => {
    const reply = await api.app.inject({
      method: 'POST',
      url: importUrl,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'content-length': String(2 ** 20 + 1) },
    });
    expect(reply.statusCode).toBe(413);
  });

  it('a body shorter than its Content-Length: 400, nothing stored', async () => {
    const text = kubectlJson(objects);
    const reply = await expectNothingStored(api, db, () =>
      api.app.inject({
        method: 'POST',
        url: importUrl,
        payload: sentInPieces([text]),
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text) + 5) },
      }),
    );
    expectApiError(reply, 400, `the body is ${Buffer.byteLength(text)} bytes long, not the ${Buffer.byteLength(text) + 5} its Content-Length says`);
  });

  it('a client that goes away midway: nothing stored, and the next import goes through', async () => {
    await api.app.listen(0, '127.0.0.1');
    const { port } = api.app.getHttpServer().address() as AddressInfo;
    const [first = ''] = piecesOf(kubectlJson(objects), 2);
    await expectNothingStored(api, db, async () => {
      await breakOffMidway(port, '/v1/clusters/midway/import', first);
      return api.get('/v1/clusters');
    });
    const reply = await api.post('/v1/clusters/midway/import', JSON.parse(kubectlJson(objects)));
    expect(reply.json()).toMatchObject({ created: 4, rejected: [] });
  });
});
