import { Id } from '@actuate/contracts';
import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { DeliveryAddressService } from './delivery-addresses.ts';
import {
  ContactView,
  CreateContactRequest,
  CreateCustomerRequest,
  CreateDeliveryAddressRequest,
  CustomerDetailView,
  CustomerView,
  DeliveryAddressValidityRequest,
  DeliveryAddressView,
  ErpId,
  SalesCompanyView,
  ShopDeliveryAddressRequest,
  UpdateCustomerRequest,
} from './models.ts';
import type { CustomerService } from './service.ts';
import { TAX_GROUPS, TaxGroupView } from './tax-groups.ts';

const tags = ['erp-customers'];
const ErpIdParams = z.object({ erpId: ErpId });

export function customerRoutes(
  app: ServiceApp,
  { customers, deliveryAddresses }: { customers: CustomerService; deliveryAddresses: DeliveryAddressService },
) {
  app.get(
    '/erp/sales-companies',
    { schema: { tags, summary: 'The sales companies', response: { 200: z.array(SalesCompanyView) } } },
    (request) => customers.listSalesCompanies(baseContext(request)),
  );

  app.get(
    '/erp/tax-groups',
    {
      schema: {
        tags,
        summary: 'The tax groups and the VAT rate an invoice charges in each',
        response: { 200: z.array(TaxGroupView) },
      },
    },
    async () => [...TAX_GROUPS],
  );

  app.get(
    '/erp/customers',
    {
      schema: {
        tags,
        summary: 'Find ERP customers by VAT number, CRM account or sales company',
        querystring: z.object({
          vatNumber: z.string().min(1).optional(),
          crmAccountId: z.string().min(1).optional(),
          salesCompanyId: z
            .string()
            .regex(/^[A-Z]{3}$/)
            .optional(),
        }),
        response: { 200: z.array(CustomerView) },
      },
    },
    (request) => customers.searchCustomers(baseContext(request), request.query),
  );

  app.post(
    '/erp/customers',
    {
      schema: {
        tags,
        summary: 'Create an ERP customer (admin: e.g. resolve MissingCustomer)',
        body: CreateCustomerRequest,
        response: { 201: CustomerDetailView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await customers.createCustomer(baseContext(request), request.body)),
  );

  app.get(
    '/erp/customers/:erpId',
    {
      schema: {
        tags,
        summary: 'An ERP customer with its contacts and delivery addresses',
        params: ErpIdParams,
        response: { 200: CustomerDetailView },
      },
    },
    (request) => customers.getCustomer(baseContext(request), request.params.erpId),
  );

  app.patch(
    '/erp/customers/:erpId',
    {
      schema: {
        tags,
        summary: 'Change an ERP customer (credit hold, invoice e-mail, tax group, …)',
        params: ErpIdParams,
        body: UpdateCustomerRequest,
        response: { 200: CustomerDetailView },
      },
    },
    (request) => customers.updateCustomer(baseContext(request), request.params.erpId, request.body),
  );

  app.post(
    '/erp/customers/:erpId/contacts',
    {
      schema: {
        tags,
        summary: 'Add a contact to an ERP customer (admin: e.g. resolve MissingContact)',
        params: ErpIdParams,
        body: CreateContactRequest,
        response: { 201: ContactView },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await customers.createContact(baseContext(request), request.params.erpId, request.body)),
  );

  app.post(
    '/erp/customers/:erpId/delivery-addresses',
    {
      schema: {
        tags,
        summary: 'Add a delivery address to an ERP customer (admin: e.g. resolve MissingDeliveryAddress)',
        params: ErpIdParams,
        body: CreateDeliveryAddressRequest,
        response: { 201: DeliveryAddressView },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await customers.createDeliveryAddress(baseContext(request), request.params.erpId, request.body),
        ),
  );

  app.get(
    '/erp/contacts/:erpId',
    { schema: { tags, summary: 'An ERP contact', params: ErpIdParams, response: { 200: ContactView } } },
    (request) => customers.getContact(baseContext(request), request.params.erpId),
  );

  app.put(
    '/erp/customers/:erpId/shop-addresses/:webShopAddressId',
    {
      schema: {
        tags,
        summary: 'Create or update the delivery address of a web-shop address (the integration)',
        description:
          'Idempotent by the shop’s address id: the first call assigns the ERP id (201), later calls update the fields and keep the ERP id and validity (200). Drives the “address added in the shop” flow by hand.',
        params: z.object({ erpId: ErpId, webShopAddressId: Id }),
        body: ShopDeliveryAddressRequest,
        response: { 200: DeliveryAddressView, 201: DeliveryAddressView },
      },
    },
    async (request, reply) => {
      const { created, address } = await deliveryAddresses.upsertShopAddress(
        baseContext(request),
        request.params.erpId,
        request.params.webShopAddressId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(address);
    },
  );

  app.get(
    '/erp/delivery-addresses/:erpId',
    {
      schema: {
        tags,
        summary: 'A delivery address with its validity',
        params: ErpIdParams,
        response: { 200: DeliveryAddressView },
      },
    },
    (request) => deliveryAddresses.getAddress(baseContext(request), request.params.erpId),
  );

  app.patch(
    '/erp/delivery-addresses/:erpId',
    {
      schema: {
        tags,
        summary: 'Close (validTo) or reopen (null) a delivery address',
        description:
          'Publishes `delivery-address.changed`; the shop’s address gets the validity, a closed address can no longer be chosen and subscriptions using it are flagged.',
        params: ErpIdParams,
        body: DeliveryAddressValidityRequest,
        response: { 200: DeliveryAddressView },
      },
    },
    (request) => deliveryAddresses.changeValidity(baseContext(request), request.params.erpId, request.body),
  );
}
