import { randomBytes } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import { type ProblemContext, type ProblemKey, problemKeyOf, REFERENCED_PROBLEMS } from './problems';
import { platformError } from './sdk';

/*
 * What a server action tells the buyer when a call was refused or failed: the text of the refusal
 * (problems.ts) in the buyer's language, else the generic text with a short reference. For those,
 * the raw answer (code, message, the platform's x-request-id) is logged under the same reference, so
 * customer service can find it; the buyer never reads a service's developer message.
 */

function requestIdOf(error: unknown): string | undefined {
  const headers = (error as { response?: { headers?: unknown } } | null)?.response?.headers as
    | { get?: (name: string) => unknown; [name: string]: unknown }
    | undefined;
  const value = typeof headers?.get === 'function' ? headers.get('x-request-id') : headers?.['x-request-id'];
  return typeof value === 'string' && value ? value : undefined;
}

/** A reference short enough to read out on the phone. */
function newReference(): string {
  return randomBytes(4).toString('hex').toUpperCase();
}

export interface ProblemOptions {
  readonly context?: ProblemContext;
  /** The promotion code the buyer typed (promotion texts name it). */
  readonly code?: string;
  /** What the action was doing, for the log line. */
  readonly action: string;
}

/** The buyer-facing text of a thrown error. */
export async function problemMessage(
  error: unknown,
  locale: AppLocale,
  options: ProblemOptions,
): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Problems' });
  const key: ProblemKey = problemKeyOf(error, options.context) ?? 'generic';
  if (!REFERENCED_PROBLEMS.has(key)) return t(key, { code: options.code ?? '', reference: '' });
  const reference = newReference();
  const info = platformError(error);
  const requestId = requestIdOf(error);
  console.warn(
    `[problem ${reference}] ${options.action}: ${info.status ?? '-'} ${info.code ?? '-'} ${
      info.message ?? String(error)
    }${requestId ? ` (platform request ${requestId})` : ''}${
      info.data !== undefined ? ` data=${JSON.stringify(info.data).slice(0, 2000)}` : ''
    }`,
  );
  return t(key, { code: options.code ?? '', reference });
}
