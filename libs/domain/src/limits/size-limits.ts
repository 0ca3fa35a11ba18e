import { type Failure, failure, resourceOf } from '../failures/failure';
import { goQuote } from '../foundation/field-errors';

/**
 * How large a request and an object may be, as a Kubernetes cluster bounds them: kube-apiserver
 * reads at most 3 MiB of a request body (its MaxRequestBodyBytes, twice etcd's limit, for JSON
 * that shrinks to protobuf), and etcd stores at most 1.5 MiB in one request (its
 * --max-request-bytes), so no object larger than that is ever stored.
 */

/** kube-apiserver's MaxRequestBodyBytes. */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

/** etcd's default --max-request-bytes: the largest object a cluster stores. */
export const MAX_OBJECT_BYTES = 1.5 * 1024 * 1024;

/** apierrors.NewRequestEntityTooLargeError, as kube-apiserver answers a body over its limit: `Request entity too large: limit is 3145728`. */
export const bodyTooLarge = (limit: number): Failure => failure.tooLarge(`Request entity too large: limit is ${limit}`);

/**
 * An object whose JSON is larger than etcd stores: refused whole, as etcd refuses it (`etcdserver:
 * request is too large`, which kube-apiserver answers as RequestEntityTooLarge), naming the object,
 * its size and the limit. Undefined when it fits.
 */
export function objectTooLarge(kind: string, name: string, bytes: number): Failure | undefined {
  if (bytes <= MAX_OBJECT_BYTES) return undefined;
  return failure.tooLarge(
    `Request entity too large: ${resourceOf(kind)} ${goQuote(name)} is ${bytes} bytes as JSON, limit is ${MAX_OBJECT_BYTES} (etcdserver: request is too large)`,
  );
}
