import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import da from '../../messages/da.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import {
  INTEGRATION_PROBLEMS,
  PLATFORM_PROBLEMS,
  PRE_SUBMIT_PROBLEMS,
  type ProblemKey,
  problemKeyOf,
  REFERENCED_PROBLEMS,
} from './problems';

/** An SDK error as OrderCloudError builds it from the platform's answer. */
const sdkError = (status: number, ErrorCode: string, Data: unknown = null) => ({
  isOrderCloudError: true,
  status,
  errorCode: ErrorCode,
  errors: [{ ErrorCode, Message: 'developer text', Data }],
});

const problems = { en: en.Problems, da: da.Problems, de: de.Problems } as const;
const keys = new Set<ProblemKey>([
  ...Object.values(PLATFORM_PROBLEMS),
  ...Object.values(PRE_SUBMIT_PROBLEMS),
  ...Object.values(INTEGRATION_PROBLEMS),
  ...REFERENCED_PROBLEMS,
  'promotionUnknown',
]);

describe('buyer problems', () => {
  it.each(Object.keys(problems) as (keyof typeof problems)[])(
    'every mapped refusal has its %s text, naming a reference where it is unexpected',
    (locale) => {
      for (const key of keys) {
        const text = problems[locale][key];
        expect(typeof text === 'string' && text.length > 20, `${locale} ${key}`).toBe(true);
        if (REFERENCED_PROBLEMS.has(key)) expect(text, `${locale} ${key}`).toContain('{reference}');
      }
    },
  );

  it('maps platform codes, promotion codes in their context, and nothing inherited', () => {
    expect(problemKeyOf(sdkError(400, 'Promotion.NotEligible'), 'promotion')).toBe('promotionNotEligible');
    expect(problemKeyOf(sdkError(404, 'NotFound'), 'promotion')).toBe('promotionUnknown');
    expect(problemKeyOf(sdkError(404, 'NotFound'))).toBeUndefined();
    expect(problemKeyOf(sdkError(400, 'Payment.ExceedsBalance'))).toBe('budgetExceeded');
    expect(problemKeyOf(sdkError(400, 'toString'))).toBeUndefined();
    expect(problemKeyOf(new Error('network down'))).toBeUndefined();
  });

  it("maps the middleware's pre-submit refusal by its code, never by its prose", () => {
    const refused = (Code?: string) =>
      sdkError(400, 'Webhook.ProceedFalse', { Body: { Status: 'Failure', Message: 'English', Code } });
    expect(problemKeyOf(refused('creditHold'))).toBe('creditHold');
    expect(problemKeyOf(refused('spendingAccountExceeded'))).toBe('budgetExceeded');
    expect(problemKeyOf(refused(undefined))).toBeUndefined();
  });

  it('maps a failed checkout integration by the problem type behind it, else to the checkout text', () => {
    const failed = (type?: string) =>
      sdkError(400, 'IntegrationEvent.ErrorResponse', { StatusCode: 422, Body: type ? { type } : null });
    expect(problemKeyOf(failed('urn:actuate:problem:price-country-not-served'))).toBe('countryNotServed');
    expect(problemKeyOf(failed('urn:actuate:problem:no-ship-method'))).toBe('noShipMethod');
    expect(problemKeyOf(failed('urn:actuate:problem:internal'))).toBe('checkoutUnavailable');
    expect(problemKeyOf(failed())).toBe('checkoutUnavailable');
  });

  it("knows every refusal code of the middleware's pre-submit check", () => {
    // Read as text: an app never imports another app.
    const source = readFileSync(
      new URL('../../../middleware/src/modules/pre-submit/service.ts', import.meta.url),
      'utf8',
    );
    const block = /PRE_SUBMIT_MESSAGES = \{([\s\S]*?)\} as const/.exec(source)?.[1] ?? '';
    const codes = [...block.matchAll(/^ {2}(\w+):/gm)]
      .map((match) => match[1])
      .filter((code) => code !== 'ok');
    expect(codes.length).toBeGreaterThan(5);
    expect(codes.filter((code) => !code || !Object.hasOwn(PRE_SUBMIT_PROBLEMS, code))).toEqual([]);
  });
});
