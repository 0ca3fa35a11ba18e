import { describe, expect, it } from 'vitest';
import { acceptsTableFirst } from '../../../../../apps/api/src/faces/kube-api/kube-output';

describe('acceptsTableFirst: a Table when the first type taintgate serves is one', () => {
  it.each([
    // kubectl get (1.27 to 1.33).
    ['application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json', true],
    ['application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json', true],
    ['application/json; as=Table; v=v1; g=meta.k8s.io', true],
    // kubectl get -o json, client-go, curl.
    ['application/json', false],
    ['application/json, */*', false],
    ['*/*', false],
    [undefined, false],
    // A Table of another group, or only after plain JSON.
    ['application/json;as=Table;v=v1;g=other.io,application/json', false],
    ['application/json,application/json;as=Table;v=v1;g=meta.k8s.io', false],
    // Aggregated discovery and protobuf are skipped over.
    ['application/vnd.kubernetes.protobuf,application/json;as=Table;v=v1;g=meta.k8s.io', true],
  ])('%s: %s', (accept, want) => {
    expect(acceptsTableFirst(accept)).toBe(want);
  });
});
