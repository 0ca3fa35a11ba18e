/**
 * What an `Authorization` header holds, read as kube-apiserver's bearer token authenticator reads
 * it (k8s.io/apiserver/pkg/authentication/request/bearertoken.Authenticator.AuthenticateRequest):
 * trimmed, split at the first two spaces, the scheme `Bearer` in any case, the token the second
 * part. An empty header is no credential; another scheme, or `Bearer` with an empty token (two
 * spaces), is a credential that cannot be valid.
 */
export type BearerToken = { readonly kind: 'none' } | { readonly kind: 'token'; readonly token: string } | { readonly kind: 'malformed' };

export function bearerTokenOf(header: string | undefined): BearerToken {
  const auth = (header ?? '').trim();
  if (auth === '') return { kind: 'none' };
  const parts = splitN(auth, ' ', 3);
  if (parts.length < 2 || parts[0]?.toLowerCase() !== 'bearer') return { kind: 'malformed' };
  const token = parts[1] ?? '';
  return token === '' ? { kind: 'malformed' } : { kind: 'token', token };
}

/** Go's strings.SplitN: at most `n` parts, the last one holding the rest. */
function splitN(text: string, separator: string, n: number): string[] {
  const parts = text.split(separator);
  return parts.length <= n ? parts : [...parts.slice(0, n - 1), parts.slice(n - 1).join(separator)];
}
