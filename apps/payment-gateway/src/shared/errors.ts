import { type ErrorFormat, HttpError } from '@actuate/service-kit';

/**
 * The gateway's one error shape, Adyen's ServiceError: `{status, errorCode, message, errorType}`
 * (docs/domain.md, money, errors, idempotency). Services throw `HttpError` with an Adyen error code; errors raised by the
 * service kit (validation, malformed JSON, unknown route, crash) carry kit codes, mapped here.
 */
const KIT_CODES: Record<string, string> = {
  validation: '702',
  'malformed-json': '702',
  'unsupported-media-type': '702',
  'body-too-large': '702',
  'bad-request': '702',
  'route-not-found': '404',
  internal: '999',
};

export type AdyenErrorType = 'validation' | 'security' | 'configuration' | 'internal';

const errorTypeFor = (status: number): AdyenErrorType =>
  status === 401 || status === 403 ? 'security' : status >= 500 ? 'internal' : 'validation';

/** The wire body of an error; also what the idempotency store keeps for a replayed client error. */
export function serviceErrorBody(error: HttpError) {
  const { errorType, pspReference } = error.data as { errorType?: AdyenErrorType; pspReference?: string };
  return {
    status: error.status,
    errorCode: KIT_CODES[error.code] ?? error.code,
    message: error.message,
    errorType: errorType ?? errorTypeFor(error.status),
    ...(pspReference ? { pspReference } : {}),
  };
}

export const adyenErrorFormat: ErrorFormat = {
  contentType: 'application/json; charset=utf-8',
  render: (error) => serviceErrorBody(error),
};

/** Errors the gateway raises, with Adyen's codes. */
export const gatewayError = {
  /** 400 `702`: the request does not fit the API. */
  validation: (message: string) => new HttpError(400, '702', message),
  /** 401 `000`: no or unknown credentials. */
  unauthenticated: (message = 'HTTP Status Response - Unauthorized') => new HttpError(401, '000', message),
  /** 403 `901`: the credentials do not cover this merchant account or origin. */
  forbidden: (message: string, errorCode = '901') => new HttpError(403, errorCode, message),
  notFound: (message: string) => new HttpError(404, '000', message),
  /** 422: understood but not processable (business validation), with the Adyen code given. */
  unprocessable: (errorCode: string, message: string, pspReference?: string) =>
    new HttpError(422, errorCode, message, pspReference ? { pspReference } : {}),
  conflict: (errorCode: string, message: string) => new HttpError(409, errorCode, message),
};
