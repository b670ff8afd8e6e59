/**
 * The simulated acquirer's answer (docs/domain.md: refusal reasons and holder-name triggers): which
 * result a payment gets once it is authenticated. Chosen by `paymentMethod.holderName` or by
 * `additionalData.RequestedTestAcquirerResponseCode`; anything else is approved.
 */
export type ResultCode =
  | 'Authorised'
  | 'Refused'
  | 'Error'
  | 'Cancelled'
  | 'Received'
  | 'Pending'
  | 'IdentifyShopper'
  | 'ChallengeShopper'
  | 'RedirectShopper'
  | 'PresentToShopper';

export interface AcquirerOutcome {
  code: number;
  resultCode: ResultCode;
  /** The refusal text; undefined when authorised. */
  refusalReason?: string | undefined;
  /** From the `DECLINED : 06 : ERROR` holder-name form: the raw scheme code and text. */
  rawResponse?: { code: string; text: string } | undefined;
}

const REASONS: Record<number, { trigger: string; reason: string; resultCode: ResultCode }> = {
  0: { trigger: 'UNKNOWN', reason: 'Unknown', resultCode: 'Error' },
  1: { trigger: 'APPROVED', reason: 'Authorised', resultCode: 'Authorised' },
  2: { trigger: 'DECLINED', reason: 'Refused', resultCode: 'Refused' },
  3: { trigger: 'REFERRAL', reason: 'Referral', resultCode: 'Refused' },
  4: { trigger: 'ERROR', reason: 'Acquirer Error', resultCode: 'Error' },
  5: { trigger: 'BLOCK_CARD', reason: 'Blocked Card', resultCode: 'Refused' },
  6: { trigger: 'CARD_EXPIRED', reason: 'Expired Card', resultCode: 'Refused' },
  7: { trigger: 'INVALID_AMOUNT', reason: 'Invalid Amount', resultCode: 'Refused' },
  8: { trigger: 'INVALID_CARD_NUMBER', reason: 'Invalid Card Number', resultCode: 'Refused' },
  9: { trigger: 'ISSUER_UNAVAILABLE', reason: 'Issuer Unavailable', resultCode: 'Refused' },
  10: { trigger: 'NOT_SUPPORTED', reason: 'Not supported', resultCode: 'Refused' },
  11: { trigger: 'NOT_3D_AUTHENTICATED', reason: '3D Not Authenticated', resultCode: 'Refused' },
  12: { trigger: 'NOT_ENOUGH_BALANCE', reason: 'Not enough balance', resultCode: 'Refused' },
  13: { trigger: 'PENDING', reason: 'Received', resultCode: 'Received' },
  14: { trigger: 'ACQUIRER_FRAUD', reason: 'Acquirer Fraud', resultCode: 'Refused' },
  15: { trigger: 'CANCELLED', reason: 'Cancelled', resultCode: 'Cancelled' },
  16: { trigger: 'SHOPPER_CANCELLED', reason: 'Shopper Cancelled', resultCode: 'Refused' },
  17: { trigger: 'INVALID_PIN', reason: 'Invalid Pin', resultCode: 'Refused' },
};

export const HOLDER_NAME_TRIGGERS: Record<string, number> = Object.fromEntries(
  Object.entries(REASONS).map(([code, entry]) => [entry.trigger, Number(code)]),
);

export function outcomeForCode(code: number, rawResponse?: AcquirerOutcome['rawResponse']): AcquirerOutcome {
  const entry = REASONS[code] ?? REASONS[2]!;
  return {
    code: REASONS[code] ? code : 2,
    resultCode: entry.resultCode,
    ...(entry.resultCode === 'Authorised' ? {} : { refusalReason: entry.reason }),
    ...(rawResponse ? { rawResponse } : {}),
  };
}

export const APPROVED: AcquirerOutcome = outcomeForCode(1);
export const DECLINED: AcquirerOutcome = outcomeForCode(2);
export const NOT_3D_AUTHENTICATED: AcquirerOutcome = outcomeForCode(11);
export const EXPIRED_CARD: AcquirerOutcome = outcomeForCode(6);

/** Modification behaviour chosen by holder name: `capture failed`, `refund failed`. */
export interface ModificationTriggers {
  captureFails: boolean;
  refundFails: boolean;
}

export function modificationTriggers(holderName: string | undefined): ModificationTriggers {
  const normalised = holderName?.trim().toLowerCase() ?? '';
  return { captureFails: normalised === 'capture failed', refundFails: normalised === 'refund failed' };
}

/**
 * The acquirer's answer for a request: the holder-name trigger (`DECLINED`, or `DECLINED : 06 : ERROR`
 * with a raw scheme code and text), else `RequestedTestAcquirerResponseCode`, else approved.
 */
export function acquirerOutcome(
  holderName: string | undefined,
  additionalData: Record<string, unknown> | undefined,
) {
  const parts = holderName?.split(':').map((part) => part.trim()) ?? [];
  const trigger = parts[0]?.toUpperCase();
  if (trigger && trigger in HOLDER_NAME_TRIGGERS) {
    const raw =
      parts.length >= 3 && parts[1] && parts[2]
        ? { code: parts[1], text: parts.slice(2).join(':') }
        : undefined;
    return outcomeForCode(HOLDER_NAME_TRIGGERS[trigger]!, raw);
  }
  const requested = additionalData?.RequestedTestAcquirerResponseCode;
  if (requested !== undefined && /^\d+$/.test(String(requested)) && REASONS[Number(requested)]) {
    return outcomeForCode(Number(requested));
  }
  return APPROVED;
}
