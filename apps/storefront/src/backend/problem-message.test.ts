import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemMessage } from './problem-message';

vi.mock('next-intl/server', () => ({
  getTranslations: async () => (key: string, values: { code: string; reference: string }) =>
    `${key}|${values.code}|${values.reference}`,
}));

const sdkError = (ErrorCode: string, Message: string) => ({
  isOrderCloudError: true,
  status: 400,
  errors: [{ ErrorCode, Message, Data: null }],
  response: { status: 400, headers: { 'x-request-id': 'platform-request-1' } },
});

describe('problemMessage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells a known refusal by its text, without logging it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const text = await problemMessage(
      sdkError('Promotion.NotEligible', 'its EligibleExpression is false'),
      'de',
      {
        context: 'promotion',
        code: 'SAVE10',
        action: 'apply promotion code',
      },
    );
    expect(text).toBe('promotionNotEligible|SAVE10|');
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives anything else the generic text with a reference, logged with the raw answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const text = await problemMessage(sdkError('Something.New', 'a developer message'), 'da', {
      action: 'place order',
    });
    const [key, , reference] = text.split('|');
    expect(key).toBe('generic');
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    expect(text).not.toContain('developer');
    const logged = String(warn.mock.calls[0]?.[0]);
    expect(logged).toContain(`[problem ${reference}]`);
    expect(logged).toContain('Something.New a developer message');
    expect(logged).toContain('platform-request-1');
  });
});
