/**
 * The Kubernetes API is served beside /v1/...: at the root for the default cluster (so that
 * `kubectl --server http://host:3000` works) and under /clusters/{cluster} for another
 * (`kubectl --server http://host:3000/clusters/prod`).
 */
export const kubePaths = (path: string): string[] => [path, `clusters/:cluster/${path}`];

/** Paths the Kubernetes API answers (errors there are metav1.Status). */
const KUBE_API_PATH = /^(?:\/clusters\/[^/?]+)?\/(?:api|apis|version|openapi)(?:[/?]|$)/;

export const isKubeApiPath = (url: string | undefined): boolean => KUBE_API_PATH.test(url ?? '');
