/** The PayPal SDK simulator's settings: its script URL's query and the tester's localStorage switches. */

export const FUNDING = { PAYPAL: 'paypal', CREDIT: 'credit', PAYLATER: 'paylater', VENMO: 'venmo' } as const;
export type FundingSource = (typeof FUNDING)[keyof typeof FUNDING];

/** `localStorage['actuate-sandbox:paypal']`: scenarios a tester picks without code changes. */
export interface SandboxSwitches {
  /** Funding sources reported ineligible (their buttons do not render), e.g. `["venmo"]`. */
  ineligible?: string[];
  /** The gateway the order calls go to, when the script is served from another address (route mocks). */
  gatewayUrl?: string;
}

export const SWITCHES_KEY = 'actuate-sandbox:paypal';

export interface SdkSettings {
  clientId: string;
  merchantId: string | undefined;
  currency: string;
  intent: 'capture' | 'authorize' | 'tokenize' | 'subscription';
  commit: boolean;
  vault: boolean;
  components: string[];
  enableFunding: string[];
  disableFunding: string[];
  locale: string | undefined;
  buyerCountry: string | undefined;
  debug: boolean;
  gatewayUrl: string;
  switches: SandboxSwitches;
}

/** Reads the settings from the script's own URL (as the real SDK does) and the switches. */
export function readSettings(scriptSrc: string): SdkSettings {
  const url = new URL(scriptSrc, location.href);
  const query = url.searchParams;
  const list = (name: string) => (query.get(name) ?? '').split(',').filter(Boolean);
  const switches = readSwitches();
  const marker = url.pathname.indexOf('/sdk-simulators/');
  const ownRoot = marker >= 0 ? `${url.origin}${url.pathname.slice(0, marker)}` : undefined;
  const intent = query.get('intent') ?? 'capture';
  return {
    clientId: query.get('client-id') ?? '',
    merchantId: query.get('merchant-id') ?? undefined,
    currency: (query.get('currency') ?? 'USD').toUpperCase(),
    intent: ['capture', 'authorize', 'tokenize', 'subscription'].includes(intent)
      ? (intent as SdkSettings['intent'])
      : 'capture',
    commit: query.get('commit') !== 'false',
    vault: query.get('vault') === 'true',
    components: list('components').length ? list('components') : ['buttons'],
    enableFunding: list('enable-funding'),
    disableFunding: list('disable-funding'),
    locale: query.get('locale') ?? undefined,
    buyerCountry: query.get('buyer-country')?.toUpperCase() ?? undefined,
    debug: query.get('debug') === 'true',
    gatewayUrl: (switches.gatewayUrl ?? ownRoot ?? url.origin).replace(/\/$/, ''),
    switches,
  };
}

function readSwitches(): SandboxSwitches {
  try {
    const raw = localStorage.getItem(SWITCHES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as SandboxSwitches) : {};
  } catch {
    return {};
  }
}

const PAY_LATER_CURRENCIES = ['USD', 'GBP', 'EUR', 'AUD'];
const CREDIT_CURRENCIES = ['USD', 'GBP'];

/**
 * Which funding sources the sandbox offers: PayPal always; Pay Later (USD, GBP, EUR, AUD) and Venmo
 * (USD with a US buyer) only when `enable-funding` names them; Credit for USD and GBP; none but
 * PayPal when vaulting; never one in `disable-funding` or the tester's `ineligible` switch.
 */
export function isEligible(settings: SdkSettings, source: string): boolean {
  if (settings.disableFunding.includes(source) || settings.switches.ineligible?.includes(source))
    return false;
  const vaulting = settings.vault || settings.intent === 'tokenize';
  switch (source) {
    case FUNDING.PAYPAL:
      return true;
    case FUNDING.CREDIT:
      return !vaulting && CREDIT_CURRENCIES.includes(settings.currency);
    case FUNDING.PAYLATER:
      return (
        !vaulting &&
        settings.enableFunding.includes('paylater') &&
        PAY_LATER_CURRENCIES.includes(settings.currency)
      );
    case FUNDING.VENMO:
      return (
        !vaulting &&
        settings.enableFunding.includes('venmo') &&
        settings.currency === 'USD' &&
        (settings.buyerCountry ?? 'US') === 'US'
      );
    default:
      return false;
  }
}
