import { describe, expect, it } from 'vitest';
import type { Affinity, Pod, PodAffinityTerm } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { interPodAffinityFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/filter';
import { withAffinityLabelKeysMerged } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/match-label-keys';
import { interPodAffinityPreFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/pre-filter';
import { node } from './pod-wrapper';

const labels = { country: 'Japan', city: 'Kyoto' };
const withAffinity = (affinity: Affinity): Pod => ({ metadata: { name: '', labels }, spec: { affinity } });
const asiaTerm = (keys: Partial<PodAffinityTerm>): PodAffinityTerm => ({ labelSelector: { matchLabels: { region: 'Asia' } }, topologyKey: '', ...keys });

describe("Kubernetes' Test_mutatePodAffinity (pkg/registry/core/pod strategy_test.go)", () => {
  it('matchLabelKeys are merged into labelSelector with In and mismatchLabelKeys are merged with NotIn', () => {
    const term = asiaTerm({ matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] });
    const both = {
      requiredDuringSchedulingIgnoredDuringExecution: [term],
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term }],
    };
    const merged: PodAffinityTerm = {
      ...term,
      labelSelector: {
        matchLabels: { region: 'Asia' },
        matchExpressions: [
          { key: 'country', operator: 'In', values: ['Japan'] },
          { key: 'city', operator: 'NotIn', values: ['Kyoto'] },
        ],
      },
    };
    const mergedBoth = {
      requiredDuringSchedulingIgnoredDuringExecution: [merged],
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: merged }],
    };
    const pod = withAffinity({ podAffinity: both, podAntiAffinity: both });
    const before = structuredClone(pod);
    expect(withAffinityLabelKeysMerged(pod).spec?.affinity).toEqual({ podAffinity: mergedBoth, podAntiAffinity: mergedBoth });
    // A new pod: the one given is left as it was.
    expect(pod).toEqual(before);
  });

  it('keys, which are not found in Pod labels, are ignored', () => {
    const pod = withAffinity({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [asiaTerm({ matchLabelKeys: ['city', 'not-found'] })] } });
    expect(withAffinityLabelKeysMerged(pod).spec?.affinity).toEqual({
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: { matchLabels: { region: 'Asia' }, matchExpressions: [{ key: 'city', operator: 'In', values: ['Kyoto'] }] },
            topologyKey: '',
            matchLabelKeys: ['city', 'not-found'],
          },
        ],
      },
    });
  });

  it('matchLabelKeys is ignored if the labelSelector is nil', () => {
    const affinity: Affinity = {
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: '', matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] }] },
    };
    expect(withAffinityLabelKeysMerged(withAffinity(affinity)).spec?.affinity).toEqual(affinity);
  });

  // 'the feature gate is disabled and matchLabelKeys is ignored': MatchLabelKeysInPodAffinity is GA
  // (locked on) since 1.33, so there is no disabled case to model.

  it('leaves a pod without pod affinity as it is', () => {
    const pod: Pod = { metadata: { name: 'p' }, spec: { affinity: { nodeAffinity: {} } } };
    expect(withAffinityLabelKeysMerged(pod)).toBe(pod);
  });
});

describe('matchLabelKeys in placement', () => {
  // A rolling update: the new revision's pods must spread from each other, not from the old revision's.
  const manifest: Pod = {
    metadata: { name: 'web-new', namespace: 'default', labels: { app: 'web', 'pod-template-hash': 'v2' } },
    spec: {
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'], topologyKey: 'hostname' },
          ],
        },
      },
    },
  };
  const old: Pod = { metadata: { name: 'web-old', namespace: 'default', labels: { app: 'web', 'pod-template-hash': 'v1' } }, spec: { nodeName: 'n1' } };
  const n1 = node('n1', { hostname: 'n1' });

  it('is read from labelSelector only: a manifest not yet merged counts every revision', () => {
    const snapshot = snapshotOf([n1], [old]);
    const outcome = interPodAffinityPreFilter(manifest, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, manifest, n1, snapshot)?.reasons).toEqual(["node(s) didn't match pod anti-affinity rules"]);
  });

  it('once merged as the API server stores the pod, counts its own revision only', () => {
    const stored = withAffinityLabelKeysMerged(manifest);
    const snapshot = snapshotOf([n1], [old]);
    const outcome = interPodAffinityPreFilter(stored, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, stored, n1, snapshot)).toBeUndefined();
  });
});
