import type { ServiceApp } from '@actuate/service-kit';
import { crudRoutes } from '../../shared/crud.ts';
import type { IncrementorsService } from './service.ts';

/** `/v1/incrementors`: the marketplace's ID counters (admin users only; buyer users are confined elsewhere). */
export function incrementorRoutes(app: ServiceApp, incrementors: IncrementorsService): void {
  crudRoutes(app, incrementors.store, {
    path: '/v1/incrementors',
    idParam: 'incrementorID',
    readRoles: ['IncrementorAdmin', 'IncrementorReader'],
    writeRoles: ['IncrementorAdmin'],
    tags: ['incrementors'],
  });
}
