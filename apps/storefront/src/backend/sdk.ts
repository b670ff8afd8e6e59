import { Configuration, type RequestOptions } from 'ordercloud-javascript-sdk';
import { getConfig } from '../config';

/*
 * The storefront's one configuration of `ordercloud-javascript-sdk`, and the per-request options
 * every call passes.
 *
 *   import { Me } from 'ordercloud-javascript-sdk';
 *   import { asBuyer } from '@/backend/sdk';
 *   const buyer = await requireBuyer(locale);                 // src/backend/session.ts
 *   const products = await Me.ListProducts({ page: 2 }, asBuyer(buyer.token));
 *
 * Never call `Tokens.SetAccessToken` or the SDK's `Auth.*` on the server: the SDK's token store is one
 * global for the whole process, which serves many buyers at once. The buyer's token goes in each
 * call's request options (`asBuyer`), and sign-in/refresh go through `src/auth/`.
 *
 * `platformError(error)` reads the platform's `{Errors:[{ErrorCode, Message, Data}]}` answer out of
 * an SDK error (OrderCloudError), for messages and branching.
 */

const TIMEOUT_MS = 10_000;
let configuredFor: string | undefined;

/** Points the SDK at PLATFORM_URL (idempotent; every helper here calls it). */
export function configurePlatformSdk(): void {
  const { platformUrl } = getConfig();
  if (configuredFor === platformUrl) return;
  Configuration.Set({ baseApiUrl: platformUrl, apiVersion: 'v1', timeoutInMilliseconds: TIMEOUT_MS });
  configuredFor = platformUrl;
}

/** Request options that make one SDK call as the given buyer. */
export function asBuyer(token: string): RequestOptions {
  configurePlatformSdk();
  return { accessToken: token };
}

export interface PlatformErrorInfo {
  /** HTTP status, when the platform answered. */
  readonly status?: number;
  /** The first ErrorCode (e.g. `Webhook.ProceedFalse`, `Auth.InsufficientRoles`). */
  readonly code?: string;
  /** The first error's Message. */
  readonly message?: string;
  /** The first error's Data (e.g. `{ Body: { Status, Message } }` of a refused pre-submit webhook). */
  readonly data?: unknown;
}

/** What the platform said, from an SDK error (or any thrown value: empty when it is not one). */
export function platformError(error: unknown): PlatformErrorInfo {
  if (typeof error !== 'object' || error === null) return {};
  const e = error as {
    status?: unknown;
    errorCode?: unknown;
    message?: unknown;
    errors?: { ErrorCode?: string; Message?: string; Data?: unknown }[];
    response?: {
      status?: number;
      data?: { Errors?: { ErrorCode?: string; Message?: string; Data?: unknown }[] };
    };
  };
  const first = e.errors?.[0] ?? e.response?.data?.Errors?.[0];
  const status = typeof e.status === 'number' ? e.status : e.response?.status;
  return {
    ...(typeof status === 'number' ? { status } : {}),
    ...(first?.ErrorCode
      ? { code: first.ErrorCode }
      : typeof e.errorCode === 'string'
        ? { code: e.errorCode }
        : {}),
    ...(first?.Message ? { message: first.Message } : {}),
    ...(first?.Data !== undefined ? { data: first.Data } : {}),
  };
}

/** Whether the platform answered with one of these statuses. */
export function hasPlatformStatus(error: unknown, ...statuses: number[]): boolean {
  const { status } = platformError(error);
  return status !== undefined && statuses.includes(status);
}
