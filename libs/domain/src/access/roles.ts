import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';

/**
 * What an API key may do, from least to most: each role may do everything the ones before it may.
 * - viewer: every question (lists, reads, placement, taint impact, evictions, subscriptions);
 * - operator: and every change to a cluster's nodes, pods and taints, imports, creating clusters;
 * - admin: and API keys, the audit trail, deleting a cluster.
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a caller holding `held` may do what needs `needed`. */
export const roleAllows = (held: Role, needed: Role): boolean => ROLES.indexOf(held) >= ROLES.indexOf(needed);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * The role a REST request needs by its method alone, as Kubernetes' RBAC verbs split reads from
 * writes: reading is viewing, anything else changes something. Routes that ask a question by POST
 * (placement, taint impact) or that need more (keys) say so on the route.
 */
export function roleForMethod(method: string): Role {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || upper === 'OPTIONS' ? 'viewer' : 'operator';
}

/**
 * Who is calling, once authenticated: an API key by its name, with its role and the clusters it may
 * use it on (cluster-scope.ts), or anyone at all when authentication is off.
 */
export type Caller =
  | { readonly kind: 'apiKey'; readonly id: bigint; readonly name: string; readonly role: Role; readonly clusters: readonly string[] }
  | { readonly kind: 'anyone' };

/** How a caller is named in messages and the audit trail. */
const callerName = (caller: Caller): string => (caller.kind === 'apiKey' ? `API key ${JSON.stringify(caller.name)}` : 'anyone (authentication is off)');

/**
 * May this caller do `what` (words for the message: `POST /v1/taint`, `mutation deleteCluster`),
 * which needs `needed`? Without a caller (no key, or one not valid) the answer is 401, with a
 * caller whose role is too low 403 naming the role needed. Authentication off lets anyone do anything.
 */
export function authorize(caller: Caller | undefined, needed: Role, what: string): Result<Caller, Failure> {
  if (!caller) return err(failure.unauthorized(`Unauthorized: ${what} needs an API key, sent as "Authorization: Bearer <key>"`));
  if (caller.kind === 'anyone' || roleAllows(caller.role, needed)) return ok(caller);
  return err(failure.forbiddenTo(`forbidden: ${callerName(caller)} has the ${caller.role} role and cannot ${what}: the ${needed} role is needed`));
}
