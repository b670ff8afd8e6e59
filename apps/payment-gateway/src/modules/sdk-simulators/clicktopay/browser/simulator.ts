import { openDcf, showCodeNotice } from './dialogs.ts';

/**
 * The behaviour both Click to Pay scheme simulators share: the calls to the gateway's sandbox scheme
 * API, the remember-me cookie, the tester's scenario switch and the DCF. Each scheme's entry file only
 * adapts argument and error shapes to its real SDK.
 */
export type Scheme = 'visa' | 'mc';

/** `localStorage['actuate-sandbox:clicktopay']`, e.g. `{"timeout":"init"}` or `{"available":false}`. */
interface Scenario {
  available?: boolean;
  /** A method that never answers (the widget's 5 s time-out then applies). */
  timeout?: string;
  /** Limit `available`/`timeout` to one scheme. */
  scheme?: Scheme;
}

export interface SchemeFailure {
  reason: string;
  message: string;
}

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? window.location.href;
const apiBase = new URL('./api/', scriptUrl).href;
const COOKIE_DAYS = 90;

function readScenario(scheme: Scheme): Scenario {
  try {
    const value = JSON.parse(window.localStorage.getItem('actuate-sandbox:clicktopay') ?? '{}') as Scenario;
    return value.scheme && value.scheme !== scheme ? {} : value;
  } catch {
    return {};
  }
}

const never = () => new Promise<never>(() => {});

export class SchemeSimulator {
  private dpaId = '';
  private merchantName = '';
  private email = '';
  private validationId = '';
  private readonly cardLabels = new Map<string, string>();

  constructor(readonly scheme: Scheme) {}

  private get cookieName() {
    return `actuate-ctp-${this.scheme}`;
  }

  private get schemeName() {
    return this.scheme === 'visa' ? 'Visa' : 'Mastercard';
  }

  /** Applies the tester's scenario to a method: hang (time-out) or fail as unavailable. */
  private async gate(method: string): Promise<void> {
    const scenario = readScenario(this.scheme);
    if (scenario.timeout === method) await never();
    if (scenario.available === false)
      throw {
        reason: 'SERVICE_ERROR',
        message: `${this.schemeName} Click to Pay is not available (sandbox switch).`,
      };
  }

  private async call<T>(action: string, body: object): Promise<T> {
    const response = await fetch(`${apiBase}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ scheme: this.scheme, ...body }),
    });
    const json = (await response.json().catch(() => ({}))) as T & Partial<SchemeFailure>;
    if (!response.ok)
      throw { reason: json.reason ?? 'SERVICE_ERROR', message: json.message ?? `HTTP ${response.status}` };
    return json;
  }

  async init(params: {
    srciDpaId?: string;
    srcInitiatorId?: string;
    dpaData?: { dpaPresentationName?: string };
  }) {
    await this.gate('init');
    if (!params?.srciDpaId || !params.srcInitiatorId)
      throw { reason: 'INVALID_PARAMETER', message: 'srciDpaId and srcInitiatorId are required.' };
    this.dpaId = params.srciDpaId;
    this.merchantName = params.dpaData?.dpaPresentationName ?? '';
  }

  async isRecognized(): Promise<{ recognized: boolean; idTokens?: string[] }> {
    await this.gate('isRecognized');
    const recognitionToken = readCookie(this.cookieName);
    if (!recognitionToken) return { recognized: false };
    return this.call('recognize', { recognitionToken });
  }

  async identityLookup(email: string): Promise<{ consumerPresent: boolean }> {
    await this.gate('identityLookup');
    this.email = email;
    return this.call('lookup', { email });
  }

  async initiateIdentityValidation(): Promise<{ maskedValidationChannel: string }> {
    await this.gate('initiateIdentityValidation');
    const answer = await this.call<{ maskedValidationChannel: string; validationId: string; code: string }>(
      'otp-start',
      { email: this.email },
    );
    this.validationId = answer.validationId;
    showCodeNotice(document, answer.maskedValidationChannel, answer.code);
    return { maskedValidationChannel: answer.maskedValidationChannel };
  }

  async completeIdentityValidation(otp: string): Promise<{ idToken: string }> {
    await this.gate('completeIdentityValidation');
    const answer = await this.call<{ idToken: string }>('otp-complete', {
      validationId: this.validationId,
      otp,
    });
    document.getElementById('actuate-ctp-sms')?.remove();
    return answer;
  }

  async getSrcProfile(params: { idTokens: string[] }) {
    await this.gate('getSrcProfile');
    const profile = await this.call<{
      profiles: { maskedCards: { srcDigitalCardId: string; panLastFour: string }[] }[];
      srcCorrelationId: string;
    }>('profile', { srciDpaId: this.dpaId, idTokens: params?.idTokens ?? [] });
    for (const card of profile.profiles.flatMap((entry) => entry.maskedCards))
      this.cardLabels.set(card.srcDigitalCardId, `${this.schemeName} •••• ${card.panLastFour}`);
    return profile;
  }

  async checkout(params: {
    srcCorrelationId: string;
    srcDigitalCardId: string;
    windowRef?: Window;
    complianceSettings?: { complianceResources?: { complianceType: string }[] };
  }) {
    await this.gate('checkout');
    const doc = frameDocument(params.windowRef) ?? document;
    const choice = await openDcf(doc, {
      title: `${this.schemeName} Click to Pay`,
      cardLabel: this.cardLabels.get(params.srcDigitalCardId) ?? `your ${this.schemeName} card`,
      merchant: this.merchantName,
    });
    if (choice.action === 'cancel')
      return { dcfActionCode: 'CANCEL', checkoutResponse: '', idToken: '', unbindAppInstance: false };
    const rememberMe =
      params.complianceSettings?.complianceResources?.some(
        (entry) => entry.complianceType === 'REMEMBER_ME',
      ) ?? false;
    const answer = await this.call<{
      dcfActionCode: string;
      checkoutResponse: string;
      idToken: string;
      recognitionToken?: string;
    }>('checkout', {
      srcCorrelationId: params.srcCorrelationId,
      srcDigitalCardId: params.srcDigitalCardId,
      rememberMe,
    });
    if (answer.recognitionToken) writeCookie(this.cookieName, answer.recognitionToken, COOKIE_DAYS);
    return {
      dcfActionCode: answer.dcfActionCode,
      checkoutResponse: answer.checkoutResponse,
      checkoutResponseSignature: '',
      idToken: answer.idToken,
      unbindAppInstance: false,
    };
  }

  async unbindAppInstance(): Promise<void> {
    await this.gate('unbindAppInstance');
    writeCookie(this.cookieName, '', -1);
  }
}

/** Mastercard's DCF goes into the merchant's embedded iframe when it passes one (same-origin, blank). */
function frameDocument(windowRef: Window | undefined): Document | undefined {
  try {
    const doc = windowRef?.document;
    if (!doc) return undefined;
    if (!doc.body)
      doc.write(
        '<!doctype html><html lang="en"><head><title>Click to Pay</title></head><body></body></html>',
      );
    return doc;
  } catch {
    return undefined;
  }
}

function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : undefined;
}

function writeCookie(name: string, value: string, days: number) {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the simulated scheme's remember-me cookie
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}
