import { type MethodModifications, SETTLES_AT_ONCE } from '../types.ts';

/** The shopper field a method needs before the payment is made, checked by `fields.ts`. */
export type QrAwaitField =
  | 'pixShopper'
  | 'blikCode'
  | 'telephoneNumber'
  | 'virtualPaymentAddress'
  | 'appId'
  | 'beneficiaryId';

/** Where a QR or app-approval method is offered, what the shopper sees and how long the offer lasts. */
export interface QrAwaitMethod {
  type: string;
  name: string;
  /** Currencies the method takes; the first is its home currency. */
  currencies: readonly string[];
  countries: readonly string[];
  /** `qrCode`: a code to scan; `await`: approval in the app; `redirect`: the app opens by its link. */
  step: 'qrCode' | 'await' | 'redirect';
  /**
   * How long the shopper has to approve, by the gateway's clock (the widget's countdown for QR codes);
   * absent for an app opened by its link, which comes back to the returnUrl like a redirect.
   */
  lifetimeSeconds?: number;
  field?: QrAwaitField;
  /** The apps an intent can open (listed for the widget's app buttons); `appId` must name one. */
  apps?: readonly { id: string; name: string }[];
  modifications: MethodModifications;
}

/**
 * UPI's umbrella entry in `/paymentMethods`: one choice in the widget, which pays by QR code, a collect
 * request or an app (one of the variants) and lists the apps that intent can open.
 */
export const UPI_UMBRELLA = {
  type: 'upi',
  name: 'UPI',
  variants: ['upi_qr', 'upi_collect', 'upi_intent'] as readonly string[],
};

const minutes = (value: number) => Math.round(value * 60);

/** The widget's default countdown, which the methods without one of their own follow. */
export const DEFAULT_LIFETIME = minutes(15);

/**
 * The sandbox's QR and app-approval methods. All settle when the shopper approves (an instant
 * account-to-account payment): no separate capture, nothing to cancel, refunds in parts.
 */
export const QR_AWAIT_METHODS: readonly QrAwaitMethod[] = [
  {
    type: 'pix',
    name: 'Pix',
    currencies: ['BRL'],
    countries: ['BR'],
    step: 'qrCode',
    lifetimeSeconds: minutes(15),
    field: 'pixShopper',
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'swish',
    name: 'Swish',
    currencies: ['SEK'],
    countries: ['SE'],
    step: 'qrCode',
    lifetimeSeconds: minutes(3),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'wechatpayQR',
    name: 'WeChat Pay',
    // Chinese shoppers pay merchants abroad in these currencies too; WeChat settles in yuan.
    currencies: [
      'CNY',
      'AUD',
      'CAD',
      'CHF',
      'DKK',
      'EUR',
      'GBP',
      'HKD',
      'JPY',
      'NOK',
      'NZD',
      'SEK',
      'SGD',
      'USD',
    ],
    countries: ['CN'],
    step: 'qrCode',
    lifetimeSeconds: minutes(30),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'promptpay',
    name: 'PromptPay',
    currencies: ['THB'],
    countries: ['TH'],
    step: 'qrCode',
    lifetimeSeconds: minutes(1.5),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'paynow',
    name: 'PayNow',
    currencies: ['SGD'],
    countries: ['SG'],
    step: 'qrCode',
    lifetimeSeconds: minutes(3),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'duitnow',
    name: 'DuitNow',
    currencies: ['MYR'],
    countries: ['MY'],
    step: 'qrCode',
    lifetimeSeconds: minutes(1.5),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'payme',
    name: 'PayMe',
    currencies: ['HKD'],
    countries: ['HK'],
    step: 'qrCode',
    lifetimeSeconds: minutes(10),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'upi_qr',
    name: 'UPI QR',
    currencies: ['INR'],
    countries: ['IN'],
    step: 'qrCode',
    lifetimeSeconds: minutes(5),
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'upi_collect',
    name: 'UPI Collect',
    currencies: ['INR'],
    countries: ['IN'],
    step: 'await',
    lifetimeSeconds: minutes(5),
    field: 'virtualPaymentAddress',
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'upi_intent',
    name: 'UPI Intent',
    currencies: ['INR'],
    countries: ['IN'],
    step: 'redirect',
    field: 'appId',
    apps: [
      { id: 'gpay', name: 'Google Pay' },
      { id: 'phonepe', name: 'PhonePe' },
      { id: 'paytm', name: 'Paytm' },
      { id: 'bhim', name: 'BHIM' },
    ],
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'blik',
    name: 'BLIK',
    currencies: ['PLN'],
    countries: ['PL'],
    step: 'await',
    lifetimeSeconds: DEFAULT_LIFETIME,
    field: 'blikCode',
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'mbway',
    name: 'MB WAY',
    currencies: ['EUR'],
    countries: ['PT'],
    step: 'await',
    lifetimeSeconds: DEFAULT_LIFETIME,
    field: 'telephoneNumber',
    modifications: SETTLES_AT_ONCE,
  },
  {
    type: 'ancv',
    name: 'ANCV',
    currencies: ['EUR'],
    countries: ['FR'],
    step: 'await',
    lifetimeSeconds: DEFAULT_LIFETIME,
    field: 'beneficiaryId',
    modifications: SETTLES_AT_ONCE,
  },
];
