import { describe, expect, it } from 'vitest';
import { type AccessQuestion, type Caller, type Role, reviewAccess, rulesOf } from '@taintgate/domain';

/**
 * `kubectl auth can-i` answered from a key's role and clusters: what RBAC would answer if each role
 * were a ClusterRole of the verbs below (get/list/watch for a viewer, every verb for an operator)
 * bound in the clusters the key holds (kube-apiserver's SelfSubjectAccessReview REST storage,
 * pkg/registry/authorization/selfsubjectaccessreview, asks the authorizer the same question).
 */

const key = (role: Role, clusters = ['team-*']): Caller => ({ kind: 'apiKey', id: 1n, name: 'k', role, clusters });
const resource = (verb: string, resourceName = 'pods', group = ''): AccessQuestion => ({
  kind: 'resource',
  verb,
  group,
  resource: resourceName,
  subresource: '',
  name: '',
});

describe('reviewAccess', () => {
  it.each<[string, Caller, string, AccessQuestion, boolean]>([
    ['a viewer reads', key('viewer'), 'team-a', resource('get'), true],
    ['a viewer lists', key('viewer'), 'team-a', resource('list', 'nodes'), true],
    ['a viewer watches', key('viewer'), 'team-a', resource('watch', 'poddisruptionbudgets', 'policy'), true],
    ['a viewer may not create', key('viewer'), 'team-a', resource('create'), false],
    ['a viewer may not patch', key('viewer'), 'team-a', resource('patch', 'nodes'), false],
    ['an operator deletes', key('operator'), 'team-a', resource('delete'), true],
    ['an operator, any verb', key('operator'), 'team-a', resource('*'), true],
    ['a viewer, any verb: no', key('viewer'), 'team-a', resource('*'), false],
    ['an admin in a cluster it does not hold: no', key('admin'), 'prod', resource('get'), false],
    ['a verb served nowhere: no, whoever asks', key('admin', ['*']), 'prod', resource('impersonate', 'users'), false],
    ['authentication off: anyone may', { kind: 'anyone' }, 'prod', resource('delete', 'nodes'), true],
    ['a URL read by a viewer', key('viewer'), 'team-a', { kind: 'nonResource', verb: 'get', path: '/healthz' }, true],
    ['a URL written by a viewer: no', key('viewer'), 'team-a', { kind: 'nonResource', verb: 'post', path: '/v1/taint' }, false],
  ])('%s', (_, caller, cluster, question, allowed) => {
    const verdict = reviewAccess(caller, cluster, question);
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.denied === true).toBe(!allowed);
    expect(verdict.reason).not.toBe('');
  });

  it('says why: the role needed, or the clusters held', () => {
    expect(reviewAccess(key('viewer'), 'team-a', resource('create', 'pods/eviction')).reason).toBe(
      'forbidden: API key "k" has the viewer role and cannot create pods/eviction: the operator role is needed',
    );
    expect(
      reviewAccess(key('viewer'), 'team-a', { kind: 'resource', verb: 'patch', group: 'apps', resource: 'daemonsets', subresource: 'status', name: 'd' })
        .reason,
    ).toBe('forbidden: API key "k" has the viewer role and cannot patch daemonsets/status.apps: the operator role is needed');
    expect(reviewAccess(key('operator'), 'prod', resource('get')).reason).toBe('forbidden: API key "k" may not use cluster "prod": its clusters are team-*');
    expect(reviewAccess(key('operator'), 'team-a', resource('get')).reason).toBe('API key "k" has the operator role on clusters team-*');
  });
});

describe('rulesOf', () => {
  it.each<[string, Caller, string, { verbs: string[]; nonResourceVerbs: string[] }]>([
    ['a viewer', key('viewer'), 'team-a', { verbs: ['get', 'list', 'watch'], nonResourceVerbs: ['get', 'head'] }],
    ['an operator', key('operator'), 'team-a', { verbs: ['*'], nonResourceVerbs: ['*'] }],
    ['an admin', key('admin'), 'team-b', { verbs: ['*'], nonResourceVerbs: ['*'] }],
    ['in a cluster not held', key('admin'), 'prod', { verbs: [], nonResourceVerbs: [] }],
    ['authentication off', { kind: 'anyone' }, 'prod', { verbs: ['*'], nonResourceVerbs: ['*'] }],
  ])('%s', (_, caller, cluster, rules) => {
    expect(rulesOf(caller, cluster)).toEqual(rules);
  });
});
