import { HttpException } from '@nestjs/common';
import { FieldPath, fieldError } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, resourceOf } from '../../../../apps/api/src/common/api-error';

const spec = FieldPath.root('spec');

describe('ApiError.invalid', () => {
  it('answers 400 with kube-apiserver\'s message and one detail per bad field', () => {
    const errors = [
      fieldError.required(spec.child('taints').index(0).child('effect')),
      fieldError.notSupported(spec.child('taints').index(1).child('effect'), 'Sometimes', ['NoExecute', 'NoSchedule']),
    ];

    const error = ApiError.invalid('Node', 'n1', errors);

    expect(error.getStatus()).toBe(400);
    expect(error.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'Node "n1" is invalid: [spec.taints[0].effect: Required value, ' +
        'spec.taints[1].effect: Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule"]',
      details: [
        { field: 'spec.taints[0].effect', reason: 'Required value' },
        {
          field: 'spec.taints[1].effect',
          reason: 'Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule"',
        },
      ],
    });
  });

  it('prints a single error without brackets, and reports a repeated one once', () => {
    const repeated = fieldError.invalid(spec.child('tolerations').index(2).child('operator'), '', 'operator must be Exists');

    const error = ApiError.invalid('Pod', 'web-1', [repeated, repeated]);

    expect(error.message).toBe('Pod "web-1" is invalid: spec.tolerations[2].operator: Invalid value: "": operator must be Exists');
    expect(error.body.details).toEqual([
      { field: 'spec.tolerations[2].operator', reason: 'Invalid value: "": operator must be Exists' },
    ]);
  });

  it('keeps only field and reason in the details (no type, no bad value)', () => {
    const error = ApiError.invalid('Node', 'n1', [fieldError.invalid(spec.child('unschedulable'), 42, 'must be a boolean')]);

    expect(Object.keys(error.body.details![0]!)).toEqual(['field', 'reason']);
  });
});

describe('ApiError.notFound', () => {
  it.each([
    ['Node', 'n1', 'nodes "n1" not found'],
    ['Pod', 'web-1', 'pods "web-1" not found'],
    ['Ingress', 'x', 'ingresses "x" not found'],
    ['NetworkPolicy', 'deny', 'networkpolicies "deny" not found'],
  ])('says %s %s as kube-apiserver does', (kind, name, message) => {
    const error = ApiError.notFound(kind, name);

    expect(error.body).toEqual({ statusCode: 404, error: 'Not Found', message });
  });

  it('quotes the name as Go\'s %q does', () => {
    expect(ApiError.notFound('Node', 'a"b\n').message).toBe('nodes "a\\"b\\n" not found');
  });
});

describe('ApiError.badRequest and ApiError.conflict', () => {
  it('answers 400 with the message, and details only when given', () => {
    expect(ApiError.badRequest('labelSelector: invalid').body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'labelSelector: invalid',
    });
    expect(ApiError.badRequest('bad taint', [{ field: 'taints[0]', reason: 'invalid taint spec' }]).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'bad taint',
      details: [{ field: 'taints[0]', reason: 'invalid taint spec' }],
    });
  });

  it('answers 409 with the message', () => {
    expect(ApiError.conflict('node n1 already has a taint with key (dedicated) and effect (NoSchedule)').body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'node n1 already has a taint with key (dedicated) and effect (NoSchedule)',
    });
  });
});

describe('ApiError as an HttpException', () => {
  it('is one, with its body as the response and its message as the error message', () => {
    const error = ApiError.notFound('Node', 'n1');

    expect(error).toBeInstanceOf(HttpException);
    expect(error.getResponse()).toEqual(error.body);
    expect(error.message).toBe('nodes "n1" not found');
    expect(error.statusCode).toBe(404);
  });
});

describe('resourceOf', () => {
  it('guesses the resource from a kind as apimachinery does', () => {
    expect(['Node', 'Pod', 'Status', 'Policy'].map(resourceOf)).toEqual(['nodes', 'pods', 'statuses', 'policies']);
  });
});
