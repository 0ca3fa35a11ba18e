import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPlugin } from '../../../apps/kubectl-plugin/src/plugin';
import type { PluginIo } from '../../../apps/kubectl-plugin/src/plugin-io';

/**
 * The requests the plugin sends and how it prints what comes back, against a stand-in server
 * that records each request and answers what a test says: for what the service answers only
 * once work in flight lands (several taints at once, Markdown).
 */

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let recorded: Recorded[] = [];
let answer: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '{}' };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      recorded.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': answer.type });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded = [];
});

/** Runs a command line in-process, with `pod.yaml`'s pod on stdin. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: PluginIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdin: () => Readable.from([Buffer.from('kind: Pod\nmetadata: {name: web}\n')]),
    env: { KUBECONFIG: '/nonexistent' },
    stopSignal: () => new AbortController().signal,
  };
  const server_ = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clusters/prod`;
  const code = await runPlugin([...args, `--server=${server_}`, '--token=tg_test'], io);
  return { code, stdout, stderr };
}

describe('kubectl taintgate against a stand-in server', () => {
  it('impact with several taints sends them together as `taints`, kubectl strings, to the cluster of the server path', async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        nodeCount: 2,
        counts: { evictedNow: 1, evictedLater: 0, neverInPractice: 0, alreadyScheduled: 0, unaffected: 3, unschedulable: 0 },
        timeline: [],
      }),
    };
    const result = await run('impact', 'nodes', 'n1', 'n2', 'maintenance=true:NoExecute', 'dedicated=db:NoSchedule');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', url: '/v1/clusters/prod/taint-impact' });
    expect(recorded[0]?.headers).toMatchObject({ authorization: 'Bearer tg_test', 'content-type': 'application/json' });
    expect(JSON.parse(recorded[0]?.body ?? '')).toEqual({ taints: ['maintenance=true:NoExecute', 'dedicated=db:NoSchedule'], nodes: ['n1', 'n2'] });
    expect(result.stdout.split('\n')[1]).toMatch(/^2 +1 +0 +0 +0 +3 +0 +<none>$/);
  });

  it('-o markdown asks for text/markdown and prints it as it comes; for where, "0/N nodes are available" is exit status 1', async () => {
    answer = { status: 200, type: 'text/markdown; charset=utf-8', body: '**0/3 nodes are available**: 3 node(s) had untolerated taint(s).\n' };
    const infeasible = await run('where', '-f', '-', '-o', 'markdown');
    expect(recorded[0]?.headers.accept).toBe('text/markdown');
    expect(infeasible).toEqual({ code: 1, stdout: answer.body, stderr: '' });
    expect(JSON.parse(recorded[0]?.body ?? '')).toEqual({ pod: { kind: 'Pod', metadata: { name: 'web', namespace: 'default' } } });

    answer = { status: 200, type: 'text/markdown', body: '2/3 nodes are available' };
    expect(await run('where', 'web-1', '-n', 'shop', '-o', 'markdown')).toEqual({ code: 0, stdout: '2/3 nodes are available\n', stderr: '' });
    expect(recorded[1]?.url).toBe('/v1/clusters/prod/namespaces/shop/pods/web-1/placement');

    answer = { status: 200, type: 'text/markdown', body: '| evicted now | 1 |\n' };
    expect(await run('impact', 'nodes', '--all', 'k=v:NoExecute', '-o', 'markdown')).toEqual({ code: 0, stdout: answer.body, stderr: '' });
  });

  it('a server that answers JSON to -o markdown: exit status 2, saying so', async () => {
    answer = { status: 200, type: 'application/json', body: '{"feasibleCount": 1}' };
    const result = await run('where', 'web-1', '-o', 'markdown');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: the server does not answer this as Markdown (it answered application/json)\n');
  });

  it("the service's errors: exit status 2, its message on stderr as kubectl prints a Status", async () => {
    answer = { status: 403, type: 'application/json', body: JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'the admin role is needed' }) };
    const result = await run('keys', 'create', 'ci', '--role', 'viewer');
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'Error from server (Forbidden): the admin role is needed\n' });
    expect(recorded[0]?.url).toBe('/v1/apikeys');
  });
});
