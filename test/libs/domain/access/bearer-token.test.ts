import { describe, expect, it } from 'vitest';
import { bearerTokenOf } from '@taintgate/domain';

/**
 * k8s.io/apiserver/pkg/authentication/request/bearertoken: Authenticator.AuthenticateRequest and
 * the cases of its bearertoken_test.go (TestAuthenticateRequest, TestAuthenticateRequestTokenInvalid,
 * TestAuthenticateRequestNoTokenValue, TestAuthenticateRequestBadValue), ported.
 */
describe('bearerTokenOf (bearertoken.Authenticator.AuthenticateRequest)', () => {
  it.each([
    // [header, expected]
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['Bearer token', { kind: 'token', token: 'token' }],
    ['bearer token', { kind: 'token', token: 'token' }],
    ['BEARER token', { kind: 'token', token: 'token' }],
    ['  Bearer token  ', { kind: 'token', token: 'token' }],
    // SplitN(auth, " ", 3): the token is the second part, whatever follows it.
    ['Bearer token extra', { kind: 'token', token: 'token' }],
    // TestAuthenticateRequestNoTokenValue: "Bearer" alone, trimmed, has no second part.
    ['Bearer', { kind: 'malformed' }],
    ['Bearer ', { kind: 'malformed' }],
    // invalidTokenWithSpaceWarning: two spaces make the token empty.
    ['Bearer  token', { kind: 'malformed' }],
    // TestAuthenticateRequestBadValue: another scheme.
    ['Basic dXNlcjpwYXNz', { kind: 'malformed' }],
    ['Token token', { kind: 'malformed' }],
    ['tg_abc', { kind: 'malformed' }],
  ])('%j -> %j', (header, expected) => {
    expect(bearerTokenOf(header)).toEqual(expected);
  });
});
