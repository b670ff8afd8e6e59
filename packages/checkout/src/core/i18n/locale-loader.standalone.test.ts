import { afterEach, describe, expect, it, vi } from 'vitest';
import { SDK_VERSION } from '../../version.ts';
import { loadI18n } from './i18n.ts';
import { translationsBaseUrl } from './locale-loader.standalone.ts';

// As the standalone builds alias it: the locale comes from the gateway, not from a chunk.
vi.mock('./locale-loader.ts', () => import('./locale-loader.standalone.ts'));

const GATEWAY = 'https://gateway.test/';
const FILE = `https://gateway.test/checkoutshopper/sdk/${SDK_VERSION}/translations/fr-FR.json`;

function stubFetch(answer: (url: string) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return answer(url);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('standalone locale loader', () => {
  it('builds the versioned URL under checkoutshopper/, once', () => {
    expect(translationsBaseUrl(GATEWAY)).toBe(`${GATEWAY}checkoutshopper/sdk/${SDK_VERSION}/translations/`);
    expect(translationsBaseUrl(`${GATEWAY}checkoutshopper/`)).toBe(
      `${GATEWAY}checkoutshopper/sdk/${SDK_VERSION}/translations/`,
    );
  });

  it('fetches the matched locale without credentials and keeps only strings', async () => {
    const calls = stubFetch(() => Response.json({ payButton: 'Payer', odd: 42 }));
    const i18n = await loadI18n('fr-CH', { 'fr-FR': { continue: 'Suite' } }, GATEWAY);
    expect(calls).toEqual([{ url: FILE, init: { credentials: 'omit' } }]);
    expect(i18n.locale).toBe('fr-FR');
    expect(i18n.get('payButton')).toBe('Payer');
    expect(i18n.get('continue')).toBe('Suite');
    expect(i18n.get('odd')).toBe('odd');
  });

  it.each([
    ['a 404', () => new Response('not found', { status: 404 })],
    ['a network error', () => Promise.reject(new TypeError('offline'))],
    ['a body that is not an object', () => Response.json(['payButton'])],
    ['a body that is not JSON', () => new Response('<html>')],
  ])('falls back to en-US on %s', async (_name, answer) => {
    stubFetch(answer);
    const i18n = await loadI18n('fr-FR', { 'en-US': { payButton: 'Buy' } }, GATEWAY);
    expect(i18n.locale).toBe('en-US');
    expect(i18n.get('payButton')).toBe('Buy');
    expect(i18n.get('continue')).toBe('Continue');
  });

  it('asks nothing for en-US or without an environment URL', async () => {
    const calls = stubFetch(() => Response.json({}));
    expect((await loadI18n('en-GB', {}, GATEWAY)).locale).toBe('en-US');
    expect((await loadI18n('fr-FR')).locale).toBe('en-US');
    expect(calls).toEqual([]);
  });
});
