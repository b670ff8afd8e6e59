/** Constants and encodings of native 3-D Secure 2 (docs/domain.md, 3-D Secure 2). */

export const FINGERPRINT_TIMEOUT_MS = 10_000;
export const CHALLENGE_TIMEOUT_MS = 600_000;
/** Below this length paymentData is an MD value: the fingerprint completes without the extra call. */
export const SHORT_PAYMENT_DATA_LENGTH = 15;

export const CHALLENGE_WINDOW_SIZES: Record<string, [string, string]> = {
  '01': ['250px', '400px'],
  '02': ['390px', '400px'],
  '03': ['500px', '600px'],
  '04': ['600px', '400px'],
  '05': ['100%', '100%'],
};
export const DEFAULT_CHALLENGE_WINDOW_SIZE = '02';

/** Unknown sizes fall back to 02. */
export const challengeWindowSize = (size: unknown): string =>
  typeof size === 'string' && size in CHALLENGE_WINDOW_SIZES ? size : DEFAULT_CHALLENGE_WINDOW_SIZE;

/** The widget's 3DS2 error codes 700–805 with their internal names. */
export const THREEDS2_ERRORS = {
  ACTION_IS_MISSING_PAYMENT_DATA: '700',
  ACTION_IS_MISSING_TOKEN: '701',
  TOKEN_IS_MISSING_THREEDSMETHODURL: '702',
  TOKEN_IS_MISSING_OTHER_PROPS: '703',
  TOKEN_DECODE_OR_PARSING_FAILED: '704',
  THREEDS2_TIMEOUT: '705',
  TOKEN_IS_MISSING_ACSURL: '800',
  NO_TRANSSTATUS: '801',
  NO_DETAILS_FOR_FRICTIONLESS_OR_REFUSED: '802',
  NO_COMPONENT_FOR_ACTION: '803',
  NO_ACTION_FOR_CHALLENGE: '804',
  CHALLENGE_RESOLVED_WITHOUT_RESULT_PROP: '805',
} as const;
export type ThreeDS2ErrorName = keyof typeof THREEDS2_ERRORS;

export const FINGERPRINT_NO_PAYMENT_DATA = 'No paymentData received. 3DS2 Fingerprint cannot proceed';
export const CHALLENGE_NO_PAYMENT_DATA =
  'No paymentData/authorisationToken received. 3DS2 Challenge cannot proceed';
export const MISSING_TOKEN = 'Missing token property from threeDS2 action';

export class TokenDecodeError extends Error {}

/** base64 JSON → object; a bad token throws a TokenDecodeError saying which step failed. */
export function decodeToken<T>(token: string): T {
  let binary: string;
  try {
    binary = atob(token);
  } catch {
    throw new TokenDecodeError('not base64');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    throw new TokenDecodeError('malformed URI sequence');
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new TokenDecodeError('Could not JSON parse token');
  }
}

/** base64 of UTF-8 JSON (fingerprintResult, threeDSResult). */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes));
}

/** base64url: btoa, strip '=', '+'→'-', '/'→'_' (threeDSMethodData, creq). */
export const encodeBase64UrlJson = (value: unknown) =>
  encodeBase64Json(value).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export interface FingerprintToken {
  threeDSMethodNotificationURL?: string;
  threeDSMethodUrl?: string;
  threeDSServerTransID?: string;
}

export interface ChallengeToken {
  acsTransID?: string;
  acsURL?: string;
  messageVersion?: string;
  threeDSNotificationURL?: string;
  threeDSServerTransID?: string;
}

export const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Waits for the cross-window result: only from `origin`, only non-empty JSON text of the expected
 * `type`; anything else is ignored. Returns a cancel function.
 */
export function listenForResult<R>(
  origin: string,
  type: 'fingerPrintResult' | 'challengeResult',
  timeoutMs: number,
  onResult: (result: R | undefined, timedOut: boolean) => void,
): () => void {
  let done = false;
  const finish = (result: R | undefined, timedOut: boolean) => {
    if (done) return;
    done = true;
    cancel();
    onResult(result, timedOut);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || typeof event.data !== 'string' || event.data.length === 0) return;
    let message: { type?: string; result?: R };
    try {
      message = JSON.parse(event.data) as { type?: string; result?: R };
    } catch {
      return;
    }
    if (message?.type !== type) return;
    finish(message.result, false);
  };
  const timer = setTimeout(() => finish(undefined, true), timeoutMs);
  window.addEventListener('message', onMessage);
  const cancel = () => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
  };
  return () => {
    done = true;
    cancel();
  };
}

/** Posts a hidden form into a named iframe (threeDSMethodData or creq). */
export function postFormToFrame(frameName: string, url: string, field: string, value: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = frameName;
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = field;
  input.value = value;
  form.appendChild(input);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
