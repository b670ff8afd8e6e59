/**
 * The sandbox's PayPal JS SDK (`/sdk-simulators/paypal/sdk.js`): defines `window.paypal` (or the
 * script's `data-namespace`) like https://www.paypal.com/sdk/js does — FUNDING, getFundingSources,
 * isFundingEligible and Buttons — and shows PayPal's pop-up as a dialog inside the page whose
 * Approve / Cancel / Fail buttons a person or a test clicks. See docs/sdk-simulators/paypal.md.
 */
import { type ButtonsOptions, createButtons } from './buttons.ts';
import { FUNDING, isEligible, readSettings } from './config.ts';

const script = document.currentScript as HTMLScriptElement | null;
const settings = readSettings(script?.src ?? location.href);
if (settings.debug) console.info('PayPal sandbox SDK settings', settings);

const namespace = script?.dataset.namespace || 'paypal';
const sources = Object.values(FUNDING);

(window as unknown as Record<string, unknown>)[namespace] = {
  version: '5.0.0-actuate-sandbox',
  FUNDING,
  getFundingSources: () => [...sources],
  isFundingEligible: (source: string) => isEligible(settings, source),
  Buttons: (options: ButtonsOptions = {}) => createButtons(settings, options),
};
