import { CheckoutError } from '../../core/errors.ts';
import {
  type ClickToPayScheme,
  type SchemeSdk,
  type SrcInitParams,
  SrciError,
  type SrcProfile,
} from './scheme-sdks.ts';
import {
  type ClickToPayCheckoutPayload,
  checkoutPayload,
  orderShopperCards,
  SCHEME_NAMES,
  type ShopperCard,
} from './shopper-cards.ts';

/** The Click to Pay service's states. */
export type CtpState =
  | 'Idle'
  | 'Loading'
  | 'ShopperIdentified'
  | 'OneTimePassword'
  | 'Ready'
  | 'Login'
  | 'NotAvailable';

/** The moves the service may make; anything else is a bug and throws. */
const TRANSITIONS: Record<CtpState, CtpState[]> = {
  Idle: ['Loading'],
  Loading: ['Ready', 'ShopperIdentified', 'NotAvailable'],
  ShopperIdentified: ['OneTimePassword', 'Login', 'NotAvailable'],
  OneTimePassword: ['Ready', 'Login', 'ShopperIdentified'],
  Ready: ['Login'],
  Login: ['ShopperIdentified', 'Login'],
  NotAvailable: [],
};

/** Scheme calls at start-up (init, recognition, lookup) that take longer count as "not available". */
export const SCHEME_TIMEOUT_MS = 5000;

/** A scheme call that took longer than 5 s; Click to Pay is then not available. */
export class ClickToPayTimeoutError extends Error {
  constructor(
    readonly source: string,
    readonly scheme: ClickToPayScheme,
  ) {
    super(`ClickToPayService - Timeout during ${source}() of the scheme '${scheme}'`);
  }
}

export function withTimeout<T>(run: () => Promise<T>, ms: number, error: Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error), ms);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}

export interface ClickToPayServiceOptions {
  sdks: SchemeSdk[];
  schemes: Partial<Record<ClickToPayScheme, SrcInitParams>>;
  shopperEmail?: string | undefined;
  onTimeout?: ((error: ClickToPayTimeoutError) => void) | undefined;
  now?: () => Date;
}

/**
 * The Click to Pay journey as an explicit state machine: Idle → Loading → (Ready | ShopperIdentified
 * → OneTimePassword → Ready | NotAvailable); logout → Login; any error or time-out at start-up →
 * NotAvailable. Views subscribe to the state; the service holds the shopper's cards once known.
 */
export class ClickToPayService {
  state: CtpState = 'Idle';
  shopperCards: ShopperCard[] = [];
  /** Where the code went (masked) and which scheme sent it, for the OTP view. */
  identityValidation: { maskedContact: string; network: string } | undefined;
  /** The shopper ticked "remember me": the scheme keeps a cookie at checkout. */
  storeCookies = false;
  private readonly srciTransactionId = crypto.randomUUID();
  private validationSdk: SchemeSdk | undefined;
  private readonly listeners = new Set<(state: CtpState) => void>();

  constructor(private readonly options: ClickToPayServiceOptions) {}

  get schemes(): ClickToPayScheme[] {
    return this.options.sdks.map((sdk) => sdk.scheme);
  }

  /** The shopper has a Click to Pay account here (recognised or found by e-mail). */
  get shopperAccountFound(): boolean {
    return this.state === 'Ready' || this.state === 'ShopperIdentified';
  }

  subscribe(listener: (state: CtpState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(next: CtpState) {
    if (!TRANSITIONS[this.state].includes(next))
      throw new Error(`ClickToPayService: no transition from ${this.state} to ${next}`);
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }

  async initialize(): Promise<void> {
    this.setState('Loading');
    try {
      await Promise.all(this.options.sdks.map((sdk) => sdk.load()));
      await Promise.all(
        this.options.sdks.map((sdk) =>
          this.timed(sdk, 'init', () =>
            sdk.init(this.options.schemes[sdk.scheme] as SrcInitParams, this.srciTransactionId),
          ),
        ),
      );
      const recognition = await this.recognisedShopper();
      if (recognition) {
        await this.loadCards(recognition);
        this.setState('Ready');
        return;
      }
      if (!this.options.shopperEmail) {
        this.setState('NotAvailable');
        return;
      }
      const enrolled = await this.lookup(this.options.shopperEmail);
      this.setState(enrolled ? 'ShopperIdentified' : 'NotAvailable');
    } catch (error) {
      if (error instanceof ClickToPayTimeoutError) this.options.onTimeout?.(error);
      else if (error instanceof SrciError && error.reason === 'REQUEST_TIMEOUT')
        this.options.onTimeout?.(new ClickToPayTimeoutError(error.source, error.scheme));
      else console.warn('Click to Pay is not available:', error);
      if (this.state !== 'NotAvailable') this.setState('NotAvailable');
    }
  }

  /** Login view: looks the e-mail up on every scheme; enrolled → ShopperIdentified, else NOT_FOUND. */
  async login(email: string): Promise<void> {
    const enrolled = await this.lookup(email);
    if (!enrolled)
      throw new SrciError(
        'NOT_FOUND',
        'No Click to Pay profile for this e-mail',
        'identityLookup',
        this.schemes[0] ?? 'visa',
      );
    this.setState('ShopperIdentified');
  }

  /** Sends the one-time code through the scheme that found the shopper first. */
  async startIdentityValidation(): Promise<void> {
    const sdk = this.validationSdk;
    if (!sdk) throw new Error('startIdentityValidation: no scheme found the shopper');
    try {
      const { maskedValidationChannel } = await sdk.initiateIdentityValidation();
      this.identityValidation = {
        maskedContact: maskedValidationChannel.replace(/\*/g, '•'),
        network: SCHEME_NAMES[sdk.scheme],
      };
      if (this.state !== 'OneTimePassword') this.setState('OneTimePassword');
      else for (const listener of this.listeners) listener(this.state);
    } catch (error) {
      // A locked account: the validation scheme is forgotten, the caller logs out.
      if (this.state === 'ShopperIdentified') this.validationSdk = undefined;
      throw error;
    }
  }

  /** Checks the code; a wrong code throws the scheme's SrciError (e.g. CODE_INVALID) and stays here. */
  async finishIdentityValidation(otp: string): Promise<void> {
    const sdk = this.validationSdk;
    if (!sdk) throw new Error('finishIdentityValidation: no identity validation in progress');
    const { idToken } = await sdk.completeIdentityValidation(otp);
    await this.loadCards([idToken]);
    this.validationSdk = undefined;
    this.setState('Ready');
  }

  async checkout(card: ShopperCard, windowRef?: Window): Promise<ClickToPayCheckoutPayload> {
    const sdk = this.options.sdks.find((candidate) => candidate.scheme === card.scheme);
    if (!sdk) throw new CheckoutError('ERROR', `Click to Pay: no SDK for scheme ${card.scheme}`);
    const response = await sdk.checkout({
      srcDigitalCardId: card.srcDigitalCardId,
      srcCorrelationId: card.srcCorrelationId,
      ...(windowRef ? { windowRef } : {}),
      ...(this.storeCookies
        ? { complianceSettings: { complianceResources: [{ complianceType: 'REMEMBER_ME', uri: '' }] } }
        : {}),
    });
    if (response.dcfActionCode !== 'COMPLETE')
      throw new CheckoutError(
        'ERROR',
        `Checkout through Scheme DCF did not complete. DCF Action code received: ${response.dcfActionCode}`,
      );
    return checkoutPayload(card, response);
  }

  /** "Not your cards?": every scheme forgets this device (the remember-me cookie) → Login. */
  async logout(): Promise<void> {
    await Promise.allSettled(this.options.sdks.map((sdk) => sdk.unbindAppInstance()));
    this.shopperCards = [];
    this.identityValidation = undefined;
    this.validationSdk = undefined;
    this.setState('Login');
  }

  private timed<T>(sdk: SchemeSdk, source: string, run: () => Promise<T>): Promise<T> {
    return withTimeout(run, SCHEME_TIMEOUT_MS, new ClickToPayTimeoutError(source, sdk.scheme));
  }

  /** The first scheme that recognises this device gives the idTokens. */
  private async recognisedShopper(): Promise<string[] | undefined> {
    const answers = await Promise.all(
      this.options.sdks.map((sdk) => this.timed(sdk, 'isRecognized', () => sdk.isRecognized())),
    );
    return answers.find((answer) => answer.recognized && answer.idTokens?.length)?.idTokens;
  }

  /** Enrolled on any scheme; the first scheme to say so sends the code. */
  private async lookup(email: string): Promise<boolean> {
    this.validationSdk = undefined;
    const answers = await Promise.all(
      this.options.sdks.map(async (sdk) => {
        const answer = await this.timed(sdk, 'identityLookup', () => sdk.identityLookup(email));
        if (answer.consumerPresent && !this.validationSdk) this.validationSdk = sdk;
        return answer.consumerPresent;
      }),
    );
    return answers.some(Boolean);
  }

  private async loadCards(idTokens: string[]): Promise<void> {
    const results = await Promise.allSettled(this.options.sdks.map((sdk) => sdk.getSrcProfile(idTokens)));
    const profiles: { scheme: ClickToPayScheme; profile: SrcProfile }[] = [];
    results.forEach((result, index) => {
      const sdk = this.options.sdks[index];
      if (result.status === 'fulfilled' && sdk) profiles.push({ scheme: sdk.scheme, profile: result.value });
    });
    if (profiles.length === 0 && results[0]?.status === 'rejected') throw results[0].reason;
    this.shopperCards = orderShopperCards(profiles, this.options.now?.() ?? new Date());
  }
}
