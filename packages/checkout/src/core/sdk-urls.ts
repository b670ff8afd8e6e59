/**
 * The sandbox gateway's simulators of the external SDKs, by the name each payment method loads its
 * SDK under (`CheckoutOptions.sdkUrls`). Each simulator behaves like the SDK's documented browser API
 * and shows its sheet or pop-up inside the page, so a test (or a person) approves, cancels or fails.
 */
const SANDBOX_SDK_FILES = {
  googlepay: 'googlepay/pay.js',
  applepay: 'applepay/apple-pay-sdk.js',
  paypal: 'paypal/sdk.js',
  cashapp: 'cashapp/pay-kit.js',
  klarna: 'klarna/payments.js',
  amazonpay: 'amazonpay/checkout.js',
  'clicktopay-visa': 'clicktopay/visa-sdk.js',
  'clicktopay-mc': 'clicktopay/mastercard-sdk.js',
} as const;

/** The name of an SDK the sandbox gateway simulates. */
export type SandboxSdkName = keyof typeof SANDBOX_SDK_FILES;

/**
 * `sdkUrls` for a checkout against the sandbox gateway at `environmentUrl`: every wallet, scheme and
 * buy-now-pay-later SDK from the gateway's simulators instead of the providers' hosts.
 */
export function sandboxSdkUrls(environmentUrl: string): Record<SandboxSdkName, string> {
  const root = environmentUrl.endsWith('/') ? environmentUrl : `${environmentUrl}/`;
  return Object.fromEntries(
    Object.entries(SANDBOX_SDK_FILES).map(([name, file]) => [name, `${root}sdk-simulators/${file}`]),
  ) as Record<SandboxSdkName, string>;
}
