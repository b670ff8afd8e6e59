import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * How an app writes its errors on the wire. The kit's error handler turns every failure (validation,
 * malformed JSON, unknown route, domain error, crash) into an `HttpError` and asks the app's format to
 * render it, so each app has one error shape everywhere.
 */
export interface ErrorFormat {
  contentType: string;
  render(error: HttpError, request: FastifyRequest): unknown;
}

const PROBLEM_TYPE_PREFIX = 'urn:actuate:problem:';

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const statusTitle = (status: number): string => STATUS_TITLES[status] ?? 'Error';

/** RFC 9457 problem details: the default format of every service. */
export const problemDetailsFormat: ErrorFormat = {
  contentType: 'application/problem+json; charset=utf-8',
  render(error, request) {
    return {
      type: `${PROBLEM_TYPE_PREFIX}${error.code}`,
      title: statusTitle(error.status),
      status: error.status,
      detail: error.message,
      instance: request.url,
      ...error.data,
    };
  },
};

export const internalError = () => new HttpError(500, 'internal', 'An unexpected error occurred.');
