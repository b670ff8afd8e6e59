import type { ServiceApp } from '@actuate/service-kit';
import { crudRoutes } from '../../shared/crud.ts';
import type { IntegrationsService } from './service.ts';

export function integrationRoutes(app: ServiceApp, integrations: IntegrationsService): void {
  crudRoutes(app, integrations.events, {
    path: '/v1/integrationEvents',
    idParam: 'integrationEventID',
    readRoles: ['IntegrationEventAdmin', 'IntegrationEventReader'],
    writeRoles: ['IntegrationEventAdmin'],
    tags: ['integrations'],
  });
  crudRoutes(app, integrations.webhooks, {
    path: '/v1/webhooks',
    idParam: 'webhookID',
    readRoles: ['WebhookAdmin', 'WebhookReader'],
    writeRoles: ['WebhookAdmin'],
    tags: ['integrations'],
  });
}
