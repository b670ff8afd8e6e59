import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResendCountdown } from './resend-countdown.ts';
import type { SchemeSdk, SrcProfile } from './scheme-sdks.ts';
import { SrciError } from './scheme-sdks.ts';
import { ClickToPayService, type CtpState } from './service.ts';
import { orderShopperCards } from './shopper-cards.ts';

const card = (id: string, fields: Partial<SrcProfile['profiles'][0]['maskedCards'][0]> = {}) => ({
  srcDigitalCardId: id,
  panLastFour: id.slice(-4).padStart(4, '0'),
  dateOfCardCreated: '2025-01-01T00:00:00Z',
  panExpirationMonth: '03',
  panExpirationYear: '2030',
  digitalCardData: { status: 'ACTIVE' as const },
  ...fields,
});

function fakeSdk(scheme: 'visa' | 'mc', overrides: Partial<SchemeSdk> = {}): SchemeSdk {
  return {
    scheme,
    load: async () => {},
    init: async () => {},
    isRecognized: async () => ({ recognized: false }),
    identityLookup: async () => ({ consumerPresent: false }),
    initiateIdentityValidation: async () => ({ maskedValidationChannel: 's***r@example.com' }),
    completeIdentityValidation: async () => ({ idToken: 'id' }),
    getSrcProfile: async () => ({
      profiles: [{ maskedCards: [card(`${scheme}-1111`)] }],
      srcCorrelationId: 'corr',
    }),
    checkout: async () => ({ dcfActionCode: 'COMPLETE', checkoutResponse: 'payload' }),
    unbindAppInstance: async () => {},
    ...overrides,
  };
}

function serviceWith(sdks: SchemeSdk[], shopperEmail?: string, onTimeout = vi.fn()) {
  const service = new ClickToPayService({
    sdks,
    schemes: { visa: { srciDpaId: 'd', srcInitiatorId: 'i' }, mc: { srciDpaId: 'd', srcInitiatorId: 'i' } },
    shopperEmail,
    onTimeout,
  });
  const states: CtpState[] = [];
  service.subscribe((state) => states.push(state));
  return { service, states, onTimeout };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ClickToPayService', () => {
  it('recognised device: Loading → Ready with the cards', async () => {
    const { service, states } = serviceWith([
      fakeSdk('visa', { isRecognized: async () => ({ recognized: true, idTokens: ['t'] }) }),
      fakeSdk('mc'),
    ]);
    await service.initialize();
    expect(states).toEqual(['Loading', 'Ready']);
    expect(service.shopperCards.map((entry) => entry.scheme)).toEqual(['visa', 'mc']);
  });

  it('no identity → NotAvailable; not enrolled → NotAvailable', async () => {
    const none = serviceWith([fakeSdk('visa')]);
    await none.service.initialize();
    expect(none.states).toEqual(['Loading', 'NotAvailable']);
    const unknown = serviceWith([fakeSdk('visa')], 'x@example.com');
    await unknown.service.initialize();
    expect(unknown.states).toEqual(['Loading', 'NotAvailable']);
  });

  it('enrolled → ShopperIdentified → OneTimePassword; a wrong code stays; the right one → Ready', async () => {
    const complete = vi
      .fn()
      .mockRejectedValueOnce(new SrciError('CODE_INVALID', 'wrong', 'completeIdentityValidation', 'mc'))
      .mockResolvedValueOnce({ idToken: 'id' });
    const { service, states } = serviceWith(
      [
        fakeSdk('visa'),
        fakeSdk('mc', {
          identityLookup: async () => ({ consumerPresent: true }),
          completeIdentityValidation: complete,
        }),
      ],
      'shopper@example.com',
    );
    await service.initialize();
    await service.startIdentityValidation();
    expect(service.identityValidation).toEqual({ maskedContact: 's•••r@example.com', network: 'Mastercard' });
    await expect(service.finishIdentityValidation('000000')).rejects.toMatchObject({
      reason: 'CODE_INVALID',
    });
    expect(service.state).toBe('OneTimePassword');
    await service.finishIdentityValidation('123456');
    expect(states).toEqual(['Loading', 'ShopperIdentified', 'OneTimePassword', 'Ready']);
    await service.logout();
    expect(service.state).toBe('Login');
    expect(service.shopperCards).toEqual([]);
  });

  it('a locked account: sending the code fails with ACCT_INACCESSIBLE, logout then gives Login', async () => {
    const { service, states } = serviceWith(
      [
        fakeSdk('visa', {
          identityLookup: async () => ({ consumerPresent: true }),
          initiateIdentityValidation: async () => {
            throw new SrciError('ACCT_INACCESSIBLE', 'locked', 'initiateIdentityValidation', 'visa');
          },
        }),
      ],
      'locked@example.com',
    );
    await service.initialize();
    await expect(service.startIdentityValidation()).rejects.toMatchObject({ reason: 'ACCT_INACCESSIBLE' });
    await service.logout();
    expect(states).toEqual(['Loading', 'ShopperIdentified', 'Login']);
  });

  it('a scheme that does not answer init within 5 s → NotAvailable and onTimeout', async () => {
    vi.useFakeTimers();
    const { service, states, onTimeout } = serviceWith([
      fakeSdk('visa', { init: () => new Promise(() => {}) }),
    ]);
    const done = service.initialize();
    await vi.advanceTimersByTimeAsync(4999);
    expect(service.state).toBe('Loading');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(states).toEqual(['Loading', 'NotAvailable']);
    expect(onTimeout).toHaveBeenCalledWith(expect.objectContaining({ source: 'init', scheme: 'visa' }));
  });

  it('isRecognized and identityLookup time out after 5 s too', async () => {
    vi.useFakeTimers();
    for (const overrides of [
      { isRecognized: () => new Promise<never>(() => {}) },
      { identityLookup: () => new Promise<never>(() => {}) },
    ]) {
      const { service, onTimeout } = serviceWith([fakeSdk('visa', overrides)], 'shopper@example.com');
      const done = service.initialize();
      await vi.advanceTimersByTimeAsync(5000);
      await done;
      expect(service.state).toBe('NotAvailable');
      expect(onTimeout).toHaveBeenCalledOnce();
    }
  });

  it('checkout: a DCF answer other than COMPLETE is an error; Visa sends the payload, Mastercard the card id', async () => {
    const { service } = serviceWith([
      fakeSdk('visa', { isRecognized: async () => ({ recognized: true, idTokens: ['t'] }) }),
      fakeSdk('mc'),
    ]);
    await service.initialize();
    const [visa, mc] = service.shopperCards;
    expect(await service.checkout(visa!)).toEqual({
      srcScheme: 'visa',
      srcCorrelationId: 'corr',
      srcCheckoutPayload: 'payload',
    });
    expect(await service.checkout(mc!)).toEqual({
      srcScheme: 'mc',
      srcCorrelationId: 'corr',
      srcDigitalCardId: 'mc-1111',
    });
    const cancelled = serviceWith([
      fakeSdk('visa', {
        isRecognized: async () => ({ recognized: true, idTokens: ['t'] }),
        checkout: async () => ({ dcfActionCode: 'CANCEL', checkoutResponse: '' }),
      }),
    ]);
    await cancelled.service.initialize();
    await expect(cancelled.service.checkout(cancelled.service.shopperCards[0]!)).rejects.toThrow(
      /did not complete/,
    );
  });
});

describe('card order and expiry', () => {
  const now = new Date('2026-11-15T00:00:00Z');
  it('used by last use, then unused by creation, then expired by last use', () => {
    const profile: SrcProfile = {
      srcCorrelationId: 'c',
      profiles: [
        {
          maskedCards: [
            card('unused-old', { dateOfCardCreated: '2024-01-01T00:00:00Z' }),
            card('used-old', { dateOfCardLastUsed: '2025-01-01T00:00:00Z' }),
            card('expired-date', {
              panExpirationMonth: '10',
              panExpirationYear: '2026',
              dateOfCardLastUsed: '2026-01-01T00:00:00Z',
            }),
            card('this-month', {
              panExpirationMonth: '11',
              panExpirationYear: '2026',
              dateOfCardCreated: '2026-01-01T00:00:00Z',
            }),
            card('used-new', { dateOfCardLastUsed: '2026-10-01T00:00:00Z' }),
            card('suspended', {
              digitalCardData: { status: 'SUSPENDED' },
              dateOfCardLastUsed: '2026-02-01T00:00:00Z',
            }),
          ],
        },
      ],
    };
    const ordered = orderShopperCards([{ scheme: 'visa', profile }], now);
    expect(ordered.map((entry) => entry.srcDigitalCardId)).toEqual([
      'used-new',
      'used-old',
      'this-month',
      'unused-old',
      'suspended',
      'expired-date',
    ]);
    expect(ordered.filter((entry) => entry.isExpired).map((entry) => entry.srcDigitalCardId)).toEqual([
      'suspended',
      'expired-date',
    ]);
  });
});

describe('resend countdown', () => {
  it('shows the confirmation for 2 s, then counts 60 s down and allows a resend again', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const countdown = new ResendCountdown((state) =>
      seen.push(state.phase === 'countdown' ? `${state.seconds}` : state.phase),
    );
    countdown.start();
    expect(countdown.canResend).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(seen).toEqual(['confirmation']);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toBe('60');
    vi.advanceTimersByTime(59_000);
    expect(seen.at(-1)).toBe('1');
    vi.advanceTimersByTime(1000);
    expect(seen.at(-1)).toBe('idle');
    expect(countdown.canResend).toBe(true);
  });
});
