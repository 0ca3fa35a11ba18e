import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { WebhookReceiver, waitFor } from './webhook-receiver';

/**
 * A webhook may not make the service reach its own network: a receiver listening on loopback gets
 * nothing, whatever spelling of a loopback address, or name resolving to one, its URL uses; the
 * attempt fails naming the address and its range. Cloud metadata's link-local address likewise.
 * (TAINTGATE_WEBHOOK_ALLOWED_CIDRS is left empty here: nothing but public addresses.)
 */
describe('webhooks reach only public addresses (SSRF)', () => {
  const t = useApiFixture({ WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_DELAY_MS: '50', WEBHOOK_TIMEOUT_MS: '2000' });
  const { api } = t;
  let receiver: WebhookReceiver;
  let port = '';

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    port = new URL(receiver.url).port;
  });
  afterAll(async () => {
    await receiver.close();
  });

  it.each([
    ['a dotted loopback address', (p: string) => `http://127.0.0.1:${p}/hook`, '127.0.0.1 is a loopback address'],
    ['a decimal one', (p: string) => `http://2130706433:${p}/hook`, '127.0.0.1 is a loopback address'],
    ['a hexadecimal and short one', (p: string) => `http://0x7f.1:${p}/hook`, '127.0.0.1 is a loopback address'],
    ['an octal one', (p: string) => `http://0177.0.0.1:${p}/hook`, '127.0.0.1 is a loopback address'],
    ['IPv4 mapped in IPv6', (p: string) => `http://[::ffff:127.0.0.1]:${p}/hook`, '::ffff:7f00:1 is a loopback address'],
    ['IPv6 loopback', (p: string) => `http://[::1]:${p}/hook`, '::1 is a loopback address'],
    ['the unspecified address', (p: string) => `http://0.0.0.0:${p}/hook`, '0.0.0.0 is an unspecified address'],
    ['a name that resolves to loopback, checked when connecting', (p: string) => `http://localhost:${p}/hook`, 'is a loopback address'],
    ['the cloud metadata endpoint', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['a private address', () => 'http://10.1.2.3:8080/hook', '10.1.2.3 is a private address'],
  ])('%s: refused, the receiver told nothing', async (_name, urlOf, said) => {
    const cluster = `c${Math.random().toString(36).slice(2, 10)}`;
    expect((await api.put(`/v1/clusters/${cluster}`, {})).statusCode).toBeLessThan(300);
    const created = await api.post('/v1/webhooks', { url: urlOf(port), events: ['TaintAdded'], secret: 'a-secret-of-24-characters', cluster });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await api.put(`/v1/clusters/${cluster}/nodes/n1`, { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const delivery = await waitFor(async () => {
      const [item] = (await api.get(`/v1/webhooks/${id}/deliveries`)).json<{ items: { status: string; lastError: string; responseStatus: unknown }[] }>().items;
      return item?.status === 'failed' ? item : undefined;
    });
    expect(delivery.lastError).toContain(said);
    expect(delivery.lastError).toContain('TAINTGATE_WEBHOOK_ALLOWED_CIDRS');
    expect(delivery.responseStatus).toBeNull();
    expect(receiver.received).toEqual([]);
  });
});
