/**
 * The platform seen through its OrderCloud-compatible REST API, as the middleware's confidential
 * API client (client_credentials, FullAccess) — the calls `ordercloud-javascript-sdk` makes.
 */
import type { BuyerCompany, Order, OrderWorksheet, Payment } from '@actuate/contracts';
import { callJson, UpstreamError } from './http.ts';

export interface PlatformSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

interface ListPage<T> {
  Meta?: unknown;
  Items: T[];
}

const SERVICE = 'platform';

/** `GET /v1/me` as far as the middleware reads it: the caller's company and roles come from the token. */
export interface PlatformMe {
  ID: string;
  FirstName?: string | null;
  LastName?: string | null;
  Email?: string | null;
  Phone?: string | null;
  Locale?: { Language?: string | null } | null;
  Active?: boolean;
  AvailableRoles?: string[];
  Buyer?: { ID: string };
  xp?: Record<string, unknown>;
}

export class PlatformClient {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly settings: PlatformSettings) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      scope: 'FullAccess',
    });
    const response = await callJson<{ access_token?: string; expires_in?: number }>(
      SERVICE,
      `${this.settings.baseUrl}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: form.toString(),
      },
      this.settings.timeoutMs,
    );
    if (response.status !== 200 || !response.body.access_token) {
      throw new UpstreamError(SERVICE, `platform refused the middleware's login (${response.status})`);
    }
    const lifetimeMs = Math.max(30, (response.body.expires_in ?? 600) - 30) * 1000;
    this.token = { value: response.body.access_token, expiresAt: Date.now() + lifetimeMs };
    return this.token.value;
  }

  /** An authorised call answering its status and body (a 5xx or no answer throws `UpstreamError`). */
  async send<T = Record<string, unknown>>(
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await callJson<T>(
      SERVICE,
      `${this.settings.baseUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        ...(body === undefined ? {} : { body }),
      },
      this.settings.timeoutMs,
    );
    if (response.status === 401) this.token = undefined;
    return response;
  }

  /** An authorised call that must succeed: the body, or an `UpstreamError` naming the platform's answer. */
  async expect<T = Record<string, unknown>>(
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.send<T>(method, path, body);
    if (response.status >= 300) {
      throw new UpstreamError(
        SERVICE,
        `platform ${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`,
        response.status,
      );
    }
    return response.body;
  }

  /** Every item of an admin list (`{Meta, Items}`), page by page (100 a page, the platform's maximum). */
  async listAll<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const params = new URLSearchParams({ ...query, pageSize: '100', page: String(page) });
      const body = await this.expect<{ Meta?: { TotalPages?: number }; Items: T[] }>(
        'GET',
        `${path}?${params}`,
      );
      items.push(...body.Items);
      if (body.Items.length === 0 || page >= (body.Meta?.TotalPages ?? 1)) return items;
    }
  }

  /** The user behind a buyer's token (`GET /v1/me`): null for a token the platform does not accept. */
  async getMe(buyerToken: string): Promise<PlatformMe | null> {
    const response = await callJson<PlatformMe>(
      SERVICE,
      `${this.settings.baseUrl}/v1/me`,
      { headers: { authorization: `Bearer ${buyerToken}` } },
      this.settings.timeoutMs,
    );
    return response.status === 200 ? response.body : null;
  }

  /** An authorised call; null for a 404, throws for any other non-2xx answer. */
  private async request<T>(
    method: 'GET' | 'PATCH' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T | null> {
    const response = await callJson<T>(
      SERVICE,
      `${this.settings.baseUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        ...(body === undefined ? {} : { body }),
      },
      this.settings.timeoutMs,
    );
    if (response.status === 401) this.token = undefined;
    if (response.status === 404) return null;
    if (response.status >= 300) {
      throw new UpstreamError(
        SERVICE,
        `platform ${method} ${path} answered ${response.status}`,
        response.status,
      );
    }
    return response.body;
  }

  /** The order as the buyer sees it (their own token): null when not theirs, 'unauthorized' for a bad token. */
  async getOrderAs(buyerToken: string, orderId: string): Promise<Order | null | 'unauthorized'> {
    const response = await callJson<Order>(
      SERVICE,
      `${this.settings.baseUrl}/v1/orders/Outgoing/${encodeURIComponent(orderId)}`,
      { headers: { authorization: `Bearer ${buyerToken}` } },
      this.settings.timeoutMs,
    );
    if (response.status === 401) return 'unauthorized';
    if (response.status === 404 || response.status === 403) return null;
    if (response.status >= 300) {
      throw new UpstreamError(SERVICE, `platform GET order answered ${response.status}`, response.status);
    }
    return response.body;
  }

  /**
   * A call with the buyer's own token, so the platform scopes it as it would the storefront's (the
   * buyer's catalogue, cart and orders): its status and body; a 5xx or no answer throws `UpstreamError`.
   */
  async sendAs<T = Record<string, unknown>>(
    buyerToken: string,
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    return callJson<T>(
      SERVICE,
      `${this.settings.baseUrl}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${buyerToken}` },
        ...(body === undefined ? {} : { body }),
      },
      this.settings.timeoutMs,
    );
  }

  getBuyer(buyerId: string): Promise<BuyerCompany | null> {
    return this.request<BuyerCompany>('GET', `/v1/buyers/${encodeURIComponent(buyerId)}`);
  }

  getOrder(orderId: string): Promise<Order | null> {
    return this.request<Order>('GET', `/v1/orders/All/${encodeURIComponent(orderId)}`);
  }

  /** The order with its line items and ship estimates (null when there is no such order). */
  getWorksheet(orderId: string): Promise<OrderWorksheet | null> {
    return this.request<OrderWorksheet>('GET', `/v1/orders/All/${encodeURIComponent(orderId)}/worksheet`);
  }

  /** Merges `xp` into the order's extension (admin PATCH); false when the platform refuses. */
  async patchOrderXp(orderId: string, xp: Record<string, unknown>): Promise<boolean> {
    return this.tryPatch(`/v1/orders/All/${encodeURIComponent(orderId)}`, { xp });
  }

  async patchLineItemXp(orderId: string, lineItemId: string, xp: Record<string, unknown>): Promise<boolean> {
    return this.tryPatch(
      `/v1/orders/All/${encodeURIComponent(orderId)}/lineitems/${encodeURIComponent(lineItemId)}`,
      { xp },
    );
  }

  private async tryPatch(path: string, body: unknown): Promise<boolean> {
    try {
      return (await this.request('PATCH', path, body)) !== null;
    } catch (error) {
      if (error instanceof UpstreamError && error.upstreamStatus !== undefined && error.upstreamStatus < 500)
        return false;
      throw error;
    }
  }

  /** Completes an Open order; false when it is not Open (already completed, canceled, …). */
  async completeOrder(orderId: string): Promise<boolean> {
    try {
      return (await this.request('POST', `/v1/orders/All/${encodeURIComponent(orderId)}/complete`)) !== null;
    } catch (error) {
      if (error instanceof UpstreamError && error.upstreamStatus === 400) return false;
      throw error;
    }
  }

  async addPaymentTransaction(
    orderId: string,
    paymentId: string,
    transaction: Record<string, unknown>,
  ): Promise<void> {
    await this.request(
      'POST',
      `/v1/orders/All/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/transactions`,
      transaction,
    );
  }

  async patchPayment(orderId: string, paymentId: string, patch: Record<string, unknown>): Promise<void> {
    await this.request(
      'PATCH',
      `/v1/orders/All/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}`,
      patch,
    );
  }

  async listPayments(orderId: string): Promise<Payment[]> {
    const page = await this.request<ListPage<Payment>>(
      'GET',
      `/v1/orders/All/${encodeURIComponent(orderId)}/payments?pageSize=100`,
    );
    return page?.Items ?? [];
  }
}
