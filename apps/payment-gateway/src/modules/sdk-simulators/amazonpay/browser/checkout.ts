/**
 * Sandbox simulator of Amazon Pay's `checkout.js` (`window.amazon.Pay`): renderButton, initCheckout,
 * bindChangeAction and signout, with Amazon's sign-in and wallet pop-up shown as a modal dialog in
 * the page. The checkout session lives in the gateway, which checks the payload's signature.
 * Switch: localStorage `actuate-sandbox:amazonpay` = `{"signedIn": true}` skips the sign-in step
 * (the simulator sets it on sign-in, signout() clears it).
 */
import { button, checkedValue, element, PRIMARY, radioGroup, SandboxSheet, SECONDARY } from './dialog.ts';

interface CheckoutSessionConfig {
  payloadJSON: string;
  signature: string;
  publicKeyId: string;
}

interface ButtonSettings {
  merchantId: string;
  ledgerCurrency: 'EUR' | 'GBP' | 'USD';
  checkoutLanguage?: string;
  productType?: 'PayOnly' | 'PayAndShip';
  placement?: string;
  buttonColor?: 'Gold' | 'LightGray' | 'DarkGray';
  sandbox?: boolean;
  design?: string;
  publicKeyId?: string;
  createCheckoutSessionConfig?: CheckoutSessionConfig;
}

interface WalletContents {
  checkoutSessionId: string;
  needsAddress: boolean;
  buyer: { name: string; email: string };
  addresses: {
    id: string;
    name: string;
    addressLine1: string;
    postalCode: string;
    city: string;
    countryCode: string;
  }[];
  instruments: { id: string; paymentDescriptor: string }[];
  addressId?: string;
  instrumentId?: string;
}

const SWITCH_KEY = 'actuate-sandbox:amazonpay';
const PLACEMENTS = ['Home', 'Product', 'Cart', 'Checkout', 'Other'];
const COLORS: Record<string, [string, string]> = {
  Gold: ['#ffd814', '#0f1111'],
  LightGray: ['#e3e6e6', '#0f1111'],
  DarkGray: ['#232f3e', '#ffffff'],
};

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? window.location.href;
const API = new URL('./api/', scriptUrl).toString();

function switches(): { signedIn?: boolean } {
  try {
    return JSON.parse(window.localStorage.getItem(SWITCH_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}
const setSignedIn = (signedIn: boolean) =>
  window.localStorage.setItem(SWITCH_KEY, JSON.stringify({ ...switches(), signedIn }));

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, API), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(json.message ?? `Amazon Pay (sandbox) answered ${response.status}`);
  return json;
}

/** Amazon's errors for a bad button configuration (thrown synchronously, like the real SDK). */
function checkSettings(settings: ButtonSettings) {
  if (!settings || typeof settings.merchantId !== 'string' || settings.merchantId === '')
    throw new Error("AmazonPay: 'merchantId' is required.");
  if (!['EUR', 'GBP', 'USD'].includes(settings.ledgerCurrency))
    throw new Error(
      `AmazonPay: the value provided for 'ledgerCurrency' is invalid: ${String(settings.ledgerCurrency)}.`,
    );
  if (settings.placement !== undefined && !PLACEMENTS.includes(settings.placement))
    throw new Error(`AmazonPay: the value provided for 'placement' is invalid: ${settings.placement}.`);
}

/** The sign-in step (skipped while signed in), then `next`. */
function signIn(sheet: SandboxSheet, buyer: WalletContents['buyer'], next: () => void) {
  if (switches().signedIn) return next();
  const email = element('input', {
    type: 'email',
    id: 'amazonpay-sandbox-email',
    value: buyer.email,
    autocomplete: 'email',
  });
  sheet.show(
    element('p', { textContent: 'Sign in with your Amazon account (sandbox buyer).' }),
    element('label', { htmlFor: 'amazonpay-sandbox-email', textContent: 'Email' }, { display: 'block' }),
    element('p', {}, {}, [email]),
    element('div', {}, { display: 'flex', gap: '8px' }, [
      button('Sign in', PRIMARY, () => {
        setSignedIn(true);
        next();
      }),
      button('Cancel', SECONDARY, () => sheet.close()),
    ]),
  );
}

/** The wallet step: address (PayAndShip) and instrument, then back to the merchant with the session id. */
function chooseWallet(sheet: SandboxSheet, wallet: WalletContents) {
  const form = element('div');
  if (wallet.needsAddress)
    form.append(
      radioGroup(
        'Deliver to',
        'address',
        wallet.addresses.map((address) => ({
          value: address.id,
          label: `${address.name}, ${address.addressLine1}, ${address.postalCode} ${address.city}, ${address.countryCode}`,
        })),
        wallet.addressId,
      ),
    );
  form.append(
    radioGroup(
      'Pay with',
      'instrument',
      wallet.instruments.map((instrument) => ({ value: instrument.id, label: instrument.paymentDescriptor })),
      wallet.instrumentId,
    ),
  );
  const status = element('p', {}, { color: '#b12704' });
  status.setAttribute('role', 'alert');
  const proceed = async () => {
    const addressId = wallet.needsAddress ? checkedValue(form, 'address') : undefined;
    const instrumentId = checkedValue(form, 'instrument');
    try {
      const { redirectUrl } = await call<{ redirectUrl?: string }>(
        `checkout-sessions/${wallet.checkoutSessionId}/choice`,
        { ...(addressId ? { addressId } : {}), instrumentId },
      );
      sheet.close();
      if (redirectUrl) window.location.assign(redirectUrl);
    } catch (error) {
      status.textContent = (error as Error).message;
    }
  };
  sheet.show(
    element('p', { textContent: `Signed in as ${wallet.buyer.email}` }),
    form,
    status,
    element('div', {}, { display: 'flex', gap: '8px' }, [
      button('Continue', PRIMARY, () => void proceed()),
      button('Cancel', SECONDARY, () => sheet.close()),
    ]),
  );
}

function initCheckout(options: ButtonSettings) {
  checkSettings(options);
  const config = options.createCheckoutSessionConfig;
  if (!config) throw new Error("AmazonPay: 'createCheckoutSessionConfig' is required to start a checkout.");
  const sheet = new SandboxSheet();
  sheet.show(element('p', { textContent: 'Connecting to Amazon Pay…' }));
  call<WalletContents>('checkout-sessions', {
    merchantId: options.merchantId,
    ledgerCurrency: options.ledgerCurrency,
    productType: options.productType,
    createCheckoutSessionConfig: config,
  }).then(
    (wallet) => signIn(sheet, wallet.buyer, () => chooseWallet(sheet, wallet)),
    (error: Error) => sheet.fail(error.message),
  );
}

function renderButton(selector: string, settings: ButtonSettings) {
  checkSettings(settings);
  const container = document.querySelector(selector);
  if (!container) throw new Error(`AmazonPay: no element matches the selector ${selector}.`);
  const [background, color] = COLORS[settings.buttonColor ?? 'Gold'] ?? COLORS.Gold!;
  const node = element(
    'button',
    { type: 'button', textContent: 'Amazon Pay' },
    {
      background,
      color,
      border: 'none',
      borderRadius: '8px',
      minHeight: '45px',
      width: '100%',
      font: '600 16px system-ui, sans-serif',
      cursor: 'pointer',
    },
  );
  node.setAttribute('aria-label', 'Amazon Pay');
  let clickHandler: (() => void) | undefined;
  node.addEventListener('click', () => {
    if (clickHandler) clickHandler();
    else initCheckout(settings);
  });
  container.replaceChildren(node);
  return {
    /** The merchant's handler replaces the default start; it calls `amazon.Pay.initCheckout` itself. */
    onClick(handler: () => void) {
      clickHandler = handler;
    },
  };
}

function bindChangeAction(
  selector: string,
  options: { amazonCheckoutSessionId: string; changeAction: string },
) {
  if (!['changeAddress', 'changePayment'].includes(options?.changeAction))
    throw new Error(
      `AmazonPay: the value provided for 'changeAction' is invalid: ${String(options?.changeAction)}.`,
    );
  for (const node of document.querySelectorAll(selector))
    node.addEventListener('click', () => {
      const sheet = new SandboxSheet();
      sheet.show(element('p', { textContent: 'Connecting to Amazon Pay…' }));
      call<WalletContents>(`checkout-sessions/${encodeURIComponent(options.amazonCheckoutSessionId)}`).then(
        (wallet) => signIn(sheet, wallet.buyer, () => chooseWallet(sheet, wallet)),
        (error: Error) => sheet.fail(error.message),
      );
    });
}

function signout() {
  setSignedIn(false);
}

Object.assign(window, { amazon: { Pay: { renderButton, initCheckout, bindChangeAction, signout } } });
