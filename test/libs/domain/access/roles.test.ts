import { describe, expect, it } from 'vitest';
import { type Caller, type Role, authorize, isRole, roleAllows, roleForMethod } from '@taintgate/domain';

describe('roleAllows: each role may do what the ones below it may', () => {
  it.each<[Role, Role, boolean]>([
    ['viewer', 'viewer', true],
    ['viewer', 'operator', false],
    ['viewer', 'admin', false],
    ['operator', 'viewer', true],
    ['operator', 'operator', true],
    ['operator', 'admin', false],
    ['admin', 'viewer', true],
    ['admin', 'operator', true],
    ['admin', 'admin', true],
  ])('%s may do what needs %s: %s', (held, needed, allowed) => {
    expect(roleAllows(held, needed)).toBe(allowed);
  });
});

describe('roleForMethod: reads view, everything else operates', () => {
  it.each([
    ['GET', 'viewer'],
    ['get', 'viewer'],
    ['HEAD', 'viewer'],
    ['OPTIONS', 'viewer'],
    ['POST', 'operator'],
    ['PUT', 'operator'],
    ['PATCH', 'operator'],
    ['DELETE', 'operator'],
  ])('%s needs %s', (method, role) => {
    expect(roleForMethod(method)).toBe(role);
  });
});

describe('isRole', () => {
  it.each([
    ['viewer', true],
    ['admin', true],
    ['Admin', false],
    ['root', false],
    ['', false],
    [null, false],
    [1, false],
  ])('%j: %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});

describe('authorize', () => {
  const key = (role: Role): Caller => ({ kind: 'apiKey', id: 7n, name: 'ci', role, clusters: ['*'] });

  it('without a caller: 401 naming what was asked and how to send a key', () => {
    expect(authorize(undefined, 'viewer', 'GET /v1/nodes')).toEqual({
      ok: false,
      error: { reason: 'Unauthorized', message: 'Unauthorized: GET /v1/nodes needs an API key, sent as "Authorization: Bearer <key>"' },
    });
  });

  it('a role too low: 403 naming the key, its role and the role needed', () => {
    expect(authorize(key('viewer'), 'operator', 'POST /v1/taint')).toEqual({
      ok: false,
      error: {
        reason: 'Forbidden',
        message: 'forbidden: API key "ci" has the viewer role and cannot POST /v1/taint: the operator role is needed',
      },
    });
  });

  it.each<[Role, Role]>([
    ['viewer', 'viewer'],
    ['operator', 'viewer'],
    ['admin', 'operator'],
    ['admin', 'admin'],
  ])('a %s key may do what needs %s', (held, needed) => {
    expect(authorize(key(held), needed, 'it')).toEqual({ ok: true, value: key(held) });
  });

  it('authentication off: anyone may do anything', () => {
    expect(authorize({ kind: 'anyone' }, 'admin', 'DELETE /v1/clusters/prod')).toEqual({ ok: true, value: { kind: 'anyone' } });
  });
});
