/**
 * The Kubernetes API is served beside /v1/...: at the root for the default cluster (so that
 * `kubectl --server http://host:3000` works) and under /clusters/{cluster} for another
 * (`kubectl --server http://host:3000/clusters/prod`).
 */
export const kubePaths = (path: string): string[] => [path, `clusters/:cluster/${path}`];

/** Paths the Kubernetes API answers (errors there are metav1.Status). */
const KUBE_API_PATH = /^(?:\/clusters\/[^/?]+)?\/(?:api|apis|version|openapi)(?:[/?]|$)/;

export const isKubeApiPath = (url: string | undefined): boolean => KUBE_API_PATH.test(url ?? '');

/** What a request to a resource the face does not serve asked for: the resource (with its group) and the object's name, when the path says them. */
export interface UnknownResource {
  readonly group: string;
  readonly resource: string;
  readonly name?: string;
}

/**
 * The resource a path of the Kubernetes API names (`/api/v1/services/x`, `/apis/apps/v1/namespaces/web/deployments/d`,
 * under `/clusters/{cluster}` too), as kube-apiserver's request info parses it (a namespace's
 * `namespaces/{ns}/` left out); undefined when the path names none (`/apis/apps`).
 */
export function resourceOfPath(url: string): UnknownResource | undefined {
  const path = (url.split('?')[0] ?? '').replace(/^\/clusters\/[^/]+/, '');
  const parts = path.split('/').filter(Boolean);
  const [prefix] = parts;
  const rest = prefix === 'api' ? parts.slice(2) : prefix === 'apis' ? parts.slice(3) : [];
  const group = prefix === 'apis' ? (parts[1] ?? '') : '';
  const [first, second, third, fourth] = rest;
  if (first === undefined) return undefined;
  // namespaces/{ns}/{resource}[/{name}] is a namespaced resource; namespaces[/{name}] the namespaces themselves.
  if (first === 'namespaces' && third !== undefined) return { group, resource: third, ...(fourth === undefined ? {} : { name: fourth }) };
  return { group, resource: first, ...(second === undefined ? {} : { name: second }) };
}
