import { describe, expect, it } from 'vitest';
import { hasPlatformStatus, platformError } from './sdk';

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
});
