import { expect } from 'vitest';

/** metav1.Time as the API server prints it: RFC 3339, UTC, whole seconds. */
export const k8sTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An object as the API answers it once stored: every field it was sent with, but the
 * server-managed metadata (uid, resourceVersion, creationTimestamp) are the server's own.
 */
export function asStored<T extends { metadata: object }>(sent: T) {
  return {
    ...sent,
    metadata: {
      ...sent.metadata,
      uid: expect.stringMatching(uuid),
      resourceVersion: expect.stringMatching(/^\d+$/),
      creationTimestamp: expect.stringMatching(k8sTime),
    },
  };
}
