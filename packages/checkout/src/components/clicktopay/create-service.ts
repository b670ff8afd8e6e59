import type { Checkout } from '../../core/checkout.ts';
import { type ClickToPayScheme, createSchemeSdks, type SrcInitParams } from './scheme-sdks.ts';
import { ClickToPayService, type ClickToPayTimeoutError } from './service.ts';

/** The scheme ids the card's payment-method entry carries in `configuration`. */
export interface ClickToPaySchemeIds {
  visaSrciDpaId?: string;
  visaSrcInitiatorId?: string;
  mcDpaId?: string;
  mcSrcClientId?: string;
}

/** The merchant's Click to Pay options (card `clickToPayConfiguration`, or the standalone component's). */
export interface ClickToPayConfiguration {
  /** Looked up on each scheme when the device is not recognised (default: the session's shopperEmail). */
  shopperEmail?: string;
  telephoneNumber?: string;
  /** The schemes' dialogs' locale, e.g. en_US (default: the checkout's locale). */
  locale?: string;
  /** Shown in the schemes' dialogs. */
  merchantDisplayName?: string;
  disableOtpAutoFocus?: boolean;
  /** Where the scheme scripts come from: 'live' in the name picks the live hosts (default: the environment URL). */
  environment?: string;
  /** A scheme call at start-up took longer than 5 s (Click to Pay is then not offered). */
  onTimeout?(error: ClickToPayTimeoutError): void;
}

/** The schemes to initialise: a scheme counts only with both of its ids. */
export function schemesFromIds(
  ids: ClickToPaySchemeIds | undefined,
): Partial<Record<ClickToPayScheme, SrcInitParams>> {
  if (!ids) return {};
  return {
    ...(ids.visaSrciDpaId && ids.visaSrcInitiatorId
      ? { visa: { srciDpaId: ids.visaSrciDpaId, srcInitiatorId: ids.visaSrcInitiatorId } }
      : {}),
    ...(ids.mcDpaId && ids.mcSrcClientId
      ? { mc: { srciDpaId: ids.mcDpaId, srcInitiatorId: ids.mcSrcClientId } }
      : {}),
  };
}

/** The ids from the options, else from the card (`scheme`) entry of /paymentMethods. */
export function schemeIdsFor(
  checkout: Checkout,
  own: ClickToPaySchemeIds | undefined,
): ClickToPaySchemeIds | undefined {
  if (Object.keys(schemesFromIds(own)).length) return own;
  const entry = checkout.paymentMethodsResponse.paymentMethods?.find((method) => method.type === 'scheme');
  return entry?.configuration as ClickToPaySchemeIds | undefined;
}

/** A Click to Pay service when at least one scheme is configured, else undefined. */
export function createClickToPayService(
  checkout: Checkout,
  ids: ClickToPaySchemeIds | undefined,
  configuration: ClickToPayConfiguration = {},
): ClickToPayService | undefined {
  const schemes = schemesFromIds(ids);
  const names = Object.keys(schemes) as ClickToPayScheme[];
  if (names.length === 0) return undefined;
  const shopperEmail = configuration.shopperEmail ?? checkout.options.session?.shopperEmail;
  const sdks = createSchemeSdks(names, {
    environment: configuration.environment ?? checkout.loadingContext,
    sdkUrl: (name, defaultUrl) => checkout.sdkUrl(name, defaultUrl),
    loader: { loadScript: (src) => checkout.loadScript(src) },
    settings: {
      dpaLocale: configuration.locale ?? checkout.i18n.locale.replace('-', '_'),
      dpaPresentationName: configuration.merchantDisplayName ?? '',
    },
  });
  return new ClickToPayService({
    sdks,
    schemes,
    ...(shopperEmail ? { shopperEmail } : {}),
    onTimeout: configuration.onTimeout,
  });
}
