import { describe, expect, it } from 'vitest';
import { literalAddressOf, parseAllowedCidrs, refusedRange } from '../../../../../apps/api/src/control-loops/webhook-delivery/webhook-addresses';

/** Which addresses a webhook delivery may connect to: public ones, and those of the CIDRs allowed. */
describe('refusedRange', () => {
  it.each([
    ['8.8.8.8', undefined],
    ['2606:4700:4700::1111', undefined],
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:8.8.8.8', undefined],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
  ])('%s: %s', (address, range) => {
    expect(refusedRange(address, [])).toBe(range);
  });

  it('lets through what an allowed CIDR holds, of its own family only', () => {
    const allowed = parseAllowedCidrs('127.0.0.1/32, 10.20.0.0/16');
    expect(refusedRange('127.0.0.1', allowed)).toBeUndefined();
    expect(refusedRange('::ffff:127.0.0.1', allowed)).toBeUndefined();
    expect(refusedRange('127.0.0.2', allowed)).toBe('loopback');
    expect(refusedRange('10.20.3.4', allowed)).toBeUndefined();
    expect(refusedRange('10.21.0.1', allowed)).toBe('private');
    expect(refusedRange('::1', allowed)).toBe('loopback');
  });

  it('refuses a setting that is not a list of CIDRs, naming the bad one', () => {
    expect(() => parseAllowedCidrs('10.0.0.0/8,localhost')).toThrow('TAINTGATE_WEBHOOK_ALLOWED_CIDRS: "localhost" is not a CIDR');
    expect(parseAllowedCidrs(' ')).toEqual([]);
  });
});

describe('literalAddressOf: the host of a URL, when it is an address (WHATWG URLs normalize IPv4 spellings)', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::1]:8080/', '::1'],
    ['https://hooks.example.com/x', undefined],
  ])('%s: %s', (url, address) => {
    expect(literalAddressOf(new URL(url).hostname)).toBe(address);
  });
});
