import { X509Certificate } from 'node:crypto';
import type { AppConfig, TlsSettings } from './platform/config/app-config';
import { withCommandDatabase } from './platform/database/command-database';
import { secretBoxOf } from './platform/secrets/secret-box';
import { autoCertificate, certificateHosts } from './platform/tls/auto-certificate';
import { TlsCertificateStore } from './store/tls-certificate-store';

/**
 * What the service serves HTTPS with: the certificate files given (TAINTGATE_TLS_CERT_FILE and
 * _KEY_FILE), or with TAINTGATE_TLS=auto the certificate kept in the database, made on the first
 * start (platform/tls/auto-certificate.ts); none: plain HTTP. Asked before Nest starts, once the
 * database is migrated: the HTTP server is made with it.
 */
export async function tlsOf(config: AppConfig): Promise<TlsSettings | undefined> {
  const { tls, tlsAuto } = config;
  if (tls || !tlsAuto) return tls;
  return withCommandDatabase(config, (database) => autoCertificate(new TlsCertificateStore(database), certificateHosts(tlsAuto.hosts), secretBoxOf(config)));
}

/** The certificate's SHA-256 fingerprint, as browsers and `openssl x509 -fingerprint -sha256` show it: what a user compares. */
export const certificateFingerprint = (tls: TlsSettings): string => new X509Certificate(tls.cert).fingerprint256;
