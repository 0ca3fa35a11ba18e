import { type LookupAddress, type LookupOptions, lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be delivered: the addresses its URL's host resolves to, checked when the
 * connection is made (not when it is registered: a name can resolve elsewhere later), so that a
 * webhook cannot make the service reach its own network (SSRF). Refused unless a CIDR of
 * TAINTGATE_WEBHOOK_ALLOWED_CIDRS holds them: loopback in any spelling (127.0.0.1, 2130706433,
 * 0x7f.1, ::1, ::ffff:127.0.0.1), unspecified (0.0.0.0, ::), private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16 and the cloud metadata endpoint in it, fe80::/10),
 * unique-local (fc00::/7), carrier-grade NAT, multicast, broadcast and the reserved ranges; every
 * address of a name must pass, an IPv4 address mapped in IPv6 as its IPv4 self.
 */

/** ipaddr.js's names of the ranges refused, in words. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback',
  unspecified: 'an unspecified',
  private: 'a private',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  carrierGradeNat: 'a carrier-grade NAT',
  multicast: 'a multicast',
  broadcast: 'the broadcast',
  reserved: 'a reserved',
};

/** An address refused, and the range it is in. */
export class RefusedAddress extends Error {
  constructor(
    readonly address: string,
    readonly range: string,
  ) {
    super(`${address} is ${RANGE_WORDS[range] ?? `a ${range}`} address, which webhooks may not reach (TAINTGATE_WEBHOOK_ALLOWED_CIDRS lists ranges allowed)`);
    this.name = 'RefusedAddress';
  }
}

/** A CIDR as ipaddr.js parses it. */
export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The CIDRs of TAINTGATE_WEBHOOK_ALLOWED_CIDRS, parsed; a bad one throws naming it (the configuration is refused at start). */
export function parseAllowedCidrs(text: string): Cidr[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return ipaddr.parseCIDR(part);
      } catch {
        throw new Error(`TAINTGATE_WEBHOOK_ALLOWED_CIDRS: ${JSON.stringify(part)} is not a CIDR (10.0.0.0/8, fd00::/8)`);
      }
    });
}

/** The range an address is refused for, or undefined when webhooks may reach it. */
export function refusedRange(address: string, allowed: readonly Cidr[]): string | undefined {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (allowed.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits))) return undefined;
  const range = parsed.range();
  return range === 'unicast' ? undefined : range;
}

/** The host of a URL as an address when it is one (brackets of IPv6 dropped; WHATWG URLs write 2130706433 as 127.0.0.1 already). */
export function literalAddressOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup for a connection that may reach only allowed addresses: every address the name
 * resolves to is checked, and one refused fails the connection with RefusedAddress.
 */
export function guardedLookup(allowed: readonly Cidr[]): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, list) => {
      if (error) {
        callback(error, []);
        return;
      }
      const refused = list.map(({ address }) => ({ address, range: refusedRange(address, allowed) })).find(({ range }) => range !== undefined);
      const first = list[0];
      // A RefusedAddress carries its words to the attempt's lastError (delivery-sender.ts reads them off the cause).
      if (refused?.range) callback(new RefusedAddress(refused.address, refused.range), []);
      else if (options.all) callback(null, list);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    });
  };
}
