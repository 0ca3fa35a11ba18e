import { describe, expect, it } from 'vitest';
import { MAX_OBJECT_BYTES, MAX_REQUEST_BODY_BYTES, bodyTooLarge, objectTooLarge } from '@taintgate/domain';

/**
 * kube-apiserver's 3 MiB body limit (MaxRequestBodyBytes, answered by
 * apierrors.NewRequestEntityTooLargeError) and etcd's 1.5 MiB request limit (`etcdserver: request
 * is too large`), which bounds every object a cluster stores.
 */
describe('size limits', () => {
  it("are the cluster's own", () => {
    expect(MAX_REQUEST_BODY_BYTES).toBe(3145728);
    expect(MAX_OBJECT_BYTES).toBe(1572864);
  });

  it("a body over the limit: RequestEntityTooLarge in kube-apiserver's words", () => {
    expect(bodyTooLarge(MAX_REQUEST_BODY_BYTES)).toEqual({ reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' });
  });

  it.each<[string, number, boolean]>([
    ['a usual node', 4_000, false],
    ['exactly the limit', MAX_OBJECT_BYTES, false],
    ['one byte over', MAX_OBJECT_BYTES + 1, true],
  ])('%s', (_name, bytes, refused) => {
    const found = objectTooLarge('Node', 'n1', bytes);
    if (!refused) expect(found).toBeUndefined();
    else
      expect(found).toEqual({
        reason: 'RequestEntityTooLarge',
        message: `Request entity too large: nodes "n1" is ${bytes} bytes as JSON, limit is 1572864 (etcdserver: request is too large)`,
      });
  });
});
