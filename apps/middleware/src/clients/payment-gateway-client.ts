/**
 * The payment gateway's merchant API (Adyen-Checkout-compatible, `X-API-Key`), see
 * apps/payment-gateway/README.md. Every call the middleware makes to the gateway goes through this
 * class. A 5xx or no answer throws `UpstreamError` (retryable); a refusal is a typed `GatewayRefusal`.
 */
import { err, ok, type Result } from '@actuate/service-kit';
import { callJson, UpstreamError } from './http.ts';

export const GATEWAY_API_VERSION = 'v71';
const SERVICE = 'payment-gateway';

export interface PaymentGatewaySettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** A non-2xx answer of the gateway. */
export interface GatewayRefusal {
  status: number;
  /** The gateway's `message`, or 'refused'. */
  message: string;
  body: Record<string, unknown>;
}

export interface GatewaySession {
  id: string;
  sessionData: string;
  expiresAt?: string | undefined;
}

/** `GET /sessions/{id}?sessionResult=`: the session's status and its authorised or pending payments. */
export interface GatewaySessionResult {
  id: string;
  status: string;
  reference?: string | undefined;
  payments: {
    pspReference: string;
    resultCode: string;
    amount: { value: number; currency: string };
    paymentMethod?: { type?: string; brand?: string } | undefined;
    /** The gateway's extension for a presented payment: the action the shopper was shown. */
    action?: Record<string, unknown> | undefined;
  }[];
}

/** The modifications of an authorised payment, as the API's path names them. */
export type ModificationKind = 'captures' | 'cancels' | 'refunds';

export class PaymentGatewayClient {
  constructor(private readonly settings: PaymentGatewaySettings) {}

  /** A checkout session (`POST /sessions`); an answer without id or session data throws. */
  async createSession(
    body: unknown,
    idempotencyKey: string,
  ): Promise<Result<GatewaySession, GatewayRefusal>> {
    const response = await this.post('/sessions', body, idempotencyKey);
    if (!response.ok) return response;
    const id = String(response.value.id ?? '');
    const sessionData = String(response.value.sessionData ?? '');
    if (!id || !sessionData) throw new UpstreamError(SERVICE, 'session answer without id or sessionData');
    return ok({
      id,
      sessionData,
      ...(typeof response.value.expiresAt === 'string' ? { expiresAt: response.value.expiresAt } : {}),
    });
  }

  /** The result of a session, proven by the `sessionResult` the widget was given; a 4xx is a refusal. */
  async sessionResult(
    sessionId: string,
    sessionResult: string,
  ): Promise<Result<GatewaySessionResult, GatewayRefusal>> {
    const url = `${this.settings.baseUrl}/${GATEWAY_API_VERSION}/sessions/${encodeURIComponent(sessionId)}?sessionResult=${encodeURIComponent(sessionResult)}`;
    const response = await callJson<Record<string, unknown>>(
      SERVICE,
      url,
      { method: 'GET', headers: { 'x-api-key': this.settings.apiKey } },
      this.settings.timeoutMs,
    );
    if (response.status === 200 && response.body) {
      const body = response.body;
      return ok({
        id: String(body.id ?? ''),
        status: String(body.status ?? ''),
        ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
        payments: Array.isArray(body.payments) ? (body.payments as GatewaySessionResult['payments']) : [],
      });
    }
    if (response.status >= 500) {
      throw new UpstreamError(SERVICE, `session result answered ${response.status}`, response.status);
    }
    const message = typeof response.body?.message === 'string' ? response.body.message : 'refused';
    return err({ status: response.status, message, body: response.body ?? {} });
  }

  /** Captures, cancels or refunds a payment; only a 422 (not possible) is a refusal, anything else throws. */
  async modifyPayment(
    pspReference: string,
    kind: ModificationKind,
    body: unknown,
    idempotencyKey: string,
  ): Promise<Result<Record<string, unknown>, GatewayRefusal>> {
    const response = await this.post(
      `/payments/${encodeURIComponent(pspReference)}/${kind}`,
      body,
      idempotencyKey,
    );
    if (!response.ok && response.error.status !== 422) {
      throw new UpstreamError(SERVICE, `${kind} answered ${response.error.status}`, response.error.status);
    }
    return response;
  }

  private async post(
    path: string,
    body: unknown,
    idempotencyKey: string,
  ): Promise<Result<Record<string, unknown>, GatewayRefusal>> {
    const response = await callJson<Record<string, unknown>>(
      SERVICE,
      `${this.settings.baseUrl}/${GATEWAY_API_VERSION}${path}`,
      {
        method: 'POST',
        headers: { 'x-api-key': this.settings.apiKey, 'idempotency-key': idempotencyKey },
        body,
      },
      this.settings.timeoutMs,
    );
    if (response.status === 201 || response.status === 200) return ok(response.body ?? {});
    const message = typeof response.body?.message === 'string' ? response.body.message : 'refused';
    return err({ status: response.status, message, body: response.body });
  }
}
