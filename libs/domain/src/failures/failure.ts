import { type FieldError, goQuote, invalidObjectMessage, uniqueFieldErrors } from '../foundation/field-errors';

/**
 * Why a request failed, by the names Kubernetes gives them (metav1.StatusReason). Each face
 * renders a Failure in one place: REST's error body and status, GraphQL's `extensions.code`,
 * and later the Kubernetes API's `Status`.
 */
export type FailureReason =
  /** The request is malformed as a whole (a bad selector, a kubectl argument, JSON types). */
  | 'BadRequest'
  /** An object failed the API server's validation; `causes` name every bad field. */
  | 'Invalid'
  | 'NotFound'
  /** The request carries no credentials, or credentials that are not valid (HTTP 401). */
  | 'Unauthorized'
  /** The request is understood but refused (the default cluster may not be deleted). */
  | 'Forbidden'
  /** The request clashes with what is stored (a taint whose key and effect exist already). */
  | 'Conflict'
  /** A create of an object that exists (HTTP 409, as Conflict, with its own reason for kubectl to print). */
  | 'AlreadyExists'
  | 'MethodNotAllowed'
  | 'UnsupportedMediaType'
  | 'RequestEntityTooLarge'
  /** A watch from a resourceVersion older than what is still known of the changes since (HTTP 410): list again. */
  | 'Expired'
  /** A watch from a resourceVersion not yet written (kube-apiserver's "Too large resource version", HTTP 504): retry. */
  | 'Timeout'
  /** Refused for now, to be tried again (HTTP 429): an eviction a PodDisruptionBudget does not allow yet. */
  | 'TooManyRequests'
  /**
   * A failure kube-apiserver gives no reason (metav1.StatusReasonUnknown, written as none), with
   * its own code, 500 here: an eviction of a pod more than one PodDisruptionBudget selects.
   */
  | 'Unknown'
  /** A dependency (Postgres, Redis) does not answer. */
  | 'ServiceUnavailable'
  /** A failure of ours, never of the client's request. */
  | 'InternalError';

export interface Failure {
  readonly reason: FailureReason;
  /** Worded as kube-apiserver or kubectl words it, where they have a wording. */
  readonly message: string;
  /** The bad fields, structured until a face renders them. */
  readonly causes?: readonly FieldError[];
  /**
   * The object it is about, as the API server's StatusDetails name it: a kind for Invalid
   * (`Node`), a resource for NotFound (`nodes`). kubectl prints `The Node "x" is invalid` from it.
   */
  readonly subject?: { readonly kind: string; readonly name: string; readonly group?: string };
  /** Causes that name no field, after the bad fields' (StatusCause's reason and message: a DisruptionBudget's). */
  readonly otherCauses?: readonly { readonly type: string; readonly message: string }[];
  /** When the request may be sent again, in seconds (StatusDetails.retryAfterSeconds, and Retry-After); none when not said. */
  readonly retryAfterSeconds?: number;
}

/** The resource of a kind as apimachinery's meta.UnsafeGuessKindToResource names it (Node -> nodes). */
export function resourceOf(kind: string): string {
  const singular = kind.toLowerCase();
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/** schema.GroupResource's String(): `nodes`, `leases.coordination.k8s.io`. */
const qualifiedResourceOf = (kind: string, group: string): string => (group ? `${resourceOf(kind)}.${group}` : resourceOf(kind));

export const failure = {
  /** apierrors.NewInvalid: `Node "n1" is invalid: [spec.taints[0].effect: Required value, ...]`. */
  invalid: (kind: string, name: string, errors: readonly FieldError[]): Failure => ({
    reason: 'Invalid',
    message: invalidObjectMessage(kind, name, errors),
    causes: uniqueFieldErrors(errors),
    subject: { kind, name },
  }),
  /** Bad request fields that belong to no one object: one line per field, as kubectl prints them. */
  badFields: (errors: readonly FieldError[]): Failure => ({
    reason: 'BadRequest',
    message: uniqueFieldErrors(errors)
      .map((e) => `${e.path.render()}: ${e.reason}`)
      .join('\n'),
    causes: uniqueFieldErrors(errors),
  }),
  badRequest: (message: string, causes?: readonly FieldError[]): Failure =>
    causes === undefined ? { reason: 'BadRequest', message } : { reason: 'BadRequest', message, causes },
  /**
   * apierrors.NewNotFound: `nodes "n1" not found`; a resource of another group than the core one
   * is named with it (`leases.coordination.k8s.io "n1" not found`).
   */
  notFound: (kind: string, name: string, group = ''): Failure => ({
    reason: 'NotFound',
    message: `${qualifiedResourceOf(kind, group)} ${goQuote(name)} not found`,
    subject: { kind: resourceOf(kind), name, ...(group ? { group } : {}) },
  }),
  /** apierrors.NewAlreadyExists: `nodes "n1" already exists` (a create of an object that is stored). */
  alreadyExists: (kind: string, name: string): Failure => ({
    reason: 'AlreadyExists',
    message: `${resourceOf(kind)} ${goQuote(name)} already exists`,
    subject: { kind: resourceOf(kind), name },
  }),
  /** Something other than a named object is missing (a taint on a node). */
  missing: (message: string): Failure => ({ reason: 'NotFound', message }),
  conflict: (message: string): Failure => ({ reason: 'Conflict', message }),
  /** As apierrors.NewForbidden words it: `namespaces "default" is forbidden: this namespace may not be deleted`. */
  forbidden: (kind: string, name: string, why: string): Failure => ({
    reason: 'Forbidden',
    message: `${resourceOf(kind)} ${goQuote(name)} is forbidden: ${why}`,
  }),
  /** No API key, or one that is not valid: kube-apiserver says only `Unauthorized`; this also says what to send. */
  unauthorized: (message: string): Failure => ({ reason: 'Unauthorized', message }),
  /** A caller whose role may not do what it asked (403), in words that name the role needed. */
  forbiddenTo: (message: string): Failure => ({ reason: 'Forbidden', message }),
  unsupportedMediaType: (message: string): Failure => ({ reason: 'UnsupportedMediaType', message }),
  tooLarge: (message: string): Failure => ({ reason: 'RequestEntityTooLarge', message }),
  internal: (message: string): Failure => ({ reason: 'InternalError', message }),
  /** apierrors.NewResourceExpired: `too old resource version: 12 (40)`. */
  expired: (message: string): Failure => ({ reason: 'Expired', message }),
  /** apierrors.NewTimeoutError, as a watch from a revision not yet reached answers. */
  timeout: (message: string): Failure => ({ reason: 'Timeout', message }),
  /**
   * apierrors.NewTooManyRequests: 429, with when to try again (0: not said) and the causes that
   * say why (a DisruptionBudget's).
   */
  tooManyRequests: (message: string, retryAfterSeconds: number, causes: readonly { type: string; message: string }[]): Failure => ({
    reason: 'TooManyRequests',
    message,
    ...(causes.length > 0 ? { otherCauses: causes } : {}),
    ...(retryAfterSeconds > 0 ? { retryAfterSeconds } : {}),
  }),
  /**
   * apierrors.NewForbidden of a resource of a group, as the resource is named there:
   * `poddisruptionbudget.policy "db" is forbidden: pdb disruptions allowed is negative`.
   */
  forbiddenResource: (resource: string, group: string, name: string, why: string): Failure => ({
    reason: 'Forbidden',
    message: `${resource}.${group} ${goQuote(name)} is forbidden: ${why}`,
    subject: { kind: resource, name, group },
  }),
  /**
   * A write to a mirror, which copies a cluster that runs elsewhere: refused as NamespaceLifecycle
   * refuses writes to a namespace being terminated, naming where the change belongs. `server`: the
   * mirror's source, when it is synced from one.
   */
  mirrorTakesNoWrites: (cluster: string, server: string | undefined): Failure => ({
    reason: 'Forbidden',
    message: `clusters.taintgate.io ${goQuote(cluster)} is forbidden: it is a mirror${server ? ` of ${server}` : ', kept in step by imports'}, and takes no changes but ${
      server ? "its sync's and imports" : 'imports'
    }: make this change ${server ? `at ${server}` : 'in the cluster it copies, then import it again'}; what-if questions and dryRun=All are answered here`,
    subject: { kind: 'clusters', name: cluster, group: 'taintgate.io' },
  }),
  /** A failure with no reason of Kubernetes' (a Status of code 500 and a message only). */
  unknown: (message: string): Failure => ({ reason: 'Unknown', message }),
  /** A dependency, or the service itself, cannot take the request now: 503 with Retry-After. */
  unavailable: (message: string): Failure => ({ reason: 'ServiceUnavailable', message }),
};
