import { afterEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_URL, installFakeFetch } from '../test/fake-gateway.ts';
import { formatAmount, minorUnitDivider } from './amount.ts';
import { resolveEnvironment } from './environment.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';
import { FETCH_TIMEOUT_MS, http } from './http.ts';
import { createI18n, loadI18n, matchLocale } from './i18n/i18n.ts';
import { LiveRegion } from './live-region.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('currency minor units', () => {
  it.each([
    ['EUR', 100],
    ['JPY', 1],
    ['KRW', 1],
    ['IDR', 1],
    ['VND', 1],
    ['BHD', 1000],
    ['KWD', 1000],
    ['TND', 1000],
    ['MRO', 10],
  ])('%s divides by %i', (currency, divider) => expect(minorUnitDivider(currency)).toBe(divider));

  it('formats with the right number of decimals', () => {
    expect(formatAmount({ value: 1000, currency: 'EUR' }, 'en-US')).toBe('€10.00');
    expect(formatAmount({ value: 1000, currency: 'JPY' }, 'en-US')).toBe('¥1,000');
    expect(formatAmount({ value: 1234, currency: 'KWD' }, 'en-US')).toMatch(/1\.234/);
  });
});

describe('environment', () => {
  it('needs an absolute URL and ends the loading context with /', () => {
    expect(resolveEnvironment('http://localhost:8080')).toEqual({
      loadingContext: 'http://localhost:8080/',
      origin: 'http://localhost:8080',
    });
    expect(() => resolveEnvironment(undefined)).toThrow(IMPLEMENTATION_ERRORS.noLoadingContext);
    expect(() => resolveEnvironment('ftp://x')).toThrow(IMPLEMENTATION_ERRORS.invalidCdnUrl);
  });
});

describe('http', () => {
  it('turns a provider error body into a NETWORK_ERROR with its message', async () => {
    const fake = installFakeFetch();
    fake.route(
      '/v1/fail',
      () => ({
        status: 422,
        errorCode: '14_030',
        message: 'Return URL is missing.',
        errorType: 'validation',
      }),
      422,
    );
    const error = await http(`${GATEWAY_URL}v1/fail`, { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({
      type: 'NETWORK_ERROR',
      message: 'Return URL is missing.',
      options: { code: '14_030' },
    });
  });

  it('reports an unreachable service as "Service at … is not available"', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http(`${GATEWAY_URL}v1/x?clientKey=k`)).rejects.toMatchObject({
      type: 'NETWORK_ERROR',
      message: `Service at ${GATEWAY_URL}v1/x is not available`,
    });
  });

  it('aborts after 60 seconds', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const pending = http(`${GATEWAY_URL}slow`).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(FETCH_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ type: 'NETWORK_ERROR' });
  });
});

describe('translations', () => {
  it('matches locales to the bundles and falls back to en-US', () => {
    expect(matchLocale('de')).toBe('de-DE');
    expect(matchLocale('de_AT')).toBe('de-DE');
    expect(matchLocale('da-DK')).toBe('da-DK');
    expect(matchLocale('fr-FR')).toBe('fr-FR');
    expect(matchLocale('sr-RS')).toBe('en-US');
  });

  it('loads de-DE on demand and applies merchant overrides', async () => {
    const i18n = await loadI18n('de-DE', { 'de-DE': { payButton: 'Jetzt zahlen' } });
    expect(i18n.get('creditCard.numberField.title')).toBe('Kartennummer');
    expect(i18n.get('payButton')).toBe('Jetzt zahlen');
    expect(i18n.get('threeds2.challenge.description')).not.toBe('Complete the verification with your bank');
  });

  it('loads da-DK', async () => {
    expect((await loadI18n('da-DK')).get('payButton')).toBe('Betal');
  });

  it('rejects a malformed locale', async () => {
    await expect(loadI18n('english')).rejects.toThrow(IMPLEMENTATION_ERRORS.invalidLocale);
  });

  it('fills %{placeholders}', () => {
    expect(createI18n('en-US', {}).get('payButton.with', { value: '€1.00' })).toBe('Pay €1.00');
  });
});

describe('live region', () => {
  it('is created lazily, stays in the page and replaces its lines', () => {
    const region = new LiveRegion();
    expect(document.querySelector('.actuate-checkout__sr-panel')).toBeNull();
    region.announce(['Card number: Enter the card number']);
    const node = document.querySelector('.actuate-checkout__sr-panel');
    expect(node?.getAttribute('aria-live')).toBe('polite');
    expect(node?.textContent).toBe('Card number: Enter the card number');
    region.clear();
    expect(document.querySelector('.actuate-checkout__sr-panel')).toBe(node);
    expect(node?.textContent).toBe('');
    region.destroy();
    expect(document.querySelector('.actuate-checkout__sr-panel')).toBeNull();
  });
});

describe('script loader', () => {
  it('adds the CSP nonce, loads once and reports SCRIPT_ERROR "Unable to load script"', async () => {
    const { createCheckout } = await import('../index.ts');
    const checkout = await createCheckout({
      clientKey: 'k',
      environmentUrl: GATEWAY_URL,
      analytics: { enabled: false },
      risk: { enabled: false },
      csp: { nonce: 'n0nce' },
    });
    // happy-dom does not fetch scripts: keep them out of the document and play the browser's part.
    const scripts: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      scripts.push(node as HTMLScriptElement);
      return node;
    });
    const first = checkout.loadScript('http://sdk.test/wallet.js');
    const second = checkout.loadScript('http://sdk.test/wallet.js');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.nonce).toBe('n0nce');
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toMatchObject({ type: 'SCRIPT_ERROR', message: 'Unable to load script' });
    await expect(second).rejects.toBeInstanceOf(CheckoutError);
    vi.restoreAllMocks();
  });
});
