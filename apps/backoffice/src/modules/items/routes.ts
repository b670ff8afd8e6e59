import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import {
  FactoryView,
  ItemParams,
  ItemSalesCompanyParams,
  ItemView,
  SetFactoryStateRequest,
  SetItemSupplyRequest,
  SetSalesCompanyStateRequest,
} from './models.ts';
import type { ItemService } from './service.ts';

const tags = ['erp-items'];

export function itemRoutes(app: ServiceApp, { items }: { items: ItemService }) {
  app.get(
    '/erp/factories',
    { schema: { tags, summary: 'The factories', response: { 200: z.array(FactoryView) } } },
    (request) => items.listFactories(baseContext(request)),
  );

  app.get(
    '/erp/items/:salesItemNumber',
    {
      schema: {
        tags,
        summary: 'An item with its lifecycle state at its factory and at each sales company',
        params: ItemParams,
        response: { 200: ItemView },
      },
    },
    (request) => items.getItem(baseContext(request), request.params.salesItemNumber),
  );

  app.put(
    '/erp/items/:salesItemNumber/factory-state',
    {
      schema: {
        tags,
        summary: "Set the item's lifecycle state at its factory (e.g. unblock it)",
        params: ItemParams,
        body: SetFactoryStateRequest,
        response: { 200: ItemView },
      },
    },
    (request) =>
      items.setFactoryState(
        baseContext(request),
        request.params.salesItemNumber,
        request.body.lifecycleState,
      ),
  );

  app.put(
    '/erp/items/:salesItemNumber/sales-companies/:salesCompanyId',
    {
      schema: {
        tags,
        summary: 'Set up or change the item at a sales company (default: release it, Released + Active)',
        params: ItemSalesCompanyParams,
        body: SetSalesCompanyStateRequest,
        response: { 200: ItemView },
      },
    },
    (request) =>
      items.setSalesCompanyState(
        baseContext(request),
        request.params.salesItemNumber,
        request.params.salesCompanyId,
        request.body,
      ),
  );

  app.delete(
    '/erp/items/:salesItemNumber/sales-companies/:salesCompanyId',
    {
      schema: {
        tags,
        summary: 'Remove the item from a sales company (it is then not set up there)',
        params: ItemSalesCompanyParams,
        response: { 200: ItemView },
      },
    },
    (request) =>
      items.removeFromSalesCompany(
        baseContext(request),
        request.params.salesItemNumber,
        request.params.salesCompanyId,
      ),
  );

  app.put(
    '/erp/items/:salesItemNumber/supply',
    {
      schema: {
        tags,
        summary: "Change the item's stock, lead time (days) or successor; the shop follows (`item.changed`)",
        params: ItemParams,
        body: SetItemSupplyRequest,
        response: { 200: ItemView },
      },
    },
    (request) => items.setSupply(baseContext(request), request.params.salesItemNumber, request.body),
  );
}
