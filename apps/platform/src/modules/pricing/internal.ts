/** Small guards shared by the pricing rules. Not exported from the module. */
import { type PricingError, type PricingErrorCode, PricingInputError, type Result } from './types.ts';

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function fail(
  code: PricingErrorCode,
  message: string,
  data?: Readonly<Record<string, number>>,
): Result<never> {
  const error: PricingError = data ? { code, message, data } : { code, message };
  return { ok: false, error };
}

/** Throws unless `value` is a safe integer (quantities, counts). */
export function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new PricingInputError(`${what} must be a safe integer: ${value}`);
}

/** Milliseconds since the epoch of a sale bound or `now`; throws for an unparsable date. */
export function toEpochMs(value: string | Date, what: string): number {
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(ms)) throw new PricingInputError(`${what} is not a valid date-time: ${String(value)}`);
  return ms;
}
