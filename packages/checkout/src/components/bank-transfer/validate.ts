/** The copy-by-e-mail address: checked only when the shopper asked for a copy. */
export function emailError(sendCopy: boolean, email: string): string | undefined {
  if (!sendCopy) return undefined;
  const value = email.trim();
  const valid = value.length >= 6 && value.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
  return valid ? undefined : 'bankTransfer.shopperEmail.invalid';
}
