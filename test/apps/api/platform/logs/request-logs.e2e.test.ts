import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exited, freePort } from '../../../../support/private-services';
import { deleteRedisKeys, uniqueRedisPrefix } from '../../../../support/redis-prefix';
import { compiledProgram } from '../../../../support/compiled-app';
import { ServiceProcess } from '../../../../support/service-process';
import { databaseUrlFor, dropDatabase, uniqueDatabaseName } from '../../../../support/test-database';
import { sleep, waitUntil } from '../../../../support/waiting';

// The service as production runs it, its stdout a pipe (not a terminal): every line it writes is
// one JSON object, a request's line among them, and the evictions' and imports' lines.

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';
/** A service process started (compiled once for the run): a few seconds, more on a loaded machine. */
const PROCESS_TEST_MS = 60_000;

type Line = Record<string, unknown>;

/** Every line of the process's stdout, each parsed: one that is not JSON fails the test. */
function linesOf(service: ServiceProcess): Line[] {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Line;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
}

/** The lines of the requests answered with this id. */
const requestLines = (service: ServiceProcess, id: string) => linesOf(service).filter((line) => line['msg'] === 'request' && line['requestId'] === id);

describe('the log: JSON lines when stdout is not a terminal', () => {
  const databaseName = uniqueDatabaseName();
  const redisPrefix = uniqueRedisPrefix();
  const services: ServiceProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const service = await ServiceProcess.start({
      DATABASE_URL: databaseUrlFor(databaseName),
      REDIS_PREFIX: redisPrefix,
      TAINTGATE_AUTH: 'on',
      TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
      ...env,
    });
    services.push(service);
    return service;
  };
  const call = (service: ServiceProcess, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  afterEach(async () => {
    for (const service of services.splice(0)) await service.stop();
  });
  afterAll(async () => {
    await dropDatabase(databaseName);
    await deleteRedisKeys(redisPrefix);
  });

  it(
    'one line per request: method, route, url, status, duration, actor and the request id answered',
    async () => {
      const service = await start();
      const kept = await call(service, 'PUT', '/v1/nodes/n1', { metadata: { name: 'n1' } }, { 'x-request-id': 'portal-7f3a:42' });
      expect(kept.status).toBe(201);
      expect(kept.headers.get('x-request-id')).toBe('portal-7f3a:42');
      const made = await fetch(`${service.url}/v1/nodes/n1`);
      expect(made.status).toBe(401);
      const madeId = made.headers.get('x-request-id') ?? '';

      await waitUntil(() => Promise.resolve(requestLines(service, madeId).length > 0), 5_000);
      expect(requestLines(service, 'portal-7f3a:42')).toEqual([
        expect.objectContaining({
          level: 'info',
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          msg: 'request',
          requestId: 'portal-7f3a:42',
          method: 'PUT',
          route: '/v1/nodes/:name',
          url: '/v1/nodes/n1',
          status: 201,
          durationMs: expect.any(Number),
          actor: 'apikey:taintgate-admin-token',
        }),
      ]);
      // Refused before any key was known: no actor; the id made here is the one answered.
      expect(requestLines(service, madeId)).toEqual([expect.objectContaining({ status: 401, actor: null, route: '/v1/nodes/:name' })]);
      // fastify's own lines per request are off: nothing else names the request.
      expect(linesOf(service).filter((line) => line['requestId'] === 'portal-7f3a:42')).toHaveLength(1);
      // Nest's own lines go out the same way: JSON, with their context.
      expect(linesOf(service)).toContainEqual(expect.objectContaining({ context: 'Bootstrap', msg: expect.stringMatching(/^listening on http/) }));
    },
    PROCESS_TEST_MS,
  );

  it(
    'a line per eviction executed or cancelled, and per import',
    async () => {
      const service = await start();
      await call(service, 'PUT', '/v1/nodes/e1', { metadata: { name: 'e1' } });
      const pod = (name: string, tolerations: unknown[]) => ({ metadata: { name }, spec: { nodeName: 'e1', terminationGracePeriodSeconds: 0, tolerations } });
      await call(service, 'PUT', '/v1/namespaces/default/pods/gone', pod('gone', []));
      await call(
        service,
        'PUT',
        '/v1/namespaces/default/pods/waits',
        pod('waits', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }]),
      );
      expect((await call(service, 'POST', '/v1/nodes/e1/taints', { key: 'drain', value: 'now', effect: 'NoExecute' })).status).toBe(201);
      expect((await call(service, 'DELETE', '/v1/nodes/e1/taints?key=drain')).status).toBe(200);
      const imported = await call(service, 'POST', '/v1/clusters/logged/import', {
        apiVersion: 'v1',
        kind: 'List',
        items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'i1' } }],
      });
      expect(imported.status).toBe(200);

      const find = (msg: string) => linesOf(service).find((line) => line['msg'] === msg || String(line['msg']).startsWith(msg));
      await waitUntil(() => Promise.resolve(find('import into cluster logged') !== undefined), 5_000);
      expect(find('eviction executed')).toEqual(
        expect.objectContaining({
          level: 'info',
          context: 'TaintEvictionController',
          cluster: 'default',
          pod: 'default/gone',
          node: 'e1',
          taint: 'drain=now:NoExecute',
          latenessMs: expect.any(Number),
          wokenBy: 'write',
        }),
      );
      expect(find('eviction cancelled')).toEqual(
        expect.objectContaining({ cluster: 'default', pod: 'default/waits', node: 'e1', taint: 'drain=now:NoExecute', reason: 'TaintRemoved' }),
      );
      expect(find('import into cluster logged')).toEqual(
        expect.objectContaining({
          context: 'ImportService',
          cluster: 'logged',
          nodes: { created: 1, updated: 0, unchanged: 0, deleted: 0 },
          pods: { created: 0, updated: 0, unchanged: 0, deleted: 0 },
          rejected: 0,
          durationMs: expect.any(Number),
        }),
      );
    },
    PROCESS_TEST_MS,
  );

  it(
    'TAINTGATE_REQUEST_LOGS=off: no request lines, the service’s own lines still',
    async () => {
      const service = await start({ TAINTGATE_REQUEST_LOGS: 'off' });
      const reply = await call(service, 'GET', '/v1/nodes', undefined, { 'x-request-id': 'unlogged-1' });
      expect(reply.status).toBe(200);
      await sleep(300);
      expect(linesOf(service).filter((line) => line['msg'] === 'request')).toEqual([]);
      expect(linesOf(service)).toContainEqual(expect.objectContaining({ context: 'Bootstrap' }));
    },
    PROCESS_TEST_MS,
  );
});

describe('the log on a terminal', () => {
  it(
    'is made readable (pino-pretty), not JSON',
    async () => {
      const databaseName = uniqueDatabaseName();
      // A BullMQ prefix of its own: the default one's keys are the machine's (it left taintgate:evictions:meta behind).
      const terminalPrefix = uniqueRedisPrefix();
      const port = await freePort();
      const root = path.resolve(__dirname, '../../../../..');
      const command = `${process.execPath} ${compiledProgram('apps/api/src/main.ts')}`;
      // script(1) gives the service a pseudo-terminal as its stdout.
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrlFor(databaseName),
          REDIS_PREFIX: terminalPrefix,
          PORT: String(port),
          HOST: '127.0.0.1',
          TAINTGATE_AUTH: 'off',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitUntil(() => Promise.resolve(output.includes('listening on')), 50_000);
        await fetch(`http://127.0.0.1:${port}/livez`, { headers: { 'x-request-id': 'on-a-terminal' } });
        await waitUntil(() => Promise.resolve(output.includes('on-a-terminal')), 5_000);
        const lines = output.split(/\r?\n/).filter((line) => line.trim() !== '');
        expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
        expect(lines.find((line) => line.includes('listening on'))).toMatch(/INFO.*listening on http/);
        expect(lines.find((line) => line.includes('on-a-terminal'))).toMatch(/INFO.*request/);
      } finally {
        child.kill('SIGKILL');
        await exited(child);
        await dropDatabase(databaseName);
        await deleteRedisKeys(terminalPrefix);
      }
    },
    PROCESS_TEST_MS,
  );
});
