import {
  EVERY_CLUSTER,
  FieldPath,
  ROLES,
  type Role,
  ShapeChecker,
  clusterPatternErrors,
  fieldError,
  isDNS1123Label,
  isDNS1123Subdomain,
  isRole,
  normalizedClusterPatterns,
} from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { bodyFields, checked, requiredString } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface CreateApiKeyCommand {
  name: string;
  role: Role;
  /** Cluster names and patterns ending in `*`, as few as mean the same; `["*"]` (every cluster) when none were named. */
  clusters: string[];
}

/** How many names and patterns a key may list: enough for any team, few enough to check on every request. */
const MAX_CLUSTER_PATTERNS = 100;

/**
 * `spec.clusters`: where the key's role holds. Absent, every cluster (`*`); given, a list of at
 * least one name (a DNS-1123 label) or pattern (`team-*`), no entry twice.
 */
function keyClusters(shape: ShapeChecker, value: unknown, path: FieldPath): string[] {
  if (value === undefined) return [...EVERY_CLUSTER];
  const items = shape.array(value, path);
  if (items === undefined) {
    if (value === null) shape.errors.push(fieldError.invalid(path, null, 'must be a list of cluster names and patterns; leave it out for every cluster'));
    return [];
  }
  if (items.length === 0) shape.errors.push(fieldError.required(path, 'name at least one cluster or pattern (`*` for every cluster)'));
  if (items.length > MAX_CLUSTER_PATTERNS) shape.errors.push(fieldError.tooMany(path, items.length, MAX_CLUSTER_PATTERNS));
  const seen = new Set<string>();
  items.slice(0, MAX_CLUSTER_PATTERNS).forEach((item, i) => {
    const at = path.index(i);
    if (typeof item !== 'string') return void shape.errors.push(fieldError.typeInvalid(at, item, 'must be a string'));
    if (seen.has(item)) return void shape.errors.push(fieldError.duplicate(at, item));
    seen.add(item);
    for (const message of clusterPatternErrors(item, isDNS1123Label)) shape.errors.push(fieldError.invalid(at, item, message));
  });
  return normalizedClusterPatterns([...seen]);
}

/** A key's name: a DNS-1123 subdomain, as Kubernetes names a ServiceAccount. */
function keyName(shape: ShapeChecker, value: unknown, path: FieldPath): string {
  const name = shape.string(value, path, true) ?? '';
  if (name !== '') for (const message of isDNS1123Subdomain(name)) shape.errors.push(fieldError.invalid(path, name, message));
  return name;
}

/**
 * POST /v1/apikeys: `{"metadata": {"name": "ci"}, "spec": {"role": "operator", "clusters": ["team-*"]}}`,
 * the shape the answer has (kind and apiVersion may be sent too).
 */
export const createApiKey = operation<CreateApiKeyCommand>({
  rest: ({ body }) => ({ body }),
  parse(input) {
    const shape = new ShapeChecker();
    const body = bodyFields(shape, input.body);
    const metadata = shape.object(body.metadata, root.child('metadata'), true) ?? {};
    const spec = shape.object(body.spec, root.child('spec'), true) ?? {};
    const name = body.metadata === undefined ? '' : keyName(shape, metadata.name, root.child('metadata').child('name'));
    const role = spec.role;
    if (body.spec !== undefined && !isRole(role)) {
      const path = root.child('spec').child('role');
      shape.errors.push(role === undefined ? fieldError.required(path) : fieldError.notSupported(path, role, [...ROLES]));
    }
    const clusters = keyClusters(shape, spec.clusters, root.child('spec').child('clusters'));
    return checked(shape, () => ({ name, role: role as Role, clusters }));
  },
});

/** GET and DELETE /v1/apikeys/{name}. */
export const apiKeyName = operation<string>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const name = requiredString(shape, input.name, 'name');
    return checked(shape, () => name);
  },
});
