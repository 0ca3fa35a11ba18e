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

interface RunOptions {
  /** What stdin holds, chunk by chunk: `pod.yaml`'s pod unless said. */
  stdin?: string[];
  /** The server URL's path: taintgate's cluster prod unless said. */
  serverPath?: string;
}

/** Runs a command line in-process, with `pod.yaml`'s pod on stdin, against the cluster prod. */
const run = (...args: string[]) => runWith({}, ...args);

async function runWith(options: RunOptions, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: PluginIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stdin: () => Readable.from((options.stdin ?? ['kind: Pod\nmetadata: {name: web}\n']).map((chunk) => Buffer.from(chunk))),
    env: { KUBECONFIG: '/nonexistent' },
    stopSignal: () => new AbortController().signal,
  };
  const server_ = `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.serverPath ?? '/clusters/prod'}`;
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

  it("the default cluster's paths are /v1/...: a stored pod's placement, its query as the flags say", async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ view: 'summary', detail: '0/0 nodes are available.', nodeCount: 0, feasibleCount: 0, feasibleNodes: [], infeasibleGroups: [] }),
    };
    const result = await runWith({ serverPath: '' }, 'where', 'pod/web-1', '-n', 'shop', '--reschedule', '--top', '3');
    expect(result).toEqual({ code: 1, stdout: '0/0 nodes are available.\n', stderr: '' });
    expect(recorded[0]).toMatchObject({ method: 'GET', url: '/v1/namespaces/shop/pods/web-1/placement?reschedule=true&top=3', body: '' });
    expect(recorded[0]?.headers).toMatchObject({ accept: 'application/json', 'user-agent': 'kubectl-taintgate' });
  });

  it('answers are read exactly: an int64 beyond 2^53 is printed digit for digit', async () => {
    const eviction = {
      id: '9007199254740993',
      pod: { namespace: 'web', name: 'a', uid: 'u' },
      node: 'n1',
      taint: { key: 'k', effect: 'NoExecute' },
      status: 'Scheduled',
      tolerationSeconds: '@',
    };
    const body = JSON.stringify({ kind: 'EvictionList', metadata: {}, items: [eviction] }).replace('"@"', '9223372036854775807');
    answer = { status: 200, type: 'application/json', body };
    const result = await run('evictions', '-o', 'json');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"tolerationSeconds": 9223372036854775807');
    expect(recorded[0]?.url).toBe('/v1/clusters/prod/evictions');
  });

  it("a pod's manifest goes with a Content-Length, its int64 exact; an import's file goes chunked as it is read, its type by its first character", async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ view: 'summary', detail: 'ok', nodeCount: 1, feasibleCount: 1, feasibleNodes: [], infeasibleGroups: [] }),
    };
    const pod = 'kind: Pod\nmetadata: {name: web}\nspec: {tolerations: [{key: k, operator: Exists, tolerationSeconds: 9223372036854775807}]}\n';
    expect((await runWith({ stdin: [pod] }, 'where', '-f', '-')).code).toBe(0);
    expect(recorded[0]?.headers['content-length']).toBe(String(Buffer.byteLength(recorded[0]?.body ?? '')));
    expect(recorded[0]?.body).toContain('"tolerationSeconds":9223372036854775807');

    const counts = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        dryRun: true,
        ...counts,
        nodes: counts,
        pods: counts,
        namespaces: counts,
        persistentVolumes: counts,
        persistentVolumeClaims: counts,
        storageClasses: counts,
        csiNodes: counts,
        podDisruptionBudgets: counts,
        skipped: [],
        rejected: [],
      }),
    };
    const file = ['  {"kind": "List", ', '"items": []', '}\n'];
    const imported = await runWith({ stdin: file }, 'import', '-f', '-', '--prune', '--dry-run');
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(imported.stdout).toContain('(dry run: nothing stored)');
    expect(recorded[1]).toMatchObject({ method: 'POST', url: '/v1/clusters/prod/import?prune=true&dryRun=true', body: file.join('') });
    expect(recorded[1]?.headers).toMatchObject({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' });

    const kinds = await runWith({ stdin: file }, 'import', '-f', '-', '--prune', '--prune-kinds=Node,Pod');
    expect(kinds).toMatchObject({ code: 0, stderr: '' });
    expect(recorded[2]).toMatchObject({ method: 'POST', url: '/v1/clusters/prod/import?prune=true&pruneKinds=Node%2CPod' });
    const alone = await runWith({ stdin: file }, 'import', '-f', '-', '--prune-kinds=Node');
    expect(alone).toMatchObject({ code: 2, stdout: '' });
    expect(alone.stderr).toContain('--prune-kinds is only taken with --prune');
  });

  it('an answer that is not JSON: exit status 2, saying the server may not be taintgate', async () => {
    answer = { status: 200, type: 'text/html', body: '<html></html>' };
    const result = await run('keys', 'list');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: the server at http:\/\/127\.0\.0\.1:\d+\/ answered \/v1\/apikeys with something not JSON: is it taintgate\?\n$/);
  });

  it("the service's errors: exit status 2, its message on stderr as kubectl prints a Status", async () => {
    answer = { status: 403, type: 'application/json', body: JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'the admin role is needed' }) };
    const result = await run('keys', 'create', 'ci', '--role', 'viewer');
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'Error from server (Forbidden): the admin role is needed\n' });
    expect(recorded[0]?.url).toBe('/v1/apikeys');
  });
});
