import { bearerTokenOf } from '@taintgate/domain';
import { createHash, timingSafeEqual } from 'node:crypto';

const digestOf = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries this token as a bearer token. The digests are compared
 * in constant time, so the answer's time tells nothing of how much of a guess was right.
 */
export function bearerMatches(token: string): (authorization: string | undefined) => boolean {
  const expected = digestOf(token);
  return (authorization) => {
    const bearer = bearerTokenOf(authorization);
    return bearer.kind === 'token' && timingSafeEqual(digestOf(bearer.token), expected);
  };
}
