import { type AccessQuestion, FieldPath, ShapeChecker, err, failure, fieldError, ok } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { bodyFields, checked } from '../../http/edge/request-fields';

const spec = FieldPath.root().child('spec');

/** What a SelfSubjectAccessReview asks, with its spec as sent (the answer repeats it). */
export interface AccessReviewCommand {
  question: AccessQuestion;
  spec: Record<string, unknown>;
}

/** A string field of the attributes, '' when absent (Go's zero value). */
const text = (shape: ShapeChecker, fields: Record<string, unknown>, path: FieldPath, field: string): string =>
  shape.string(fields[field], path.child(field)) ?? '';

/**
 * POST .../apis/authorization.k8s.io/v1/selfsubjectaccessreviews (`kubectl auth can-i VERB RESOURCE`):
 * exactly one of spec.resourceAttributes and spec.nonResourceAttributes, as
 * ValidateSelfSubjectAccessReviewSpec (pkg/apis/authorization/validation) has it.
 */
export const selfSubjectAccessReview = operation<AccessReviewCommand>({
  rest: ({ body }) => ({ body }),
  parse(input) {
    const shape = new ShapeChecker();
    const body = bodyFields(shape, input.body);
    const fields = shape.object(body.spec, spec, true) ?? {};
    const resourcePath = spec.child('resourceAttributes');
    const nonResourcePath = spec.child('nonResourceAttributes');
    const resource = shape.object(fields.resourceAttributes, resourcePath);
    const nonResource = shape.object(fields.nonResourceAttributes, nonResourcePath);
    if (resource && nonResource)
      shape.errors.push(fieldError.invalid(nonResourcePath, nonResource, 'cannot be specified in combination with resourceAttributes', 'json'));
    if (!resource && !nonResource && body.spec !== undefined)
      shape.errors.push(fieldError.invalid(resourcePath, null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified', 'json'));
    const question: AccessQuestion = nonResource
      ? { kind: 'nonResource', verb: text(shape, nonResource, nonResourcePath, 'verb'), path: text(shape, nonResource, nonResourcePath, 'path') }
      : {
          kind: 'resource',
          verb: text(shape, resource ?? {}, resourcePath, 'verb'),
          group: text(shape, resource ?? {}, resourcePath, 'group'),
          resource: text(shape, resource ?? {}, resourcePath, 'resource'),
          subresource: text(shape, resource ?? {}, resourcePath, 'subresource'),
          name: text(shape, resource ?? {}, resourcePath, 'name'),
        };
    // The namespace and version are read as strings, and change no answer: keys are not namespaced.
    for (const field of ['namespace', 'version']) if (resource) text(shape, resource, resourcePath, field);
    // Invalid (422), as kube-apiserver answers a review its validation refuses.
    if (shape.errors.length > 0) return err(failure.invalid('SelfSubjectAccessReview.authorization.k8s.io', '', shape.errors));
    return ok({ question, spec: fields });
  },
});

/** POST .../selfsubjectrulesreviews (`kubectl auth can-i --list`): the namespace asked about, which changes nothing. */
export const selfSubjectRulesReview = operation<{ namespace: string }>({
  rest: ({ body }) => ({ body }),
  parse(input) {
    const shape = new ShapeChecker();
    const body = bodyFields(shape, input.body);
    const fields = shape.object(body.spec, spec) ?? {};
    const namespace = text(shape, fields, spec, 'namespace');
    return checked(shape, () => ({ namespace }));
  },
});
