import { describe, expect, it } from 'vitest';
import { acquirerOutcome, HOLDER_NAME_TRIGGERS, modificationTriggers } from './acquirer.ts';

describe('simulated acquirer', () => {
  it('approves by default', () => {
    expect(acquirerOutcome('John Smith', undefined)).toEqual({ code: 1, resultCode: 'Authorised' });
  });

  it.each(Object.entries(HOLDER_NAME_TRIGGERS))('holder name %s gives code %i', (trigger, code) => {
    expect(acquirerOutcome(trigger, undefined).code).toBe(code);
    expect(acquirerOutcome(undefined, { RequestedTestAcquirerResponseCode: String(code) }).code).toBe(code);
  });

  it('reads the raw scheme response form', () => {
    expect(acquirerOutcome('DECLINED : 06 : ERROR', undefined)).toEqual({
      code: 2,
      resultCode: 'Refused',
      refusalReason: 'Refused',
      rawResponse: { code: '06', text: 'ERROR' },
    });
  });

  it('recognises modification triggers', () => {
    expect(modificationTriggers('capture failed')).toEqual({ captureFails: true, refundFails: false });
    expect(modificationTriggers('Refund Failed')).toEqual({ captureFails: false, refundFails: true });
  });
});
