import { describe, expect, it } from 'vitest';
import {
  isHugePageResourceName,
  isOvercommitAllowed,
  isScalarResourceName,
  isSupportedPodLevelResource,
} from '../../../../libs/domain/src/resources/resource-names';

// Predicates of v1helper (IsHugePageResourceName, IsOvercommitAllowed), schedutil (IsScalarResourceName)
// and resourcehelper (IsSupportedPodLevelResource), each with the names it is asked about.
describe.each<[string, (name: string) => boolean, [string, boolean][]]>([
  [
    'isHugePageResourceName (IsHugePageResourceName)',
    isHugePageResourceName,
    [
      ['hugepages-2Mi', true],
      ['hugepages-1Gi', true],
      ['memory', false],
      ['example.com/hugepages-2Mi', false],
    ],
  ],
  [
    'isScalarResourceName (IsScalarResourceName): extended, hugepages, *kubernetes.io/, attachable volumes',
    isScalarResourceName,
    [
      ['nvidia.com/gpu', true],
      ['example.com/aaa', true],
      ['hugepages-2Mi', true],
      ['kubernetes.io/something', true],
      ['subdomain.kubernetes.io/something', true],
      ['attachable-volumes-aws-ebs', true],
      ['cpu', false],
      ['memory', false],
      ['ephemeral-storage', false],
      ['pods', false],
      ['storage', false],
      ['requests.example.com/gpu', false],
    ],
  ],
  [
    'isSupportedPodLevelResource (IsSupportedPodLevelResource): cpu, memory, hugepages',
    isSupportedPodLevelResource,
    [
      ['cpu', true],
      ['memory', true],
      ['hugepages-2Mi', true],
      ['ephemeral-storage', false],
      ['storage', false],
      ['nvidia.com/gpu', false],
    ],
  ],
  [
    'isOvercommitAllowed (IsOvercommitAllowed): native, not hugepages',
    isOvercommitAllowed,
    [
      ['cpu', true],
      ['memory', true],
      ['ephemeral-storage', true],
      ['hugepages-2Mi', false],
      ['nvidia.com/gpu', false],
    ],
  ],
])('%s', (_name, predicate, cases) => {
  it.each(cases)('%s -> %s', (name, expected) => {
    expect(predicate(name)).toBe(expected);
  });
});
