import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CertificateKeeping, type KeptCertificate, autoCertificate, certificateHosts } from '../../../../../apps/api/src/platform/tls/auto-certificate';
import { SecretBox, secretKeyOf } from '../../../../../apps/api/src/platform/secrets/secret-box';

/** Kept in memory, as the table keeps it; `race` writes another replica's certificate first. */
class Kept implements CertificateKeeping {
  row: KeptCertificate | null = null;
  writes = 0;
  constructor(private readonly race?: KeptCertificate) {}
  read = () => Promise.resolve(this.row);
  write(next: KeptCertificate, previous: KeptCertificate | null): Promise<boolean> {
    if (this.race && this.writes === 0) this.row = this.race;
    this.writes += 1;
    if (this.row?.cert !== previous?.cert) return Promise.resolve(false);
    this.row = next;
    return Promise.resolve(true);
  }
}

const box = new SecretBox(secretKeyOf('auto-certificate-test-key-0123456789abcdef'));
const now = new Date('2026-11-29T12:00:00Z');
const sans = (pem: Buffer | string) => new X509Certificate(pem).subjectAltName ?? '';

describe('autoCertificate', () => {
  it('makes one on the first start, for the hosts, its key sealed; the next start serves it as kept', async () => {
    const kept = new Kept();
    const first = await autoCertificate(kept, ['localhost', '127.0.0.1', 'api'], box, now);
    expect(sans(first.cert)).toBe('DNS:localhost, IP Address:127.0.0.1, DNS:api');
    expect(kept.row?.key).toMatch(/^tgs1:/);
    expect(first.key.toString()).toContain('PRIVATE KEY');
    const again = await autoCertificate(kept, ['api', 'localhost'], box, now);
    expect(again.cert.equals(first.cert)).toBe(true);
    expect(kept.writes).toBe(1);
  });

  it.each([
    ['near its end', ['localhost'], new Date(now.getTime() + 800 * 24 * 3600 * 1000)],
    ['a name added', ['localhost', 'taintgate.example.com'], now],
  ])('%s: a new one, for the names the old one had too', async (_, hosts, later) => {
    const kept = new Kept();
    const first = await autoCertificate(kept, ['localhost', 'api'], box, now);
    const next = await autoCertificate(kept, hosts, box, later);
    expect(next.cert.equals(first.cert)).toBe(false);
    expect(sans(next.cert)).toContain('DNS:api');
    for (const host of hosts) expect(sans(next.cert)).toContain(`DNS:${host}`);
  });

  it("two replicas at once: the one that loses the write serves the winner's", async () => {
    const winner = new Kept();
    await autoCertificate(winner, ['localhost'], box, now);
    const kept = new Kept(winner.row ?? undefined);
    const served = await autoCertificate(kept, ['localhost'], box, now);
    expect(served.cert.toString()).toBe(winner.row?.cert);
  });

  it('without a secrets key the key is kept as made', async () => {
    const kept = new Kept();
    await autoCertificate(kept, ['localhost'], new SecretBox(undefined), now);
    expect(kept.row?.key).toContain('PRIVATE KEY');
  });
});

describe('certificateHosts', () => {
  it('the local names, the machine, then those configured, each once, lower case', () => {
    const hosts = certificateHosts(['API', 'localhost']);
    expect(hosts.slice(0, 3)).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(hosts).toContain('api');
    expect(new Set(hosts).size).toBe(hosts.length);
  });
});
