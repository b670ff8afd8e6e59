import { describe, expect, it } from 'vitest';
import { MAX_ALLOWED_ORIGINS, parseAllowedOrigins } from './origins.ts';

describe('allowed origins typed in the dashboard', () => {
  it('accepts bare origins, one per line or comma-separated, normalised and without duplicates', () => {
    expect(
      parseAllowedOrigins('https://Shop.Example/\nhttp://localhost:3000, https://shop.example:443\n\n'),
    ).toEqual({ ok: true, origins: ['https://shop.example', 'http://localhost:3000'] });
    expect(parseAllowedOrigins('')).toEqual({ ok: true, origins: [] });
  });

  it.each([
    'https://shop.example/checkout',
    'https://shop.example//',
    'https://*.shop.example',
    '*',
    'ftp://shop.example',
    'https://user@shop.example',
    'shop.example',
    'https://shop.example?a=1',
    'https://shop.example#x',
    'https://shop.example:99999',
    'javascript:alert(1)',
  ])('refuses %s', (entry) => {
    const result = parseAllowedOrigins(`https://fine.example\n${entry}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.invalid).toEqual([entry]);
  });

  it('refuses more origins than a key takes', () => {
    const many = Array.from({ length: MAX_ALLOWED_ORIGINS + 1 }, (_, index) => `https://s${index}.example`);
    expect(parseAllowedOrigins(many.join('\n')).ok).toBe(false);
  });
});
