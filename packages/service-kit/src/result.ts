/**
 * Typed results for expected failures (a refused payment, an ERP submission issue): the caller must
 * look at `ok` before it can reach the value, so an expected failure cannot be mistaken for success.
 */
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
