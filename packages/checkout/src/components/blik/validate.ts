/** A Blik code: six digits, generated in the shopper's banking app and valid for two minutes. */
export const BLIK_CODE_LENGTH = 6;

/** Keeps the digits of what was typed, at most six. */
export const formatBlikCode = (typed: string) => typed.replace(/\D/g, '').slice(0, BLIK_CODE_LENGTH);

export function blikCodeError(code: string): string | undefined {
  return new RegExp(`^\\d{${BLIK_CODE_LENGTH}}$`).test(code) ? undefined : 'blik.invalid';
}
