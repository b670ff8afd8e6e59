import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { type Database, type Executor, isHttpError } from '@actuate/service-kit';
import { gatewayError, serviceErrorBody } from '../../shared/errors.ts';
import {
  claimKey,
  completeRecord,
  findRecord,
  releaseKey,
  setEffectRef,
  takeOverStaleClaim,
} from './repository.ts';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
/**
 * A claim still `processing` after this long belongs to a gateway process that died mid-request (every
 * request answers within seconds): a retry takes it over instead of getting 705 for ever.
 */
export const IDEMPOTENCY_STALE_CLAIM_SECONDS = 30;

/** The key whose request is running in this async context, so the write that creates its resource can name it. */
const runningKey = new AsyncLocalStorage<{ merchantAccount: string; key: string }>();

/**
 * Records, inside the caller's transaction, that the running keyed request created `ref` (a payment's
 * pspReference). The record and the resource commit together: a crash leaves both or neither.
 */
export async function recordIdempotentEffect(tx: Executor, ref: string): Promise<void> {
  const running = runningKey.getStore();
  if (running) await setEffectRef(tx, running.merchantAccount, running.key, ref);
}

/** Answers a request whose resource already exists (its process died before it could answer). */
export type EffectReplay = (ref: string) => Promise<{ status: number; body: unknown }>;

export interface IdempotentResponse {
  status: number;
  body: unknown;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** Stable JSON (sorted keys) so the same body with reordered fields counts as the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` handling (docs/domain.md, money, errors, idempotency): the first request claims the key; its answer (success
 * or a client error) is stored and replayed to every retry; a retry arriving while the first is still
 * running gets a transient 409 to retry later; the same key with another request is refused (422).
 * Server failures release the key so a retry can process the request again, and so does a crash: a
 * claim left running longer than IDEMPOTENCY_STALE_CLAIM_SECONDS is taken over by the next retry, which
 * answers from the resource the crashed attempt created (`recordIdempotentEffect`) when there is one.
 */
export class IdempotencyService {
  constructor(private readonly db: Database) {}

  async run(
    merchantAccount: string,
    key: string | undefined,
    request: { endpoint: string; body: unknown },
    handler: () => Promise<{ status: number; body: unknown }>,
    replay?: EffectReplay,
  ): Promise<IdempotentResponse> {
    if (key === undefined) return { ...(await handler()), replayed: false };
    if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw gatewayError.validation(`Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`);
    }
    const digest = createHash('sha256')
      .update(`${request.endpoint}\n${canonicalJson(request.body)}`)
      .digest('hex');
    const fresh = await claimKey(this.db, merchantAccount, key, digest);
    const takenOver = fresh
      ? undefined
      : await takeOverStaleClaim(this.db, merchantAccount, key, digest, IDEMPOTENCY_STALE_CLAIM_SECONDS);
    if (!fresh && !takenOver) {
      const existing = await findRecord(this.db, merchantAccount, key);
      if (!existing) return this.run(merchantAccount, key, request, handler, replay); // released meanwhile
      if (existing.requestDigest !== digest) {
        throw gatewayError.unprocessable('704', 'Idempotency-Key was already used with a different request.');
      }
      if (existing.state === 'processing') {
        throw gatewayError.conflict(
          '705',
          'A request with this Idempotency-Key is still being processed; retry later.',
        );
      }
      return { status: existing.responseStatus ?? 200, body: existing.responseBody, replayed: true };
    }
    // The crashed attempt got as far as creating its resource: answer from it, never create a second one.
    const effectRef = takenOver?.effectRef;
    const work = effectRef && replay ? () => replay(effectRef) : handler;
    let response: { status: number; body: unknown };
    try {
      response = await runningKey.run({ merchantAccount, key }, work);
    } catch (error) {
      if (isHttpError(error) && error.status < 500) {
        // A client error is the answer to this request: store it like a success.
        response = { status: error.status, body: serviceErrorBody(error) };
        await completeRecord(this.db, merchantAccount, key, response);
        throw error;
      }
      await releaseKey(this.db, merchantAccount, key);
      throw error;
    }
    await completeRecord(this.db, merchantAccount, key, response);
    return { ...response, replayed: false };
  }
}
