import { describe, expect, it } from 'vitest';
import { hasPlatformStatus, platformError, preSubmitRefusal } from './sdk';

/** An SDK error as OrderCloudError builds it from the platform's answer. */
const sdkError = (status: number, errors: unknown[]) => ({
  isOrderCloudError: true,
  status,
  errorCode: (errors[0] as { ErrorCode?: string } | undefined)?.ErrorCode,
  errors,
});

describe('platform errors', () => {
  it('reads status, code, message and data', () => {
    const error = sdkError(403, [
      { ErrorCode: 'Auth.InsufficientRoles', Message: 'No.', Data: { SufficientRoles: ['X'] } },
    ]);
    expect(platformError(error)).toEqual({
      status: 403,
      code: 'Auth.InsufficientRoles',
      message: 'No.',
      data: { SufficientRoles: ['X'] },
    });
    expect(hasPlatformStatus(error, 401, 403)).toBe(true);
    expect(platformError(new Error('network'))).toEqual({});
    expect(platformError(undefined)).toEqual({});
  });

  it("gives the middleware's pre-submit message of a refused submit", () => {
    const message = 'Your company account is on credit hold.';
    const error = sdkError(400, [
      {
        ErrorCode: 'Webhook.ProceedFalse',
        Message: message,
        Data: { Body: { Status: 'Failure', Message: message } },
      },
    ]);
    expect(preSubmitRefusal(error)).toBe(message);
    expect(
      preSubmitRefusal(sdkError(400, [{ ErrorCode: 'Order.CannotSubmitBadStatus', Message: 'x' }])),
    ).toBeUndefined();
  });
});
