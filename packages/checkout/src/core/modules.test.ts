import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_KEY, GATEWAY_ORIGIN, GATEWAY_URL, installFakeFetch } from '../test/fake-gateway.ts';
import { ANALYTICS_FLUSH_DELAY_MS, Analytics, CHECKOUT_ATTEMPT_ID_TTL_MS } from './analytics.ts';
import { DEVICE_FINGERPRINT_TIMED_OUT, DEVICE_FINGERPRINT_TIMEOUT_MS, RiskModule } from './risk.ts';

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it('sends nothing at all when disabled', async () => {
    const fake = installFakeFetch();
    const analytics = new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US', { enabled: false });
    expect(await analytics.checkoutAttemptId()).toBeUndefined();
    analytics.send('errors', { type: 'x' });
    expect(fake.calls).toHaveLength(0);
  });

  it('keeps the checkout attempt id for 15 minutes in session storage', async () => {
    const fake = installFakeFetch();
    fake.route('/v3/analytics', () => ({ checkoutAttemptId: 'attempt-1' }));
    expect(await new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US').checkoutAttemptId()).toBe('attempt-1');
    expect(fake.callsTo('/v3/analytics')[0]?.body).toMatchObject({
      channel: 'Web',
      platform: 'Web',
      version: '6.5.1',
      locale: 'en-US',
    });
    expect(await new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US').checkoutAttemptId()).toBe('attempt-1');
    expect(fake.callsTo('/v3/analytics')).toHaveLength(1);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + CHECKOUT_ATTEMPT_ID_TTL_MS + 1);
    await new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US').checkoutAttemptId();
    expect(fake.callsTo('/v3/analytics')).toHaveLength(2);
  });

  it('flushes info after 10 s and errors at once', async () => {
    vi.useFakeTimers();
    const fake = installFakeFetch();
    fake.route('/v3/analytics', () => ({ checkoutAttemptId: 'attempt-2' }));
    fake.route('/v3/analytics/attempt-2', () => ({}));
    const analytics = new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US');
    analytics.send('info', { type: 'rendered' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS - 1);
    expect(fake.callsTo('/v3/analytics/attempt-2')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.callsTo('/v3/analytics/attempt-2')[0]?.body).toMatchObject({
      info: [{ type: 'rendered' }],
      errors: [],
      logs: [],
    });
    analytics.send('errors', { type: 'network' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.callsTo('/v3/analytics/attempt-2')).toHaveLength(2);
  });

  it('only warns when the attempt id cannot be had', async () => {
    installFakeFetch();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await new Analytics(GATEWAY_URL, CLIENT_KEY, 'en-US').checkoutAttemptId()).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe('risk module', () => {
  it('adds a hidden frame and reports df-timedOut after 20 s', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const risk = new RiskModule(GATEWAY_URL, GATEWAY_ORIGIN, CLIENT_KEY, { onError });
    const done = risk.start();
    const frame = document.querySelector<HTMLIFrameElement>('.actuate-checkout__risk-frame');
    expect(frame?.src).toBe(`${GATEWAY_URL}assets/html/${CLIENT_KEY}/dfp.1.0.0.html`);
    await vi.advanceTimersByTimeAsync(DEVICE_FINGERPRINT_TIMEOUT_MS);
    await done;
    const clientData = JSON.parse(atob(risk.clientData ?? ''));
    expect(clientData).toMatchObject({ version: '1.0.0', deviceFingerprint: DEVICE_FINGERPRINT_TIMED_OUT });
    expect(onError).toHaveBeenCalledWith(new Error('iframe loading timed out'));
    risk.destroy();
    expect(document.querySelector('.actuate-checkout__risk-frame')).toBeNull();
  });

  it('takes the fingerprint only from the gateway origin', async () => {
    const risk = new RiskModule(GATEWAY_URL, GATEWAY_ORIGIN, CLIENT_KEY);
    const done = risk.start();
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'http://evil.test',
        data: { type: 'deviceFingerprint', deviceFingerprint: 'evil' },
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: GATEWAY_ORIGIN,
        data: JSON.stringify({ type: 'deviceFingerprint', deviceFingerprint: 'dfp-1' }),
      }),
    );
    await done;
    expect(JSON.parse(atob(risk.clientData ?? '')).deviceFingerprint).toBe('dfp-1');
    risk.destroy();
  });

  it('is off with risk.enabled false', () => {
    const risk = new RiskModule(GATEWAY_URL, GATEWAY_ORIGIN, CLIENT_KEY, { enabled: false });
    void risk.start();
    expect(document.querySelector('.actuate-checkout__risk-frame')).toBeNull();
    expect(risk.clientData).toBeUndefined();
  });
});
