import { describe, expect, it } from 'vitest';
import { isExtendedResourceName, isNativeResource } from '../../../../libs/domain/src/resources/extended';

// Two predicates on resource names, each with the names it is asked about.
describe.each<[string, (name: string) => boolean, [string, boolean][]]>([
  [
    'isNativeResource (IsNativeResource)',
    isNativeResource,
    [
      ['cpu', true],
      ['memory', true],
      ['hugepages-2Mi', true],
      ['kubernetes.io/something', true],
      ['example.kubernetes.io/thing', true],
      ['nvidia.com/gpu', false],
      ['example.com/fpga', false],
    ],
  ],
  [
    'isExtendedResourceName (IsExtendedResourceName)',
    isExtendedResourceName,
    [
      ['nvidia.com/gpu', true],
      ['example.com/fpga', true],
      ['example.com/Foo_Bar.1', true],
      ['cpu', false],
      ['memory', false],
      ['ephemeral-storage', false],
      ['kubernetes.io/gpu', false],
      ['foo.kubernetes.io/gpu', false],
      ['requests.example.com/gpu', false],
      ['Example.com/gpu', false],
      ['example.com/-gpu', false],
      ['example.com/a/b', false],
      ['/gpu', false],
      [`example.com/${'g'.repeat(63)}`, true],
      [`example.com/${'g'.repeat(64)}`, false],
      [`${'a'.repeat(244)}/gpu`, true], // "requests." + 244 = 253 bytes of prefix
      [`${'a'.repeat(245)}/gpu`, false],
    ],
  ],
])('%s', (_title, predicate, cases) => {
  it.each(cases)('%s: %s', (name, expected) => {
    expect(predicate(name)).toBe(expected);
  });
});
