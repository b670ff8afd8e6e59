import { fileURLToPath } from 'node:url';

/**
 * The sandbox's simulators of external browser SDKs (wallets, Click to Pay schemes, buy-now-pay-later
 * widgets). Each wallet has a folder here with its simulator's TypeScript entry under `browser/`;
 * the widget's `sandboxSdkUrls()` names the same files. One entry per wallet, each in its own line.
 */
export interface SdkSimulator {
  /** The folder and URL segment: `sdk-simulators/<wallet>/<file>`. */
  wallet: string;
  /** The file name in the URL → its TypeScript entry (an absolute path). */
  scripts: Record<string, string>;
}

export const SDK_SIMULATORS: SdkSimulator[] = [
  {
    wallet: 'googlepay',
    scripts: {
      'pay.js': fileURLToPath(new URL('./googlepay/browser/pay.ts', import.meta.url)),
    },
  },
  {
    wallet: 'applepay',
    scripts: {
      'apple-pay-sdk.js': fileURLToPath(new URL('./applepay/browser/apple-pay-sdk.ts', import.meta.url)),
    },
  },
  {
    wallet: 'paypal',
    scripts: {
      'sdk.js': fileURLToPath(new URL('./paypal/browser/sdk.ts', import.meta.url)),
    },
  },
  {
    wallet: 'clicktopay',
    scripts: {
      'visa-sdk.js': fileURLToPath(new URL('./clicktopay/browser/visa-sdk.ts', import.meta.url)),
      'mastercard-sdk.js': fileURLToPath(new URL('./clicktopay/browser/mastercard-sdk.ts', import.meta.url)),
    },
  },
  {
    wallet: 'cashapp',
    scripts: {
      'pay-kit.js': fileURLToPath(new URL('./cashapp/browser/pay-kit.ts', import.meta.url)),
    },
  },
  {
    wallet: 'klarna',
    scripts: {
      'payments.js': fileURLToPath(new URL('./klarna/browser/payments.ts', import.meta.url)),
    },
  },
  {
    wallet: 'amazonpay',
    scripts: {
      'checkout.js': fileURLToPath(new URL('./amazonpay/browser/checkout.ts', import.meta.url)),
    },
  },
];
