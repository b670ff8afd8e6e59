import type {
  CreateOrderList,
  OrderListCartResult,
  OrderListDetail,
  OrderListIndex,
  OrderListLineInput,
  UpdateOrderList,
} from '@actuate/contracts';
import { getConfig } from '../config';

/*
 * Order lists through the middleware, always with the buyer's platform token: the middleware takes
 * the owner and company from that token and decides who sees and changes a list. The storefront only
 * shapes the forms' values.
 */

const TIMEOUT_MS = 30_000;

/** A middleware answer: the body, or the problem's code (`order-list-not-found`, `not-list-owner` …). */
export type ListAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: string };

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<ListAnswer<T>> {
  const { middlewareUrl, middlewareApiKey } = getConfig();
  const response = await fetch(`${middlewareUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': middlewareApiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 204) return { ok: true, value: null as T };
  if (response.ok) return { ok: true, value: (await response.json()) as T };
  if (response.status >= 500) throw new Error(`middleware ${method} ${path} answered ${response.status}`);
  const problem = (await response.json().catch(() => ({}))) as { type?: string };
  const code = problem.type?.replace('urn:actuate:problem:', '') ?? 'bad-request';
  return { ok: false, status: response.status, code };
}

const list = (id: string) => `/order-lists/${encodeURIComponent(id)}`;

export const orderListIndex = (token: string) => call<OrderListIndex>(token, 'GET', '/order-lists');

export const orderList = (token: string, id: string) => call<OrderListDetail>(token, 'GET', list(id));

export const createOrderList = (token: string, body: CreateOrderList) =>
  call<OrderListDetail>(token, 'POST', '/order-lists', body);

export const updateOrderList = (token: string, id: string, body: UpdateOrderList) =>
  call<OrderListDetail>(token, 'PATCH', list(id), body);

export const deleteOrderList = (token: string, id: string) => call<null>(token, 'DELETE', list(id));

export const addOrderListLines = (token: string, id: string, lines: OrderListLineInput[]) =>
  call<OrderListDetail>(token, 'POST', `${list(id)}/lines`, { lines });

export const setOrderListLineQuantity = (token: string, id: string, lineId: string, quantity: number) =>
  call<OrderListDetail>(token, 'PATCH', `${list(id)}/lines/${encodeURIComponent(lineId)}`, { quantity });

export const removeOrderListLine = (token: string, id: string, lineId: string) =>
  call<OrderListDetail>(token, 'DELETE', `${list(id)}/lines/${encodeURIComponent(lineId)}`);

export const orderListToCart = (token: string, id: string, lineIds?: string[]) =>
  call<OrderListCartResult>(token, 'POST', `${list(id)}/cart`, lineIds ? { lineIds } : {});
