import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

type Part = 'params' | 'query' | 'body';

export interface UnsafeText {
  in: Part;
  /** Dotted path of the offending value (or key) inside that part, empty for the part itself. */
  path: string;
  problem: 'NUL character' | 'unpaired UTF-16 surrogate';
}

/** In unicode mode a pair is one code point, so only an unpaired surrogate is in category Cs. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

const problemOf = (text: string): UnsafeText['problem'] | undefined =>
  text.includes('\u0000')
    ? 'NUL character'
    : UNPAIRED_SURROGATE.test(text)
      ? 'unpaired UTF-16 surrogate'
      : undefined;

/**
 * The first string (value or object key) in a decoded request part that no database can store:
 * PostgreSQL refuses NUL in text and unpaired surrogates in JSON, and UTF-8 cannot encode the
 * latter. Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(part: Part, root: unknown): UnsafeText | undefined {
  const pending: [unknown, string][] = [[root, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { in: part, path, problem };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const problem = problemOf(key);
        if (problem) return { in: part, path: childPath, problem };
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

export function unsafeTextError(found: UnsafeText): HttpError {
  // Never echo the value: name where it was, like a validation error.
  const where = `${found.in}${found.path ? `.${found.path.replace(/[^\x20-\x7e]/g, '?')}` : ''}`;
  const message = `Invalid ${where}: text must not contain a ${found.problem}.`;
  return new HttpError(400, 'validation', message, {
    issues: [{ in: found.in, path: found.path.replace(/[^\x20-\x7e]/g, '?'), message }],
  });
}

/**
 * Refuses, before any route runs, path parameters, query values and JSON body strings holding a NUL
 * or an unpaired surrogate, with a 400 in the app's error format: such text would otherwise reach
 * the database and fail there as a 500, or be signed and stored differently from what was sent.
 */
export function refuseUnsafeText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found =
      findUnsafeText('params', request.params) ??
      findUnsafeText('query', request.query) ??
      findUnsafeText('body', request.body);
    if (found) throw unsafeTextError(found);
  });
}
