import { gatewayError } from '../../../../shared/errors.ts';
import { JweDecryptionError, type JweOpener } from '../../../crypto/service.ts';

/** The sandbox accepts `test_` + the plain value in any encrypted field (docs/domain.md, test cards and test data). */
export const SANDBOX_PLAIN_PREFIX = 'test_';

/** The member of the frame's JWE payload that holds each field's value (see the frame README). */
export const JWE_PAYLOAD_MEMBERS = {
  encryptedCardNumber: 'number',
  encryptedExpiryMonth: 'expiryMonth',
  encryptedExpiryYear: 'expiryYear',
  encryptedSecurityCode: 'cvc',
  encryptedBin: 'bin',
  encryptedPassword: 'password',
  encryptedBankAccountNumber: 'bankAccountNumber',
  encryptedBankLocationId: 'bankLocationId',
} as const;

export type EncryptedFieldName = keyof typeof JWE_PAYLOAD_MEMBERS;

/** Blobs older than this are refused, so a captured blob cannot be replayed for long. */
const MAX_BLOB_AGE_MS = 24 * 3600 * 1000;

/**
 * The clear value of an encrypted field, opened with the request's `jweOpener`. Errors never echo the
 * value: they name the field only.
 */
export async function decryptField(
  open: JweOpener,
  field: EncryptedFieldName,
  value: string,
  now: Date,
): Promise<string> {
  if (value.startsWith(SANDBOX_PLAIN_PREFIX)) return value.slice(SANDBOX_PLAIN_PREFIX.length);
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(await open(value)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof JweDecryptionError || error instanceof SyntaxError) {
      throw gatewayError.unprocessable('174', `Unable to decrypt data: ${field}.`);
    }
    throw error;
  }
  const member = payload[JWE_PAYLOAD_MEMBERS[field]];
  if (typeof member !== 'string')
    throw gatewayError.unprocessable('174', `Unable to decrypt data: ${field}.`);
  const generated =
    typeof payload.generationtime === 'string' ? Date.parse(payload.generationtime) : Number.NaN;
  if (
    Number.isNaN(generated) ||
    now.getTime() - generated > MAX_BLOB_AGE_MS ||
    generated - now.getTime() > 300_000
  ) {
    throw gatewayError.unprocessable('165', `Encrypted data used outside of valid time period: ${field}.`);
  }
  return member;
}
