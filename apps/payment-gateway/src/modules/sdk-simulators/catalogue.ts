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
    wallet: 'amazonpay',
    scripts: { 'checkout.js': fileURLToPath(new URL('./amazonpay/browser/checkout.ts', import.meta.url)) },
  },
];
