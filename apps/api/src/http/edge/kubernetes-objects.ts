import { type Failure, type Result, err, failure, generatedName, isObject, ok } from '@taintgate/domain';

/**
 * The body of a PUT to a named object, with the URL's name (and namespace) filled in where the
 * body has none, and kube-apiserver's refusal where they differ.
 */
export function withNameFromUrl(sent: unknown, name: string, namespace?: string): Result<unknown, Failure> {
  if (!isObject(sent)) return ok(sent);
  // metadata, a name or a namespace of the wrong JSON type is left for validation to name the field.
  if (sent.metadata !== undefined && sent.metadata !== null && !isObject(sent.metadata)) return ok(sent);
  const metadata = isObject(sent.metadata) ? { ...sent.metadata } : {};
  if (metadata.name === undefined || metadata.name === null || metadata.name === '') metadata.name = name;
  else if (typeof metadata.name === 'string' && metadata.name !== name) {
    return err(failure.badRequest(`the name of the object (${metadata.name}) does not match the name on the URL (${name})`));
  }
  if (namespace !== undefined) {
    if (metadata.namespace === undefined || metadata.namespace === null || metadata.namespace === '') metadata.namespace = namespace;
    else if (typeof metadata.namespace === 'string' && metadata.namespace !== namespace) {
      return err(failure.badRequest('the namespace of the provided object does not match the namespace sent on the request'));
    }
  }
  return ok({ ...sent, metadata });
}

/**
 * The body of a create (the Kubernetes API's POST), with a name made from metadata.generateName
 * where it has none, and the name it then has: '' when it has none (or one of the wrong JSON
 * type), for validation to name.
 */
export function createdObject(sent: unknown): { object: unknown; name: string } {
  if (!isObject(sent) || !isObject(sent.metadata)) return { object: sent, name: '' };
  const { name, generateName } = sent.metadata;
  if (typeof name === 'string' && name !== '') return { object: sent, name };
  if (typeof generateName !== 'string' || generateName === '' || (name !== undefined && name !== null && name !== '')) return { object: sent, name: '' };
  const generated = generatedName(generateName);
  return { object: { ...sent, metadata: { ...sent.metadata, name: generated } }, name: generated };
}
