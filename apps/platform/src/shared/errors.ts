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
};

export const orderCloudErrorFormat: ErrorFormat = {
  contentType: 'application/json; charset=utf-8',
  render(error, request) {
    const code = KIT_CODES[error.code] ?? error.code;
    const data = Object.keys(error.data).length > 0 ? error.data : null;
    const body = { Errors: [{ ErrorCode: code, Message: error.message, Data: data }] };
    // OAuth clients read RFC 6749's `error`; OrderCloud's SDK reads `Errors`: the token endpoint gives both.
    if (!request.url.startsWith('/oauth/')) return body;
    return { ...body, error: OAUTH_ERRORS[code] ?? 'invalid_request', error_description: error.message };
  },
};

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
