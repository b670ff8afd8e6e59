import type { CallbackActions, CheckoutCallbacks, ElementHandle } from './callbacks.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from './errors.ts';
import type { CheckoutSession } from './session.ts';
import type { AdditionalDetailsData, Order, PaymentAction, PaymentData, PaymentResponse } from './types.ts';

/** These result codes end the attempt as a failure (docs/domain.md, Sessions and payments). */
export const FAILED_RESULT_CODES: ReadonlySet<string> = new Set(['Cancelled', 'Error', 'Refused']);

/** What the submit pipeline needs from whoever submits: an element, or the checkout itself. */
export interface FlowHost extends ElementHandle {
  readonly callbacks: CheckoutCallbacks;
  readonly session: CheckoutSession | undefined;
  handleAction(action: PaymentAction): void;
  showValidation(): void;
  paymentData(): Promise<PaymentData>;
  /** Called once the attempt has ended, so a host (e.g. the drop-in) can show its final screen. */
  onFinalResult(kind: 'success' | 'failure', response: PaymentResponse | undefined): void;
  updateOrder(order: Order): void;
}

/** A beforeSubmit or onSubmit rejection: the shopper goes back to the form, nothing failed. */
class SubmitCancelled {
  constructor(readonly reason: unknown) {}
}

function fromCallback<T>(invoke: (actions: CallbackActions<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      invoke({ resolve, reject: (reason) => reject(new SubmitCancelled(reason)) });
    } catch (error) {
      reject(error);
    }
  });
}

async function makePaymentsCall(host: FlowHost, data: PaymentData): Promise<PaymentResponse> {
  const { onSubmit, beforeSubmit } = host.callbacks;
  if (onSubmit) return fromCallback((actions) => onSubmit({ data, isValid: host.isValid }, host, actions));
  if (host.session) {
    const final = beforeSubmit
      ? await fromCallback<PaymentData>((actions) => beforeSubmit(data, host, actions))
      : data;
    return host.session.submitPayment(final);
  }
  throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.missingOnSubmit);
}

/**
 * The submit pipeline: validate (else show validation) → loading → payments call →
 * action, order update or result.
 */
export async function submitPayment(host: FlowHost): Promise<void> {
  if (!host.isValid) {
    host.showValidation();
    return;
  }
  host.setStatus('loading');
  let response: PaymentResponse;
  try {
    response = await makePaymentsCall(host, await host.paymentData());
  } catch (error) {
    handleCallFailure(host, error);
    return;
  }
  handleResponse(host, response);
}

/** Sends additional details (3DS2 result, redirect result) through the same pipeline. */
export async function submitAdditionalDetails(host: FlowHost, data: AdditionalDetailsData): Promise<void> {
  const { onAdditionalDetails } = host.callbacks;
  let response: PaymentResponse;
  try {
    if (onAdditionalDetails) {
      response = await fromCallback((actions) => onAdditionalDetails({ data }, host, actions));
    } else if (host.session) {
      response = await host.session.submitDetails(data);
    } else {
      throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.missingOnAdditionalDetails);
    }
  } catch (error) {
    handleCallFailure(host, error);
    return;
  }
  handleResponse(host, response);
}

export function handleResponse(host: FlowHost, response: PaymentResponse): void {
  if (response.action) {
    host.handleAction(response.action);
    return;
  }
  const remaining = response.order?.remainingAmount?.value;
  if (response.order && remaining !== undefined && remaining > 0) {
    host.updateOrder(response.order);
    host.callbacks.onOrderUpdated?.({ order: response.order });
    host.setStatus('ready');
    return;
  }
  if (response.resultCode && FAILED_RESULT_CODES.has(response.resultCode)) {
    host.onFinalResult('failure', response);
    host.callbacks.onPaymentFailed?.(response, host);
    return;
  }
  host.session?.clear();
  host.onFinalResult('success', response);
  host.callbacks.onPaymentCompleted?.(response, host);
}

function handleCallFailure(host: FlowHost, error: unknown): void {
  if (error instanceof SubmitCancelled) {
    const reason = error.reason as PaymentResponse | undefined;
    // A merchant that rejects with a payments response reports a failed payment; a bare rejection is a cancel.
    if (reason && typeof reason === 'object' && 'resultCode' in reason) {
      host.onFinalResult('failure', reason);
      host.callbacks.onPaymentFailed?.(reason, host);
    } else {
      host.setStatus('ready');
    }
    return;
  }
  const checkoutError =
    error instanceof CheckoutError
      ? error
      : new CheckoutError('ERROR', String((error as Error)?.message ?? error), { cause: error });
  host.onFinalResult('failure', undefined);
  if (host.callbacks.onError) host.callbacks.onError(checkoutError, host);
  else console.error(checkoutError);
}
