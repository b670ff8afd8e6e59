/** The simulator's calls to the gateway's order endpoints (form-encoded: no CORS preflight). */

export interface SandboxOrder {
  id: string;
  status: string;
  intent: string;
  express: boolean;
  purchase_units: { reference_id: string; amount: { currency_code: string; value: string } }[];
  shipping_options?: { id: string; label: string; value: string; selected: boolean }[];
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
}

export class OrderApi {
  constructor(private readonly gatewayUrl: string) {}

  get(orderId: string): Promise<SandboxOrder> {
    return this.call('GET', orderId, '');
  }

  approve(orderId: string, buyer: string): Promise<{ orderID: string; payerID: string }> {
    return this.call('POST', orderId, '/approve', { buyer });
  }

  cancel(orderId: string): Promise<unknown> {
    return this.call('POST', orderId, '/cancel', {});
  }

  chooseShipping(orderId: string, option: string): Promise<SandboxOrder> {
    return this.call('POST', orderId, '/shipping', { option });
  }

  private async call<T>(
    method: string,
    orderId: string,
    path: string,
    form?: Record<string, string>,
  ): Promise<T> {
    const response = await fetch(
      `${this.gatewayUrl}/sdk-simulators/paypal/orders/${encodeURIComponent(orderId)}${path}`,
      { method, ...(form ? { body: new URLSearchParams(form) } : {}) },
    );
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    if (!response.ok)
      throw new Error(body.message ?? `PayPal sandbox order call failed (${response.status})`);
    return body as T;
  }
}
