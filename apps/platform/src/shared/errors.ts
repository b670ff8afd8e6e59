import { type ErrorFormat, HttpError } from '@actuate/service-kit';

/**
 * OrderCloud's error body `{Errors: [{ErrorCode, Message, Data}]}` for every failure, including the
 * kit's own (validation, malformed JSON, unknown route), whose lowercase codes are mapped here.
 */
const KIT_CODES: Record<string, string> = {
  validation: 'InvalidRequest',
  'malformed-json': 'InvalidRequest',
  'bad-request': 'InvalidRequest',
  'unsupported-media-type': 'InvalidRequest',
  'body-too-large': 'InvalidRequest',
  'route-not-found': 'NotFound',
  internal: 'InternalServerError',
};

const OAUTH_ERRORS: Record<string, string> = {
  'Auth.InvalidGrant': 'invalid_grant',
  'Auth.InvalidClient': 'invalid_client',
  'Auth.UnsupportedGrantType': 'unsupported_grant_type',
  'Auth.TooManyLoginAttempts': 'invalid_grant',
  'Auth.TokenRevoked': 'invalid_grant',
};

export const orderCloudErrorFormat: ErrorFormat = {
  contentType: 'application/json; charset=utf-8',
  render(error, request) {
    const errors = error instanceof ErrorList ? error.errors : [error];
    const body = {
      Errors: errors.map((each) => ({
        ErrorCode: KIT_CODES[each.code] ?? each.code,
        Message: each.message,
        Data: Object.keys(each.data).length > 0 ? each.data : null,
      })),
    };
    const code = body.Errors[0]?.ErrorCode ?? error.code;
    // OAuth clients read RFC 6749's `error`; OrderCloud's SDK reads `Errors`: the token endpoint gives both.
    if (!request.url.startsWith('/oauth/')) return body;
    return { ...body, error: OAUTH_ERRORS[code] ?? 'invalid_request', error_description: error.message };
  },
};

/**
 * Several errors answered together (OrderCloud's `Errors` is a list), e.g. everything that stops an
 * order from being submitted. Status, code and message are the first error's.
 */
export class ErrorList extends HttpError {
  constructor(readonly errors: [HttpError, ...HttpError[]]) {
    const [first] = errors;
    super(first.status, first.code, first.message, first.data);
  }
}

/** Throws the errors found, all at once; nothing when there are none. */
export function throwAll(errors: HttpError[]): void {
  const [first, ...rest] = errors;
  if (first) throw rest.length === 0 ? first : new ErrorList([first, ...rest]);
}

/** 404 in the shape the SDK reads (`Data.ObjectType`, `Data.ObjectID`). */
export const notFoundError = (objectType: string, objectId: string) =>
  new HttpError(404, 'NotFound', `${objectType} not found: ${objectId}`, {
    ObjectType: objectType,
    ObjectID: objectId,
  });

export const idExistsError = (objectType: string, objectId: string) =>
  new HttpError(409, 'IdExists', `${objectType} already exists: ${objectId}`, {
    ObjectType: objectType,
    ObjectID: objectId,
  });

export const invalidRequest = (message: string, data?: Record<string, unknown>) =>
  new HttpError(400, 'InvalidRequest', message, data);

export const insufficientRoles = (sufficientRoles: readonly string[]) =>
  new HttpError(
    403,
    'Auth.InsufficientRoles',
    'User does not have role(s) required to perform this action.',
    {
      SufficientRoles: [...sufficientRoles],
    },
  );

export const notAuthenticated = (message = 'Missing or invalid access token.') =>
  new HttpError(401, 'InvalidToken', message);

/** A token of a session revoked since (401 on `/v1`; the token endpoint answers it with 400). */
export const tokenRevoked = (status = 401) =>
  new HttpError(status, 'Auth.TokenRevoked', 'The provided token has been revoked. Please re-authenticate.');

/** OrderCloud's refusal of what a kind of caller may never do, whatever roles it holds. */
export const notAuthorizedToAdmin = (message: string) =>
  new HttpError(403, 'Auth.UserNotAuthorizedToAdmin', message);
