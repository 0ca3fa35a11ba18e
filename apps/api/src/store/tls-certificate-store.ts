import type { PrismaService } from '../platform/database/prisma.service';
import type { CertificateKeeping, KeptCertificate } from '../platform/tls/auto-certificate';

/** The name of the one certificate TAINTGATE_TLS=auto keeps. */
const AUTO = 'auto';

/**
 * The tls_certificates table: the certificate TAINTGATE_TLS=auto serves (auto-certificate.ts).
 * Used before the service starts (its HTTPS server needs it), with a command's Prisma client.
 */
export class TlsCertificateStore implements CertificateKeeping {
  constructor(private readonly prisma: PrismaService) {}

  async read(): Promise<KeptCertificate | null> {
    return this.prisma.tlsCertificate.findUnique({ where: { name: AUTO }, select: { cert: true, key: true, hosts: true, notAfter: true } });
  }

  async write(next: KeptCertificate, previous: KeptCertificate | null): Promise<boolean> {
    if (!previous) {
      const { count } = await this.prisma.tlsCertificate.createMany({ data: [{ name: AUTO, ...next }], skipDuplicates: true });
      return count > 0;
    }
    const { count } = await this.prisma.tlsCertificate.updateMany({ where: { name: AUTO, cert: previous.cert }, data: next });
    return count > 0;
  }
}
