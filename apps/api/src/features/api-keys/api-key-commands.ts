import { FieldPath, ROLES, type Role, ShapeChecker, fieldError, isDNS1123Subdomain, isRole } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { bodyFields, checked, requiredString } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface CreateApiKeyCommand {
  name: string;
  role: Role;
}

/** A key's name: a DNS-1123 subdomain, as Kubernetes names a ServiceAccount. */
function keyName(shape: ShapeChecker, value: unknown, path: FieldPath): string {
  const name = shape.string(value, path, true) ?? '';
  if (name !== '') for (const message of isDNS1123Subdomain(name)) shape.errors.push(fieldError.invalid(path, name, message));
  return name;
}

/**
 * POST /v1/apikeys: `{"metadata": {"name": "ci"}, "spec": {"role": "operator"}}`, the shape the
 * answer has (kind and apiVersion may be sent too).
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
    return checked(shape, () => ({ name, role: role as Role }));
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
