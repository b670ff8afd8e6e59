import { describe, expect, it } from 'vitest';
import { hasLapsed } from './actions.ts';

const EXPIRES_AT = '2026-03-01T12:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('hasLapsed', () => {
  it('lapses a QR or await step at its expiry, by the clock it is given', () => {
    const step = { kind: 'qrCode', expiresAt: EXPIRES_AT } as const;
    expect(hasLapsed(step, at('2026-03-01T11:59:59.999Z'))).toBe(false);
    expect(hasLapsed(step, at(EXPIRES_AT))).toBe(true);
    expect(hasLapsed({ kind: 'await', expiresAt: EXPIRES_AT }, at('2026-03-02T00:00:00Z'))).toBe(true);
  });

  it('lapses a presented voucher only when it has an expiry', () => {
    const action = { type: 'voucher' as const };
    const later = at('2027-01-01T00:00:00Z');
    expect(hasLapsed({ kind: 'present', resultCode: 'PresentToShopper', action }, later)).toBe(false);
    expect(
      hasLapsed({ kind: 'present', resultCode: 'PresentToShopper', action, expiresAt: EXPIRES_AT }, later),
    ).toBe(true);
  });

  it('never lapses a redirect', () => {
    expect(
      hasLapsed({ kind: 'redirect', page: 'bank', providerName: 'ING' }, at('2099-01-01T00:00:00Z')),
    ).toBe(false);
  });
});
