/**
 * The one shape of every outcome that can fail, in the domain and in the app: a value, or an
 * error of a type the function names (field errors, a tagged Failure, a parser's message).
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });
