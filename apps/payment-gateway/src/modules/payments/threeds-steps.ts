import type { ThreeDsTransaction } from '../threeds2/repository.ts';

/** Decoders of the 3-D Secure 2 steps' browser data. */
export const decodeBase64Json = <T>(value: string | undefined): T | undefined => {
  if (!value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as T;
  } catch {
    return undefined;
  }
};

/** Which shopper step a 3DS2 payment waits for. */
export const resultCodeOf = (transaction: ThreeDsTransaction) =>
  transaction.stage === 'fingerprint' ? 'IdentifyShopper' : 'ChallengeShopper';

/** The origin of the merchant page (for 3DS result messages); ignored unless it is a URL. */
export function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
