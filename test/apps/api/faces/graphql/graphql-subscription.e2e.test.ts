import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EvictionEventsService } from '../../../../../apps/api/src/faces/graphql/eviction-events.service';
import { useApiFixture } from '../../../../support/api-test-app';
import { gql, gqlData } from './graphql-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(probe: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(20);
  }
}

interface EventMessage {
  evictionEvents: {
    id: string;
    kind: string;
    message: string;
    pod: { namespace: string; name: string };
    eviction: { node: string; status: string; taint: { key: string; effect: string } } | null;
  };
}

/** Collects the events of one subscription until `count` have come. */
function collect(client: Client, query: string, variables: Record<string, unknown>) {
  const received: EventMessage['evictionEvents'][] = [];
  const errors: unknown[] = [];
  const dispose = client.subscribe<EventMessage>(
    { query, variables },
    {
      next: (message) => {
        if (message.data) received.push(message.data.evictionEvents);
        if (message.errors) errors.push(message.errors);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return { received, errors, dispose };
}

describe('GraphQL subscription: eviction events over graphql-ws', () => {
  const t = useApiFixture();
  let client: Client;
  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    const address = t.app.getHttpServer().address() as { port: number };
    client = createClient({ url: `ws://127.0.0.1:${address.port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
  });
  afterAll(async () => {
    await client?.dispose();
  });

  const QUERY =
    'subscription($node: String, $kinds: [EvictionEventKind!]) { evictionEvents(nodeName: $node, kinds: $kinds) { id kind message pod { namespace name } eviction { node status taint { key effect } } } }';

  it('a NoExecute taint: Executed for a pod that does not tolerate it, Scheduled then Cancelled for one that does for a while', async () => {
    const events = t.app.get(EvictionEventsService);
    await gqlData(t.app, 'mutation { upsertNode(name: "n1", node: {}) { created } }');
    await gqlData(t.app, 'mutation { upsertNode(name: "other", node: {}) { created } }');
    await gqlData(t.app, 'mutation($pod: JSON!) { upsertPod(name: "plain", pod: $pod) { created } }', { pod: { spec: { nodeName: 'n1' } } });
    await gqlData(t.app, 'mutation($pod: JSON!) { upsertPod(name: "patient", pod: $pod) { created } }', {
      pod: { spec: { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }] } },
    });
    await gqlData(t.app, 'mutation($pod: JSON!) { upsertPod(name: "elsewhere", pod: $pod) { created } }', { pod: { spec: { nodeName: 'other' } } });

    const all = collect(client, QUERY, { node: 'n1' });
    const executedOnly = collect(client, QUERY, { kinds: ['Executed'] });
    await waitFor(() => events.listening === 2);

    await gqlData(t.app, 'mutation { taint(nodes: ["n1", "other"], taints: ["drain:NoExecute"]) { dryRun } }');
    await waitFor(() => all.received.length >= 2 && executedOnly.received.length >= 2);
    await gqlData(t.app, 'mutation { removeTaint(node: "n1", key: "drain") { name } }');
    await waitFor(() => all.received.length >= 3);
    await sleep(600); // nothing more should come

    expect(all.errors).toEqual([]);
    const byPod = (name: string) => all.received.filter((e) => e.pod.name === name).map((e) => e.kind);
    expect(byPod('plain')).toEqual(['Executed']);
    expect(byPod('patient')).toEqual(['Scheduled', 'Cancelled']);
    expect(byPod('elsewhere')).toEqual([]); // another node: filtered out
    expect(all.received.find((e) => e.pod.name === 'plain')).toMatchObject({
      message: 'Marking for deletion Pod default/plain',
      pod: { namespace: 'default', name: 'plain' },
      eviction: { node: 'n1', status: 'Executed', taint: { key: 'drain', effect: 'NoExecute' } },
    });
    expect(executedOnly.received.map((e) => e.pod.name).sort()).toEqual(['elsewhere', 'plain']);

    all.dispose();
    executedOnly.dispose();
    // No subscriber left: the events table is no longer read.
    await waitFor(() => events.listening === 0);
  });

  it('a subscription with a bad argument is refused by GraphQL', async () => {
    const bad = collect(client, 'subscription { evictionEvents(kinds: [Sometimes]) { id } }', {});
    await waitFor(() => bad.errors.length > 0);
    expect(JSON.stringify(bad.errors)).toContain('Sometimes');
  });

  it('a subscription POSTed over HTTP: 400, served over WebSocket only', async () => {
    const reply = await gql(t.app, 'subscription { evictionEvents { id } }');
    expect(reply.statusCode).toBe(400);
    expect(reply.errors).toEqual([
      expect.objectContaining({
        message: 'subscriptions are served over WebSocket (graphql-ws protocol) at /graphql, not over HTTP',
        extensions: expect.objectContaining({ code: 'BAD_REQUEST' }) as unknown,
      }),
    ]);
  });
});
