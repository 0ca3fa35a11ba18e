import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { generate } from 'selfsigned';
import type { TlsSettings } from '../config/app-config';
import type { SecretBox } from '../secrets/secret-box';

/**
 * TAINTGATE_TLS=auto: HTTPS with a self-signed certificate made on the first start and kept with the
 * data (the database), so that every replica and every restart serve the same one and a
 * kubeconfig made once keeps trusting it (`npm run kubeconfig`). It is for the names the service
 * is reached by: localhost, 127.0.0.1, ::1, this machine's name and TAINTGATE_TLS_HOSTS. A new
 * one is made when it comes within 30 days of its end, or when a name is added; never otherwise.
 * Its private key is sealed (secret-box.ts) when TAINTGATE_SECRETS_KEY is set.
 */

/** The certificate as kept: its PEM, its key's (sealed or not), the names it is for and when it ends. */
export interface KeptCertificate {
  cert: string;
  key: string;
  hosts: string[];
  notAfter: Date;
}

/** Where it is kept (store/tls-certificate-store.ts): read, and written only if what was read is still there. */
export interface CertificateKeeping {
  read(): Promise<KeptCertificate | null>;
  /** Writes `next` in place of `previous` (none: if there is none); answers whether it did (another replica may have first). */
  write(next: KeptCertificate, previous: KeptCertificate | null): Promise<boolean>;
}

const VALID_DAYS = 825;
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

/** The names and addresses the certificate is for: the usual local ones, the machine's name and those configured. */
export function certificateHosts(configured: readonly string[]): string[] {
  return [...new Set(['localhost', '127.0.0.1', '::1', hostname().toLowerCase(), ...configured.map((h) => h.toLowerCase())])];
}

/** Whether the kept certificate serves: not within 30 days of its end, and for every name needed. */
const serves = (kept: KeptCertificate, hosts: readonly string[], now: Date): boolean =>
  kept.notAfter.getTime() - now.getTime() > RENEW_BEFORE_MS && hosts.every((h) => kept.hosts.includes(h));

/** A new self-signed certificate (P-256, SHA-256) for the hosts, its own CA (kubectl trusts it as certificate-authority-data). */
async function made(hosts: readonly string[], now: Date): Promise<{ cert: string; key: string; notAfter: Date }> {
  const notAfter = new Date(now.getTime() + VALID_DAYS * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'taintgate' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })) },
    ],
  });
  return { cert: pems.cert, key: pems.private, notAfter: new Date(new X509Certificate(pems.cert).validTo) };
}

/** What the server is given: the certificate, and its key opened. */
const settingsOf = (kept: KeptCertificate, box: SecretBox): TlsSettings => ({ cert: Buffer.from(kept.cert), key: Buffer.from(box.open(kept.key)) });

/**
 * The certificate to serve: the kept one when it serves, else a new one kept in its place (for
 * the names the old one had too). Two replicas starting together may both make one: the first
 * written is served by both.
 */
export async function autoCertificate(keeping: CertificateKeeping, hosts: readonly string[], box: SecretBox, now = new Date()): Promise<TlsSettings> {
  const kept = await keeping.read();
  if (kept && serves(kept, hosts, now)) return settingsOf(kept, box);
  const wanted = [...new Set([...hosts, ...(kept?.hosts ?? [])])];
  const next = await made(wanted, now);
  const toKeep: KeptCertificate = { ...next, key: box.canSeal ? box.seal(next.key) : next.key, hosts: wanted };
  if (await keeping.write(toKeep, kept)) return settingsOf(toKeep, box);
  const written = await keeping.read();
  if (!written) throw new Error('TAINTGATE_TLS=auto: the certificate was neither written nor found');
  return settingsOf(written, box);
}
