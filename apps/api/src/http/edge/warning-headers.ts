import type { FastifyReply } from 'fastify';

/**
 * Warnings as kube-apiserver sends them (RFC 7234's `299 - "text"`, one header each), which
 * kubectl prints as `Warning: text`; REST's writes send the same. The text is quoted as Go's
 * strconv.Quote would for ASCII.
 */
export function warn(reply: FastifyReply, warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  reply.header(
    'warning',
    warnings.map((text) => `299 - "${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`),
  );
}
