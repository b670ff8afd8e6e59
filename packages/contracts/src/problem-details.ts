/**
 * RFC 9457 problem details, the error body of the price service and of our own REST
 * APIs. Extension members are allowed and kept (the RFC lets a problem type define any), so the
 * schema is a loose object.
 */
import { z } from 'zod';

/** Media type of a problem details body. */
export const PROBLEM_JSON_CONTENT_TYPE = 'application/problem+json';

/** RFC 9457 §4.2.1: the type to use when the problem has no more semantics than its status. */
export const ABOUT_BLANK = 'about:blank';

export const ProblemDetails = z.looseObject({
  /** URI reference identifying the problem type; `about:blank` for plain HTTP errors. */
  type: z.string().min(1),
  /** Short, human-readable summary of the problem type. */
  title: z.string(),
  /** The HTTP status code of this occurrence. */
  status: z.int().min(100).max(599),
  /** Human-readable explanation of this occurrence. */
  detail: z.string().optional(),
  /** URI reference identifying this occurrence. */
  instance: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
