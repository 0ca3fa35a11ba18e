/**
 * A Kubernetes list, whose items are imported one by one: what `kubectl get` prints for several
 * objects (`kind: List`) and what the API serves for a collection (`NodeList`, `PodList`), as
 * apimachinery's meta.IsListType sees it: an `items` array. The kind must say List too, so that
 * an object that merely has an `items` field is imported as itself.
 */
export function isList(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { kind, items } = value as { kind?: unknown; items?: unknown };
  return typeof kind === 'string' && kind.endsWith('List') && Array.isArray(items);
}
