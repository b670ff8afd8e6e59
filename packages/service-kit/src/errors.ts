/**
 * Errors every service raises the same way. Routes and services throw `HttpError` for failures the
 * caller caused (bad input, missing resource, conflict); each app's `ErrorFormat` renders it in that
 * app's documented wire format. Expected business outcomes are not errors: see `result.ts`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** Stable machine-readable code, e.g. `not-found` or `Order.CannotSubmitBadStatus`. */
    readonly code: string,
    message: string,
    /** Extra members rendered with the error (offending field, limits, …). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type Data = Record<string, unknown>;

export const badRequest = (code: string, message: string, data?: Data) =>
  new HttpError(400, code, message, data);
export const unauthorized = (code: string, message: string, data?: Data) =>
  new HttpError(401, code, message, data);
export const forbidden = (code: string, message: string, data?: Data) =>
  new HttpError(403, code, message, data);
export const notFound = (code: string, message: string, data?: Data) =>
  new HttpError(404, code, message, data);
export const conflict = (code: string, message: string, data?: Data) =>
  new HttpError(409, code, message, data);
export const unprocessable = (code: string, message: string, data?: Data) =>
  new HttpError(422, code, message, data);

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
