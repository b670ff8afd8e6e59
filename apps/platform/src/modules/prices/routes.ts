import type { ServiceApp } from '@actuate/service-kit';
import { crudRoutes } from '../../shared/crud.ts';
import type { PricesService } from './service.ts';

export function priceRoutes(app: ServiceApp, prices: PricesService): void {
  crudRoutes(app, prices.store, {
    path: '/v1/priceschedules',
    idParam: 'priceScheduleID',
    readRoles: ['PriceScheduleAdmin', 'PriceScheduleReader'],
    writeRoles: ['PriceScheduleAdmin'],
    tags: ['price schedules'],
  });
}
