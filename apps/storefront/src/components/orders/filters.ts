/*
 * The order history's filters live in the URL (shareable, the back button works). This module turns
 * search params into a validated filter and the filter into OrderCloud list options, and back into a
 * query string for links. Pure: no I/O, unit-tested.
 */

export const ORDER_STATUS_FILTERS = [
  'AwaitingApproval',
  'Declined',
  'Open',
  'Completed',
  'Canceled',
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const WEB_SHOP_STATUS_FILTERS = [
  'Received',
  'Confirmed',
  'PartlyShipped',
  'Shipped',
  'Invoiced',
  'Cancelled',
] as const;
export type WebShopStatusFilter = (typeof WEB_SHOP_STATUS_FILTERS)[number];

export const ORDERS_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 10_000;

export interface OrderFilter {
  readonly status?: OrderStatusFilter;
  readonly webShopStatus?: WebShopStatusFilter;
  /** First day, inclusive, `YYYY-MM-DD`. */
  readonly from?: string;
  /** Last day, inclusive, `YYYY-MM-DD`. */
  readonly to?: string;
  readonly search?: string;
  readonly page: number;
}

export type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

function first(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A real calendar day in `YYYY-MM-DD` form, else undefined. */
export function isoDay(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Reads the filter from the URL; anything invalid is ignored rather than refused. */
export function parseOrderFilter(params: SearchParams): OrderFilter {
  const pageText = first(params, 'page');
  const page = pageText && /^\d{1,5}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_PAGE) : 1;
  let from = isoDay(first(params, 'from'));
  let to = isoDay(first(params, 'to'));
  if (from && to && from > to) [from, to] = [to, from];
  const search = first(params, 'q')?.slice(0, MAX_SEARCH_LENGTH);
  return {
    ...(oneOf(ORDER_STATUS_FILTERS, first(params, 'status')) && {
      status: oneOf(ORDER_STATUS_FILTERS, first(params, 'status')),
    }),
    ...(oneOf(WEB_SHOP_STATUS_FILTERS, first(params, 'wss')) && {
      webShopStatus: oneOf(WEB_SHOP_STATUS_FILTERS, first(params, 'wss')),
    }),
    ...(from && { from }),
    ...(to && { to }),
    ...(search && { search }),
    page,
  };
}

export interface OrderListOptions {
  search?: string;
  searchOn?: string[];
  sortBy?: string[];
  page: number;
  pageSize: number;
  filters: Record<string, string | string[]>;
}

/**
 * OrderCloud list options for `/me/orders`. The cart (Unsubmitted) is never part of the history.
 * Dates filter on DateSubmitted; `to` is inclusive, so the bound is the next day, exclusive.
 */
export function orderListOptions(filter: OrderFilter): OrderListOptions {
  const filters: Record<string, string | string[]> = {
    Status: filter.status ?? '!Unsubmitted',
  };
  if (filter.webShopStatus) filters['xp.WebShopStatus'] = filter.webShopStatus;
  const dates: string[] = [];
  if (filter.from) dates.push(`>=${filter.from}`);
  if (filter.to) dates.push(`<${nextDay(filter.to)}`);
  if (dates.length > 0) filters.DateSubmitted = dates.length === 1 ? (dates[0] as string) : dates;
  // An ERP order number (SO-…) is looked up by filter: the platform cannot search xp fields yet.
  const erpNumber =
    filter.search && /^SO-/i.test(filter.search) ? filter.search.replace(/[*|!<>\\]/g, '') : '';
  if (erpNumber) filters['xp.OrderNumber'] = `*${erpNumber}*`;
  return {
    ...(filter.search &&
      !erpNumber && {
        search: filter.search,
        searchOn: ['ID', 'Comments'],
      }),
    // Newest first; orders awaiting approval have no DateSubmitted yet.
    sortBy: ['!DateCreated'],
    page: filter.page,
    pageSize: ORDERS_PAGE_SIZE,
    filters,
  };
}

/** The query string of a filter (with overrides), for links; empty values are left out. */
export function orderFilterQuery(filter: OrderFilter, overrides: Partial<OrderFilter> = {}): string {
  const merged = { ...filter, ...overrides };
  const params = new URLSearchParams();
  if (merged.status) params.set('status', merged.status);
  if (merged.webShopStatus) params.set('wss', merged.webShopStatus);
  if (merged.from) params.set('from', merged.from);
  if (merged.to) params.set('to', merged.to);
  if (merged.search) params.set('q', merged.search);
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether any filter narrows the list (so an empty list says "no match" rather than "no orders yet"). */
export function isFiltered(filter: OrderFilter): boolean {
  return Boolean(filter.status || filter.webShopStatus || filter.from || filter.to || filter.search);
}
