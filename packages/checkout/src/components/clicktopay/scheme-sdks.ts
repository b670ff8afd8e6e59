/**
 * The card schemes' Click to Pay SDKs behind one interface. Each scheme's SDK has its own global and
 * argument shapes (Visa: `new vAdapters.VisaSRCI()`, Mastercard: `SRCSDK_MASTERCARD`); errors come
 * back as `SrciError` with the scheme's reason code.
 */
export type ClickToPayScheme = 'visa' | 'mc';
export type DigitalCardStatus = 'ACTIVE' | 'SUSPENDED' | 'EXPIRED' | 'PENDING';

export interface SrcCard {
  srcDigitalCardId: string;
  panLastFour: string;
  dateOfCardCreated: string;
  dateOfCardLastUsed?: string;
  paymentCardDescriptor?: string;
  panExpirationMonth: string;
  panExpirationYear: string;
  digitalCardData: { descriptorName?: string; artUri?: string; status?: DigitalCardStatus };
  tokenId?: string;
}

export interface SrcProfile {
  profiles: { maskedCards: SrcCard[] }[];
  srcCorrelationId: string;
}

export interface SrcCheckoutResponse {
  dcfActionCode: string;
  checkoutResponse: string;
  idToken?: string;
}

export interface SrcInitParams {
  srciDpaId: string;
  srcInitiatorId: string;
}

export interface DpaSettings {
  dpaLocale: string;
  dpaPresentationName: string;
}

export interface SchemeSdk {
  readonly scheme: ClickToPayScheme;
  load(): Promise<void>;
  init(params: SrcInitParams, srciTransactionId: string): Promise<void>;
  isRecognized(): Promise<{ recognized: boolean; idTokens?: string[] }>;
  identityLookup(email: string): Promise<{ consumerPresent: boolean }>;
  initiateIdentityValidation(): Promise<{ maskedValidationChannel: string }>;
  completeIdentityValidation(otp: string): Promise<{ idToken: string }>;
  getSrcProfile(idTokens: string[]): Promise<SrcProfile>;
  checkout(params: {
    srcDigitalCardId: string;
    srcCorrelationId: string;
    windowRef?: Window;
    complianceSettings?: { complianceResources: { complianceType: 'REMEMBER_ME'; uri: string }[] };
  }): Promise<SrcCheckoutResponse>;
  unbindAppInstance(): Promise<void>;
}

/** A scheme SDK's failure: its reason code (e.g. CODE_INVALID, ACCT_INACCESSIBLE) and where it happened. */
export class SrciError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly source: string,
    readonly scheme: ClickToPayScheme,
  ) {
    super(message);
  }
}

/** The scheme SDKs' default hosts; `sdkUrls['clicktopay-visa' | 'clicktopay-mc']` replaces them. */
export const SCHEME_SDK_URLS = {
  visa: {
    test: 'https://sandbox-assets.secure.checkout.visa.com/checkout-widget/resources/js/src-i-adapter/visa-sdk.js?v2',
    live: 'https://assets.secure.checkout.visa.com/checkout-widget/resources/js/src-i-adapter/visa-sdk.js?v2',
  },
  mc: {
    test: 'https://sandbox.src.mastercard.com/sdk/srcsdk.mastercard.js',
    live: 'https://src.mastercard.com/sdk/srcsdk.mastercard.js',
  },
} as const;

export const SDK_NAMES = { visa: 'clicktopay-visa', mc: 'clicktopay-mc' } as const;

/** The schemes' globals: untyped third-party objects with these methods. */
// biome-ignore lint/suspicious/noExplicitAny: the arguments differ per scheme and are adapted below.
type RawMethod = (...args: any[]) => Promise<any>;
type RawSdk = Record<
  | 'init'
  | 'isRecognized'
  | 'identityLookup'
  | 'initiateIdentityValidation'
  | 'completeIdentityValidation'
  | 'getSrcProfile'
  | 'checkout'
  | 'unbindAppInstance',
  RawMethod
>;

function toSrciError(error: unknown, source: string, scheme: ClickToPayScheme): SrciError {
  if (error instanceof SrciError) return error;
  const raw = (error ?? {}) as {
    reason?: string;
    message?: string;
    error?: { reason?: string; message?: string };
  };
  const inner = raw.error ?? raw;
  return new SrciError(inner.reason ?? 'UNKNOWN', inner.message ?? String(error), source, scheme);
}

interface SdkLoader {
  loadScript(src: string): Promise<void>;
}

/** One scheme: loads its script, then adapts each call to its SDK's shapes. */
class SchemeSdkAdapter implements SchemeSdk {
  private sdk: RawSdk | undefined;

  constructor(
    readonly scheme: ClickToPayScheme,
    private readonly url: string,
    private readonly loader: SdkLoader,
    private readonly settings: DpaSettings,
  ) {}

  private present(): RawSdk | undefined {
    const global = window as unknown as {
      vAdapters?: { VisaSRCI?: new () => RawSdk };
      SRCSDK_MASTERCARD?: RawSdk;
    };
    if (this.scheme === 'visa')
      return global.vAdapters?.VisaSRCI ? new global.vAdapters.VisaSRCI() : undefined;
    return global.SRCSDK_MASTERCARD;
  }

  async load() {
    // A merchant may preload the scheme's script; then it is used as it is.
    if (!this.present()) await this.loader.loadScript(this.url);
    this.sdk = this.present();
    if (!this.sdk) throw new SrciError('SCRIPT_ERROR', 'The scheme SDK did not load', 'load', this.scheme);
  }

  private async call<T>(source: string, run: (sdk: RawSdk) => Promise<T>): Promise<T> {
    if (!this.sdk) throw new SrciError('NOT_LOADED', 'The scheme SDK is not loaded', source, this.scheme);
    try {
      return await run(this.sdk);
    } catch (error) {
      throw toSrciError(error, source, this.scheme);
    }
  }

  init(params: SrcInitParams, srciTransactionId: string) {
    const dpaTransactionOptions =
      this.scheme === 'visa'
        ? { dpaLocale: this.settings.dpaLocale, payloadTypeIndicator: 'NON_PAYMENT' }
        : {
            dpaLocale: this.settings.dpaLocale,
            paymentOptions: { dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' },
            consumerNameRequested: true,
            confirmPayment: false,
          };
    return this.call('init', (sdk) =>
      sdk.init({
        ...params,
        srciTransactionId,
        dpaTransactionOptions,
        dpaData: { dpaPresentationName: this.settings.dpaPresentationName },
      }),
    );
  }

  isRecognized() {
    return this.call('isRecognized', (sdk) => sdk.isRecognized());
  }

  identityLookup(email: string) {
    return this.call('identityLookup', (sdk) =>
      this.scheme === 'visa'
        ? sdk.identityLookup({ identityValue: email, type: 'EMAIL' })
        : sdk.identityLookup({ consumerIdentity: { identityValue: email, identityType: 'EMAIL_ADDRESS' } }),
    );
  }

  initiateIdentityValidation() {
    return this.call('initiateIdentityValidation', (sdk) => sdk.initiateIdentityValidation());
  }

  completeIdentityValidation(otp: string) {
    return this.call('completeIdentityValidation', (sdk) =>
      this.scheme === 'visa'
        ? sdk.completeIdentityValidation(otp)
        : sdk.completeIdentityValidation({ validationData: otp }),
    );
  }

  getSrcProfile(idTokens: string[]) {
    return this.call('getSrcProfile', (sdk) => sdk.getSrcProfile({ idTokens }));
  }

  checkout(params: Parameters<SchemeSdk['checkout']>[0]) {
    return this.call('checkout', (sdk) => sdk.checkout(params));
  }

  unbindAppInstance() {
    return this.call('unbindAppInstance', (sdk) => sdk.unbindAppInstance());
  }
}

/** The SDK of each configured scheme; sandbox or live script by whether the environment names 'live'. */
export function createSchemeSdks(
  schemes: ClickToPayScheme[],
  options: {
    environment: string;
    sdkUrl(name: string, defaultUrl: string): string;
    loader: SdkLoader;
    settings: DpaSettings;
  },
): SchemeSdk[] {
  const live = options.environment.toLowerCase().includes('live');
  return schemes.map(
    (scheme) =>
      new SchemeSdkAdapter(
        scheme,
        options.sdkUrl(SDK_NAMES[scheme], SCHEME_SDK_URLS[scheme][live ? 'live' : 'test']),
        options.loader,
        options.settings,
      ),
  );
}
