import { authorizeCluster } from './cluster-scope';
import { type Caller, type Role, authorize, roleAllows } from './roles';

/**
 * `kubectl auth can-i`: what a SelfSubjectAccessReview asks (authorization.k8s.io/v1's
 * ResourceAttributes or NonResourceAttributes) and what taintgate answers, from the key's role
 * and clusters alone. Keys are not namespaced: a namespace asked about changes nothing.
 */
export type AccessQuestion =
  | { readonly kind: 'resource'; readonly verb: string; readonly group: string; readonly resource: string; readonly subresource: string; readonly name: string }
  | { readonly kind: 'nonResource'; readonly verb: string; readonly path: string };

/** SubjectAccessReviewStatus: allowed, or denied with the reason kubectl prints after "no - ". */
export interface AccessVerdict {
  readonly allowed: boolean;
  readonly denied?: boolean;
  readonly reason: string;
}

/**
 * The role each verb of the Kubernetes API needs here: reading views, writing operates (as REST's
 * methods do: roleForMethod). `*`, any verb, needs what the most a verb needs does. Verbs taintgate
 * serves nowhere (bind, escalate, impersonate, approve, use, proxy, ...) are no one's.
 */
const VERB_ROLES: Readonly<Record<string, Role>> = {
  get: 'viewer',
  list: 'viewer',
  watch: 'viewer',
  create: 'operator',
  update: 'operator',
  patch: 'operator',
  delete: 'operator',
  deletecollection: 'operator',
  '*': 'operator',
};

/** A non-resource URL's verbs are HTTP's, lower-cased (get, head, post, ...): reading ones view. */
const NON_RESOURCE_READS = new Set(['get', 'head', 'options']);

const describe = (question: AccessQuestion): string =>
  question.kind === 'nonResource'
    ? `${question.verb} ${question.path}`
    : `${question.verb} ${[question.resource + (question.subresource ? `/${question.subresource}` : ''), question.group].filter(Boolean).join('.')}`;

/**
 * May the caller do what the question asks in this cluster? Allowed when its role allows the verb
 * and its key holds the cluster (authentication off: anyone may do anything). A verb taintgate
 * serves nowhere is denied (no role has it), as RBAC denies what no rule grants.
 */
export function reviewAccess(caller: Caller, cluster: string, question: AccessQuestion): AccessVerdict {
  const needed = question.kind === 'nonResource' ? (NON_RESOURCE_READS.has(question.verb) ? 'viewer' : 'operator') : VERB_ROLES[question.verb];
  if (needed === undefined) return { allowed: false, denied: true, reason: `taintgate serves no ${JSON.stringify(question.verb)} verb` };
  const inCluster = authorizeCluster(caller, cluster);
  if (!inCluster.ok) return { allowed: false, denied: true, reason: inCluster.error.message };
  const decided = authorize(caller, needed, describe(question));
  if (!decided.ok) return { allowed: false, denied: true, reason: decided.error.message };
  return {
    allowed: true,
    reason:
      caller.kind === 'anyone'
        ? 'authentication is off: anyone may do anything'
        : `API key ${JSON.stringify(caller.name)} has the ${caller.role} role on clusters ${caller.clusters.join(', ')}`,
  };
}

/**
 * `kubectl auth can-i --list`: what a SelfSubjectRulesReview answers, every resource of every
 * group with the verbs the role has; none in a cluster the key does not hold.
 */
export function rulesOf(caller: Caller, cluster: string): { verbs: string[]; nonResourceVerbs: string[] } {
  if (!authorizeCluster(caller, cluster).ok) return { verbs: [], nonResourceVerbs: [] };
  if (caller.kind === 'anyone' || roleAllows(caller.role, 'operator')) return { verbs: ['*'], nonResourceVerbs: ['*'] };
  return { verbs: ['get', 'list', 'watch'], nonResourceVerbs: ['get', 'head'] };
}
