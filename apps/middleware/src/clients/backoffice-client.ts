/**
 * The back office's REST API (ERP and CRM, `X-Api-Key`), see apps/backoffice/README.md. Every call the
 * middleware makes to the back office goes through this class. A 5xx, no answer or a refused API key
 * throws `UpstreamError` (retryable); any other refusal is a typed `BackofficeRefusal`.
 */
import type { Address } from '@actuate/contracts';
import { err, ok, type Result } from '@actuate/service-kit';
import type { ErpItem } from '../modules/items/product-state.ts';
import { callJson, type JsonResponse, UpstreamError } from './http.ts';

export interface BackofficeSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** A 4xx answer of the back office: its status and the `detail` of its problem details. */
export interface BackofficeRefusal {
  status: number;
  detail: string;
  body: unknown;
}

/** A contact the integration adds to a CRM account (`POST /crm/accounts/{crmId}/contacts`). */
export interface BackofficeNewContact {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  language?: string;
  webShopUserId: string;
}

export interface BackofficeContact {
  crmId: string;
  erpContactId: string | null;
}

/** The back office's registration (`GET /crm/registrations/{id}`). */
export interface BackofficeRegistration {
  id: string;
  status: 'Pending' | 'AwaitingApproval' | 'Complete' | 'Declined' | 'Expired';
  expiresAt?: string | null;
  declineReason?: string | null;
  crmAccountId: string;
  crmContactId: string;
  customerErpId: string | null;
  contactErpId: string | null;
  salesCompanyId: string | null;
  customer: {
    currency: string;
    countryCode2: string;
    countryCode3: string;
    locale: string;
    taxGroup: string;
    invoiceEmail: string;
    vatNumber: string;
    creditHold: boolean;
  } | null;
}

/** What the CRM is asked to register (`POST /crm/registrations`). */
export interface RegistrationRequest {
  webShopCompanyId: string;
  webShopUserId: string;
  company: { name: string; vatNumber: string; countryCode2: string };
  contact: { email: string; firstName: string; lastName: string; phone?: string };
  joinRequest?: boolean;
  expiresAt?: string;
}

/** The ERP customer (`GET /erp/customers/{erpId}`). */
export interface ErpCustomer {
  erpId: string;
  name: string;
  salesCompanyId: string;
  crmAccountId: string | null;
  currency: string;
  countryCode2: string;
  countryCode3: string;
  locale: string;
  taxGroup: string;
  invoiceEmail: string;
  vatNumber: string;
  creditHold: boolean;
}

/** The ERP's answer to a sales order (`POST /erp/sales-orders`). */
export interface SalesOrderAnswer {
  webShopOrderId: string;
  outcome: 'Accepted' | 'PartiallySubmitted' | 'Refused';
  erpSubmissionIssue: string;
  message?: string;
  orderNumber: string | null;
  webShopStatus: string | null;
  salesCompanyId?: string | null;
  lines: { webShopLineItemId: string; erpLineNumber: number | null; issue: string | null }[];
}

/** A cancellation the ERP answered: 200 (cancelled now) or 409 (cancelled already, or past cancelling). */
export interface SalesOrderCancellation {
  httpStatus: 200 | 409;
  /** The sales order's status after the call, when the ERP said. */
  status: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const registrationPath = (id: string) => `/crm/registrations/${encodeURIComponent(id)}`;

/** A sales company of the seller: which countries it serves, in which currency. */
export interface SalesCompany {
  id: string;
  currency: string;
  servedCountries: string[];
}

const isSalesCompany = (value: unknown): value is SalesCompany => {
  const company = value as Partial<SalesCompany> | null;
  return (
    typeof company?.id === 'string' &&
    typeof company.currency === 'string' &&
    Array.isArray(company.servedCountries) &&
    company.servedCountries.every((country) => typeof country === 'string')
  );
};

/** An ERP delivery address (`GET /erp/delivery-addresses/{erpId}`), as far as the middleware reads it. */
export interface ErpDeliveryAddress {
  erpId: string;
  customerErpId: string;
  webShopAddressId: string | null;
  countryCode2: string;
  countryCode3: string;
  validFrom: string;
  validTo: string | null;
}

/** The platform address's fields the ERP keeps (`PUT …/shop-addresses/{id}`). */
function shopAddressBody(address: Address): Record<string, unknown> {
  const optional = (value: string | null | undefined) => (value ? value : undefined);
  return {
    name: optional(address.AddressName),
    companyName: optional(address.CompanyName),
    firstName: optional(address.FirstName),
    lastName: optional(address.LastName),
    street1: address.Street1,
    street2: optional(address.Street2),
    city: address.City,
    zip: address.Zip,
    state: address.State,
    countryCode2: address.Country,
  };
}

/** Sales companies change with the ERP's master data, not per registration: kept a minute. */
const SALES_COMPANIES_KEEP_MS = 60_000;

export class BackofficeClient {
  private salesCompaniesKept: { companies: SalesCompany[]; until: number } | undefined;

  constructor(private readonly settings: BackofficeSettings) {}

  /** Status and body; a 5xx, no answer or a refused API key throws `UpstreamError` (retryable). */
  private async call<T = Record<string, unknown>>(
    method: Method,
    path: string,
    body?: unknown,
  ): Promise<JsonResponse<T>> {
    const response = await callJson<T>(
      'backoffice',
      `${this.settings.baseUrl}${path}`,
      { method, headers: { 'x-api-key': this.settings.apiKey }, ...(body === undefined ? {} : { body }) },
      this.settings.timeoutMs,
    );
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError('backoffice', `the back office refused the API key (${response.status})`);
    }
    return response;
  }

  // --- CRM -------------------------------------------------------------------------------------

  /** Registers company and contact in the CRM (202 or 200 when it knew the registration). */
  createRegistration(
    request: RegistrationRequest,
  ): Promise<Result<BackofficeRegistration, BackofficeRefusal>> {
    return this.expect<BackofficeRegistration>('POST', '/crm/registrations', request, [200, 202]);
  }

  getRegistration(id: string): Promise<Result<BackofficeRegistration, BackofficeRefusal>> {
    return this.expect<BackofficeRegistration>('GET', registrationPath(id), undefined, [200]);
  }

  /** A join request approved (409: it was decided already). */
  approveRegistration(id: string): Promise<Result<BackofficeRegistration, BackofficeRefusal>> {
    return this.expect<BackofficeRegistration>('POST', `${registrationPath(id)}/approve`, undefined, [200]);
  }

  /** A join request declined with the reason the registrant is shown (409: it was decided already). */
  declineRegistration(
    id: string,
    reason: string,
  ): Promise<Result<BackofficeRegistration, BackofficeRefusal>> {
    return this.expect<BackofficeRegistration>('POST', `${registrationPath(id)}/decline`, { reason }, [200]);
  }

  /** The shop's profile change onto the CRM contact (404: unknown contact). */
  updateCrmContact(
    crmId: string,
    patch: Record<string, unknown>,
  ): Promise<Result<unknown, BackofficeRefusal>> {
    return this.expect<unknown>('PATCH', `/crm/contacts/${encodeURIComponent(crmId)}`, patch, [200]);
  }

  /** A colleague the company invited, as a CRM contact with its ERP contact (idempotent by e-mail). */
  addCrmContact(
    crmAccountId: string,
    contact: BackofficeNewContact,
  ): Promise<Result<BackofficeContact, BackofficeRefusal>> {
    return this.expect<BackofficeContact>(
      'POST',
      `/crm/accounts/${encodeURIComponent(crmAccountId)}/contacts`,
      contact,
      [200, 201],
    );
  }

  /** The CRM accounts of an ERP customer (none when the CRM does not know it). */
  crmAccountsOf(customerErpId: string): Promise<Result<{ crmId: string }[], BackofficeRefusal>> {
    return this.expect<{ crmId: string }[]>(
      'GET',
      `/crm/accounts?${new URLSearchParams({ erpCustomerId: customerErpId })}`,
      undefined,
      [200],
    );
  }

  /** The shop's address on the CRM account, with the ERP address it became (idempotent by the shop's id). */
  upsertCrmAddress(
    crmId: string,
    webShopAddressId: string,
    address: Address,
    erpAddressId: string,
  ): Promise<Result<unknown, BackofficeRefusal>> {
    return this.expect<unknown>(
      'PUT',
      `/crm/accounts/${encodeURIComponent(crmId)}/addresses/${encodeURIComponent(webShopAddressId)}`,
      { ...shopAddressBody(address), erpAddressId },
      [200, 201],
    );
  }

  // --- ERP -------------------------------------------------------------------------------------

  /** The ERP's sales companies (`GET /erp/sales-companies`); an unusable answer throws `UpstreamError`. */
  async salesCompanies(): Promise<SalesCompany[]> {
    const kept = this.salesCompaniesKept;
    if (kept && kept.until > Date.now()) return kept.companies;
    const response = await this.call<unknown>('GET', '/erp/sales-companies');
    if (response.status !== 200 || !Array.isArray(response.body) || !response.body.every(isSalesCompany)) {
      throw new UpstreamError(
        'backoffice',
        'the back office answered no list of sales companies',
        response.status,
      );
    }
    const companies = response.body.map(({ id, currency, servedCountries }) => ({
      id,
      currency,
      servedCountries,
    }));
    this.salesCompaniesKept = { companies, until: Date.now() + SALES_COMPANIES_KEEP_MS };
    return companies;
  }

  /** The ERP customer as it is now (404: unknown). */
  getCustomer(erpId: string): Promise<Result<ErpCustomer, BackofficeRefusal>> {
    return this.expect<ErpCustomer>('GET', `/erp/customers/${encodeURIComponent(erpId)}`, undefined, [200]);
  }

  /** The ERP's invoices matching the filters (`GET /erp/invoices`); the caller parses the page. */
  listInvoices(
    filters: Record<string, string | number | undefined>,
  ): Promise<Result<unknown, BackofficeRefusal>> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (value !== undefined) query.set(key, String(value));
    return this.expect<unknown>('GET', `/erp/invoices?${query}`, undefined, [200]);
  }

  /** One invoice with lines and parties (404: unknown); the caller parses it. */
  getInvoice(invoiceNumber: string): Promise<Result<unknown, BackofficeRefusal>> {
    return this.expect<unknown>(
      'GET',
      `/erp/invoices/${encodeURIComponent(invoiceNumber)}`,
      undefined,
      [200],
    );
  }

  /** The ERP item with its lifecycle states, successor, stock and lead time (404: unknown). */
  getItem(salesItemNumber: string): Promise<Result<ErpItem, BackofficeRefusal>> {
    return this.expect<ErpItem>('GET', `/erp/items/${encodeURIComponent(salesItemNumber)}`, undefined, [200]);
  }

  /** Creates or updates the ERP address of a shop address (idempotent by the shop's id). */
  upsertShopAddress(
    customerErpId: string,
    webShopAddressId: string,
    address: Address,
  ): Promise<Result<ErpDeliveryAddress, BackofficeRefusal>> {
    return this.expect<ErpDeliveryAddress>(
      'PUT',
      `/erp/customers/${encodeURIComponent(customerErpId)}/shop-addresses/${encodeURIComponent(webShopAddressId)}`,
      shopAddressBody(address),
      [200, 201],
    );
  }

  /** An ERP delivery address with its validity (404: unknown). */
  getDeliveryAddress(erpId: string): Promise<Result<ErpDeliveryAddress, BackofficeRefusal>> {
    return this.expect<ErpDeliveryAddress>(
      'GET',
      `/erp/delivery-addresses/${encodeURIComponent(erpId)}`,
      undefined,
      [200],
    );
  }

  /** A sales order for a web-shop order; idempotent by the order id at the ERP. */
  submitSalesOrder(order: unknown): Promise<Result<SalesOrderAnswer, BackofficeRefusal>> {
    return this.expect<SalesOrderAnswer>('POST', '/erp/sales-orders', order, [200, 201]);
  }

  /** Cancels a sales order; any answer but 200 and 409 throws `UpstreamError` (retryable). */
  async cancelSalesOrder(orderNumber: string, reason: string): Promise<SalesOrderCancellation> {
    const response = await this.call<{ status?: unknown } | undefined>(
      'POST',
      `/erp/sales-orders/${encodeURIComponent(orderNumber)}/cancel`,
      { reason },
    );
    if (response.status !== 200 && response.status !== 409) {
      throw new UpstreamError('backoffice', `cancel answered ${response.status}`, response.status);
    }
    const status = typeof response.body?.status === 'string' ? response.body.status : null;
    return { httpStatus: response.status, status };
  }

  private async expect<T>(
    method: Method,
    path: string,
    body: unknown,
    expected: number[],
  ): Promise<Result<T, BackofficeRefusal>> {
    const response = await this.call<T>(method, path, body);
    if (expected.includes(response.status)) return ok(response.body);
    return err({ status: response.status, detail: problemDetail(response), body: response.body });
  }
}

/** The `detail` of a problem-details answer, or the status. */
function problemDetail(response: JsonResponse<unknown>): string {
  const body = response.body as { detail?: unknown; type?: unknown } | undefined;
  return typeof body?.detail === 'string' ? body.detail : `HTTP ${response.status}`;
}
