import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import { computePodQOS, defaultRequestsFromLimits, effectiveRequests } from '../../../../libs/domain/src/resources/qos';
import type { Container, PodQOSClass, ResourceRequirements } from '../../../../libs/domain/src/types';

const c = (name: string, resources?: ResourceRequirements): Container => (resources ? { name, resources } : { name });
const pod = (containers: Container[], initContainers?: Container[]): Pod => ({
  metadata: { name: 'p', namespace: 'default' },
  spec: initContainers ? { containers, initContainers } : { containers },
});
const both = (cpu: string | number, memory: string | number) => ({ cpu, memory });

describe('computePodQOS (ComputePodQOS, on the defaulted pod)', () => {
  it.each<{ name: string; pod: Pod; qos: PodQOSClass }>([
    { name: 'no resources at all', pod: pod([c('a'), c('b')]), qos: 'BestEffort' },
    { name: 'no spec', pod: { metadata: { name: 'p' } }, qos: 'BestEffort' },
    { name: 'empty requests and limits', pod: pod([c('a', { requests: {}, limits: {} })]), qos: 'BestEffort' },
    { name: 'zero quantities are ignored', pod: pod([c('a', { requests: both('0', '0'), limits: both(0, '0Mi') })]), qos: 'BestEffort' },
    { name: 'negative quantities are ignored', pod: pod([c('a', { requests: { cpu: '-1' } })]), qos: 'BestEffort' },
    {
      name: 'only non-cpu/memory resources',
      pod: pod([c('a', { requests: { 'example.com/gpu': '1', 'ephemeral-storage': '1Gi' }, limits: { 'example.com/gpu': '1' } })]),
      qos: 'BestEffort',
    },
    { name: 'a cpu request only', pod: pod([c('a', { requests: { cpu: '100m' } })]), qos: 'Burstable' },
    { name: 'requests below limits', pod: pod([c('a', { requests: both('250m', '128Mi'), limits: both('500m', '256Mi') })]), qos: 'Burstable' },
    { name: 'requests equal to limits', pod: pod([c('a', { requests: both('500m', '256Mi'), limits: both('500m', '256Mi') })]), qos: 'Guaranteed' },
    {
      name: 'equal in value, spelled differently',
      pod: pod([c('a', { requests: both('0.5', '268435456'), limits: both('500m', '256Mi') })]),
      qos: 'Guaranteed',
    },
    { name: 'limits only (requests default to them)', pod: pod([c('a', { limits: both('1', '1Gi') })]), qos: 'Guaranteed' },
    { name: 'limits only, numbers', pod: pod([c('a', { limits: both(1, 1073741824) })]), qos: 'Guaranteed' },
    { name: 'limits on cpu only', pod: pod([c('a', { limits: { cpu: '1' } })]), qos: 'Burstable' },
    { name: 'limits on memory only', pod: pod([c('a', { limits: { memory: '1Gi' } })]), qos: 'Burstable' },
    { name: 'a zero limit does not count as a limit', pod: pod([c('a', { limits: both('0', '1Gi') })]), qos: 'Burstable' },
    {
      name: 'an explicit zero request with a limit: not defaulted, not counted',
      pod: pod([c('a', { requests: { cpu: '0' }, limits: both('1', '1Gi') })]),
      qos: 'Burstable',
    },
    {
      name: 'extra non-cpu/memory resources do not spoil Guaranteed',
      pod: pod([c('a', { requests: { ...both('1', '1Gi'), 'example.com/gpu': '1' }, limits: { ...both('1', '1Gi'), 'example.com/gpu': '2' } })]),
      qos: 'Guaranteed',
    },
    {
      name: 'every container limited and equal',
      pod: pod([c('a', { limits: both('1', '1Gi') }), c('b', { requests: both('200m', '64Mi'), limits: both('200m', '64Mi') })]),
      qos: 'Guaranteed',
    },
    {
      name: 'one container without limits',
      pod: pod([c('a', { limits: both('1', '1Gi') }), c('b')]),
      qos: 'Burstable',
    },
    {
      name: 'sums are compared, not containers one by one',
      pod: pod([c('a', { requests: both('2', '1Gi'), limits: both('1', '1Gi') }), c('b', { requests: both('1', '1Gi'), limits: both('2', '1Gi') })]),
      qos: 'Guaranteed',
    },
    {
      name: 'init containers count: a limited init container alone',
      pod: pod([c('a')], [c('init', { limits: both('1', '1Gi') })]),
      qos: 'Burstable',
    },
    {
      name: 'init containers count: all limited',
      pod: pod([c('a', { limits: both('1', '1Gi') })], [c('init', { limits: both('500m', '128Mi') })]),
      qos: 'Guaranteed',
    },
    {
      name: 'init containers count: an init request makes a BestEffort pod Burstable',
      pod: pod([c('a')], [c('init', { requests: { memory: '10Mi' } })]),
      qos: 'Burstable',
    },
    {
      name: 'init container with requests below limits',
      pod: pod([c('a', { limits: both('1', '1Gi') })], [c('init', { requests: both('100m', '1Gi'), limits: both('1', '1Gi') })]),
      qos: 'Burstable',
    },
    { name: 'unparsable quantities are ignored', pod: pod([c('a', { requests: { cpu: 'lots' } })]), qos: 'BestEffort' },
  ])('$name: $qos', ({ pod: p, qos }) => {
    expect(computePodQOS(p)).toBe(qos);
  });

  it('ignores status.qosClass (it computes)', () => {
    expect(computePodQOS({ ...pod([c('a')]), status: { qosClass: 'Guaranteed' } })).toBe('BestEffort');
  });
});

describe('effectiveRequests and defaultRequestsFromLimits (SetDefaults_Pod)', () => {
  it.each<{ name: string; requests: ResourceRequirements['requests']; limits: ResourceRequirements['limits']; expected: ResourceRequirements['requests'] }>([
    { name: 'no limits', requests: { cpu: '1' }, limits: undefined, expected: { cpu: '1' } },
    { name: 'nothing', requests: undefined, limits: undefined, expected: undefined },
    { name: 'limits only', requests: undefined, limits: both('1', '1Gi'), expected: both('1', '1Gi') },
    { name: 'existing requests kept', requests: { cpu: '100m' }, limits: both('1', '1Gi'), expected: both('100m', '1Gi') },
    { name: 'an existing zero request kept', requests: { cpu: '0' }, limits: { cpu: '1' }, expected: { cpu: '0' } },
    { name: 'any resource is copied', requests: {}, limits: { 'example.com/gpu': '1' }, expected: { 'example.com/gpu': '1' } },
  ])('$name', ({ requests, limits, expected }) => {
    expect(effectiveRequests(requests, limits)).toEqual(expected);
  });

  it('defaults containers and init containers, without touching the input', () => {
    const input = pod([c('a', { limits: both('1', '1Gi') }), c('b')], [c('init', { requests: { cpu: '1' }, limits: { memory: '1Gi' } })]);
    const copy = structuredClone(input);
    const out = defaultRequestsFromLimits(input);
    expect(out.spec?.containers?.[0]?.resources).toEqual({ limits: both('1', '1Gi'), requests: both('1', '1Gi') });
    expect(out.spec?.containers?.[1]).toEqual({ name: 'b' });
    expect(out.spec?.initContainers?.[0]?.resources).toEqual({ requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '1Gi' } });
    expect(input).toEqual(copy);
  });

  it('leaves a pod without spec alone', () => {
    const p: Pod = { metadata: { name: 'p' } };
    expect(defaultRequestsFromLimits(p)).toBe(p);
  });
});
