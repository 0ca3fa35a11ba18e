import { describe, expect, it } from 'vitest';
import type { Namespace, Pod, PodAffinityTerm } from '../../../../../libs/domain/src/types';
import {
  affinityTermMatches,
  incomingAffinityTermMatches,
  memoizedNamespaces,
  namespaceLabelsOf,
  namespacesOfPodAffinityTerm,
  newAffinityTerm,
  podAffinityParseMessage,
  podAffinityTermsOf,
  podHasPodAffinity,
  podHasRequiredAntiAffinity,
  podMatchesAllIncomingTerms,
} from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-term';
import { makePod } from './pod-wrapper';

const pod = (namespace: string | undefined, labels: Record<string, string> = {}): Pod => ({
  metadata: { name: 'p', ...(namespace !== undefined ? { namespace } : {}), labels },
});

function term(owner: Pod, podAffinityTerm: PodAffinityTerm) {
  const parsed = newAffinityTerm(owner, podAffinityTerm, 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("Kubernetes' TestGetNamespacesFromPodAffinityTerm (framework/types_test.go)", () => {
  const owner = pod('default');
  const cases: [string, PodAffinityTerm, string[]][] = [
    ['podAffinityTerm_namespace_empty', { topologyKey: '' }, ['default']],
    ['podAffinityTerm_namespace_not_empty', { topologyKey: '', namespaces: ['kube-public', 'kube-system'] }, ['kube-public', 'kube-system']],
    ['podAffinityTerm_namespace_selector_not_nil', { topologyKey: '', namespaceSelector: {} }, []],
  ];
  it.each(cases)('%s', (_name, podAffinityTerm, want) => {
    expect(namespacesOfPodAffinityTerm(owner, podAffinityTerm)).toEqual(new Set(want));
  });

  it('takes a null namespaceSelector as none, and a pod without a namespace as in ""', () => {
    expect(namespacesOfPodAffinityTerm(owner, { topologyKey: '', namespaceSelector: null, namespaces: [] })).toEqual(new Set(['default']));
    expect(namespacesOfPodAffinityTerm(pod(undefined), { topologyKey: '' })).toEqual(new Set(['']));
  });
});

describe('newAffinityTerm', () => {
  it('keeps the topology key, the selectors and the field', () => {
    expect(newAffinityTerm(pod('ns'), { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } } }, 'f')).toEqual({
      ok: true,
      value: {
        namespaces: new Set(['ns']),
        selector: { kind: 'requirements', requirements: [{ key: 'app', operator: 'In', values: ['web'] }] },
        topologyKey: 'zone',
        namespaceSelector: { kind: 'nothing' },
        field: 'f',
      },
    });
  });

  it("fails on the label selector's error first, then the namespace selector's", () => {
    const bad = { matchExpressions: [{ key: 'a', operator: 'Lt', values: ['1'] }] };
    expect(
      newAffinityTerm(pod('ns'), { topologyKey: 'z', labelSelector: bad, namespaceSelector: { matchExpressions: [{ key: 'b', operator: 'Gt' }] } }, 'f'),
    ).toEqual({
      ok: false,
      error: '"Lt" is not a valid label selector operator',
    });
    expect(newAffinityTerm(pod('ns'), { topologyKey: 'z', labelSelector: {}, namespaceSelector: bad }, 'f')).toEqual({
      ok: false,
      error: '"Lt" is not a valid label selector operator',
    });
  });
});

describe('affinityTermMatches (fwk.AffinityTerm.Matches)', () => {
  const web = { app: 'web' };
  it('matches a pod in a namespace the term names, by its labels', () => {
    const t = term(pod('a'), { topologyKey: 'zone', labelSelector: { matchLabels: web }, namespaces: ['a', 'b'] });
    expect(affinityTermMatches(t, pod('b', web), {})).toBe(true);
    expect(affinityTermMatches(t, pod('c', web), {})).toBe(false);
    expect(affinityTermMatches(t, pod('a', { app: 'db' }), {})).toBe(false);
  });

  it("matches a pod whose namespace's labels the namespaceSelector selects", () => {
    const t = term(pod('a'), { topologyKey: 'zone', labelSelector: { matchLabels: web }, namespaceSelector: { matchLabels: { team: 't1' } } });
    expect(affinityTermMatches(t, pod('x', web), { team: 't1' })).toBe(true);
    expect(affinityTermMatches(t, pod('x', web), { team: 't2' })).toBe(false);
    // The term's own namespace is not implied once a namespaceSelector is set.
    expect(affinityTermMatches(t, pod('a', web), {})).toBe(false);
  });

  it('matches every namespace with an empty namespaceSelector, none with a missing labelSelector', () => {
    expect(affinityTermMatches(term(pod('a'), { topologyKey: 'z', labelSelector: {}, namespaceSelector: {} }), pod('any'), undefined)).toBe(true);
    expect(affinityTermMatches(term(pod('a'), { topologyKey: 'z', namespaceSelector: {} }), pod('any', web), undefined)).toBe(false);
  });
});

describe("incomingAffinityTermMatches (the incoming pod's terms after mergeAffinityTermNamespacesIfNotEmpty)", () => {
  const namespaces = new Map<string, Namespace>([
    ['t1-a', { metadata: { name: 't1-a', labels: { team: 't1' } } }],
    ['t2-a', { metadata: { name: 't2-a', labels: { team: 't2' } } }],
    ['bare', { metadata: { name: 'bare' } }],
  ]);
  const namespaceOf = (name: string) => namespaces.get(name);
  const web = { app: 'web' };

  it('selects the held namespaces whose labels match a non-empty namespaceSelector, and the named ones', () => {
    const t = term(pod('own'), {
      topologyKey: 'z',
      labelSelector: { matchLabels: web },
      namespaces: ['named'],
      namespaceSelector: { matchLabels: { team: 't1' } },
    });
    expect(incomingAffinityTermMatches(t, pod('t1-a', web), namespaceOf)).toBe(true);
    expect(incomingAffinityTermMatches(t, pod('t2-a', web), namespaceOf)).toBe(false);
    expect(incomingAffinityTermMatches(t, pod('named', web), namespaceOf)).toBe(true);
  });

  it('never selects a namespace the snapshot does not hold with a non-empty namespaceSelector', () => {
    const t = term(pod('own'), {
      topologyKey: 'z',
      labelSelector: { matchLabels: web },
      namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] },
    });
    expect(incomingAffinityTermMatches(t, pod('bare', web), namespaceOf)).toBe(true);
    expect(incomingAffinityTermMatches(t, pod('unknown', web), namespaceOf)).toBe(false);
    // The same term as an existing pod's, matched against a pod of an unknown namespace: empty labels, DoesNotExist holds.
    expect(affinityTermMatches(t, pod('unknown', web), namespaceLabelsOf(namespaceOf('unknown')))).toBe(true);
  });

  it('selects every namespace, held or not, with an empty namespaceSelector', () => {
    const t = term(pod('own'), { topologyKey: 'z', labelSelector: { matchLabels: web }, namespaceSelector: {} });
    expect(incomingAffinityTermMatches(t, pod('unknown', web), namespaceOf)).toBe(true);
  });

  it("podMatchesAllAffinityTerms: false without terms, else every term's", () => {
    const owner = pod('own', web);
    expect(podMatchesAllIncomingTerms([], owner, namespaceOf)).toBe(false);
    const t1 = term(owner, { topologyKey: 'z', labelSelector: { matchLabels: web } });
    const t2 = term(owner, { topologyKey: 'z', labelSelector: { matchLabels: { tier: 'x' } } });
    expect(podMatchesAllIncomingTerms([t1], owner, namespaceOf)).toBe(true);
    expect(podMatchesAllIncomingTerms([t1, t2], owner, namespaceOf)).toBe(false);
  });

  it('looks each namespace up once', () => {
    const asked: string[] = [];
    const lookup = memoizedNamespaces((name) => {
      asked.push(name);
      return namespaces.get(name);
    });
    lookup('t1-a');
    lookup('t1-a');
    lookup('unknown');
    lookup('unknown');
    expect(asked).toEqual(['t1-a', 'unknown']);
  });
});

describe('podAffinityTermsOf (framework.NewPodInfo)', () => {
  it('parses the four lists with their fields and weights', () => {
    const p = makePod().namespace('ns').podAffinityIn('app', 'zone', ['a'], 'required').podAntiAffinityExists('app', 'host', 'preferred').obj();
    const terms = podAffinityTermsOf(p);
    expect(terms.requiredAffinity.map((t) => t.field)).toEqual(['spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]']);
    expect(terms.requiredAntiAffinity).toEqual([]);
    expect(terms.preferredAffinity).toEqual([]);
    expect(terms.preferredAntiAffinity.map((t) => [t.field, t.weight, t.topologyKey])).toEqual([
      ['spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]', 1, 'host'],
    ]);
    expect(terms.parseErrors).toBeUndefined();
    expect(podAffinityTermsOf(p)).toBe(terms);
  });

  it('leaves a list with a bad term empty and keeps the others', () => {
    const p = makePod()
      .podAffinityIn('app', 'zone', ['a'], 'required')
      .podAffinityIn('app', 'zone', [], 'required')
      .podAntiAffinityExists('app', 'zone', 'required')
      .obj();
    const terms = podAffinityTermsOf(p);
    expect(terms.requiredAffinity).toEqual([]);
    expect(terms.requiredAntiAffinity).toHaveLength(1);
    expect(terms.parseErrors).toEqual([
      {
        list: 'requiredAffinityTerms',
        field: 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[1]',
        message: "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
      },
    ]);
    expect(podAffinityParseMessage(terms.parseErrors ?? [])).toBe(
      "requiredAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
    );
  });
});

describe("NodeInfo's lists of pods with affinity", () => {
  it('podWithAffinity: any podAffinity or podAntiAffinity, even empty', () => {
    expect(podHasPodAffinity(pod('a'))).toBe(false);
    expect(podHasPodAffinity({ metadata: { name: 'p' }, spec: { affinity: { nodeAffinity: {} } } })).toBe(false);
    expect(podHasPodAffinity({ metadata: { name: 'p' }, spec: { affinity: { podAffinity: {} } } })).toBe(true);
    expect(podHasPodAffinity({ metadata: { name: 'p' }, spec: { affinity: { podAntiAffinity: {} } } })).toBe(true);
  });

  it('podWithRequiredAntiAffinity: at least one required anti-affinity term', () => {
    expect(podHasRequiredAntiAffinity({ metadata: { name: 'p' }, spec: { affinity: { podAntiAffinity: {} } } })).toBe(false);
    expect(podHasRequiredAntiAffinity(makePod().podAntiAffinityExists('a', 'z', 'preferred').obj())).toBe(false);
    expect(podHasRequiredAntiAffinity(makePod().podAntiAffinityExists('a', 'z', 'required').obj())).toBe(true);
  });
});
