import { fileURLToPath } from 'node:url';
import {
  createService,
  type DatabaseHandle,
  type Jobs,
  type ServiceApp,
  seedOnce,
} from '@actuate/service-kit';
import type { FastifyServerOptions } from 'fastify';
import { API_DESCRIPTION } from './api-walkthroughs.ts';
import type { Config } from './config.ts';
import { callbackRoutes } from './modules/callbacks/routes.ts';
import { CALLBACK_QUEUE, CallbackService, callbackQueue } from './modules/callbacks/service.ts';
import { CrmAccountAddresses } from './modules/crm/account-addresses.ts';
import { CrmAccountContacts } from './modules/crm/account-contacts.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import { CrmService, REGISTRATION_QUEUE, registrationQueue } from './modules/crm/service.ts';
import { DeliveryAddressService } from './modules/customers/delivery-addresses.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { CustomerService } from './modules/customers/service.ts';
import { CreditNoteService } from './modules/invoices/credit-notes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { InvoiceService } from './modules/invoices/service.ts';
import { itemRoutes } from './modules/items/routes.ts';
import { ItemService } from './modules/items/service.ts';
import { operationsRoutes } from './modules/operations/routes.ts';
import { OperationsService } from './modules/operations/service.ts';
import { progressionRoutes } from './modules/progression/routes.ts';
import { PROGRESSION_QUEUE, ProgressionService, progressionQueue } from './modules/progression/service.ts';
import { QuoteDeskClient } from './modules/sales-desk/middleware-client.ts';
import { salesDeskRoutes } from './modules/sales-desk/routes.ts';
import { salesOrderRoutes } from './modules/sales-orders/routes.ts';
import { SalesOrderService } from './modules/sales-orders/service.ts';
import { trackingRoutes } from './modules/sales-orders/tracking.ts';
import { type DemoWorld, demoSeeders } from './seed.ts';
import { registerApi } from './shared/http.ts';

export const DEMO_SEED_KEY = 'demo-world-v1';
export const APP_NAME = 'backoffice';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The demo world to seed (tests pass a smaller one); default `generateDemoWorld()`. */
  demoWorld?: () => DemoWorld;
}

interface Services {
  callbacks: CallbackService;
  crm: CrmService;
  progression: ProgressionService;
}

/** Builds the back office on its database: migrations applied, demo data seeded when asked, job workers running. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  let services: Services | undefined;
  const use = () => {
    if (!services) throw new Error('back office used before it was built');
    return services;
  };
  const callbackSettings = {
    url: config.ERP_CALLBACK_URL,
    secret: config.ERP_CALLBACK_SECRET,
    retryLimit: config.ERP_CALLBACK_RETRY_LIMIT,
    retryDelaySeconds: config.ERP_CALLBACK_RETRY_DELAY_SECONDS,
  };
  const { app, database, jobs } = await createService({
    name: APP_NAME,
    description: API_DESCRIPTION,
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    queues: [
      callbackQueue(() => use().callbacks, callbackSettings) as never,
      progressionQueue(() => use().progression) as never,
      registrationQueue(() => use().crm) as never,
    ],
    jobPollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
    tags: [
      { name: 'crm', description: 'CRM accounts, contacts and registrations' },
      {
        name: 'erp-customers',
        description: 'ERP sales companies, customers, contacts and delivery addresses',
      },
      {
        name: 'erp-items',
        description: 'ERP items and their lifecycle states per factory and sales company',
      },
      { name: 'erp-sales-orders', description: 'Sales order submission and reading' },
      {
        name: 'erp-progression',
        description: 'Steps of a sales order: confirm, ship, deliver, invoice, complete short, cancel',
      },
      {
        name: 'erp-invoices',
        description:
          'Invoices and credit notes the ERP issued, by customer, contact, order and date; issuing a credit note',
      },
      { name: 'callbacks', description: 'Callbacks to the middleware and their delivery log' },
      { name: 'operations-jobs', description: 'Background jobs whose retries ran out, and retrying them' },
      {
        name: 'sales-desk',
        description:
          'The sales desk’s web pages (HTML, signed in with the back-office key): quotes read and answered in the middleware',
      },
      { name: 'tracking', description: 'Public shipment tracking pages (the TrackingUrl of a shipment)' },
    ],
  });
  const db = database.db;
  const requireJobs = (): Jobs => {
    if (!jobs) throw new Error('job queue not started');
    return jobs;
  };

  const callbacks = new CallbackService(db, requireJobs, callbackSettings, app.log);
  const customers = new CustomerService(db, callbacks);
  const deliveryAddresses = new DeliveryAddressService(db, callbacks);
  const items = new ItemService(db, callbacks);
  let progression: ProgressionService | undefined;
  const salesOrders = new SalesOrderService(db, customers, items, callbacks, () => {
    if (!progression) throw new Error('progression used before it was built');
    return progression.scheduleNext;
  });
  progression = new ProgressionService(
    db,
    salesOrders,
    customers,
    requireJobs,
    {
      paceSeconds: config.ERP_PACE_SECONDS,
      leadTimeDays: config.ERP_LEAD_TIME_DAYS,
      publicUrl: config.PUBLIC_URL,
    },
    app.log,
  );
  const crm = new CrmService(
    db,
    customers,
    callbacks,
    requireJobs,
    { delaySeconds: config.CRM_REGISTRATION_DELAY_SECONDS },
    app.log,
  );
  const operations = new OperationsService(db, requireJobs, [
    CALLBACK_QUEUE,
    PROGRESSION_QUEUE,
    REGISTRATION_QUEUE,
  ]);
  services = { callbacks, crm, progression };

  await registerApi(app, config.BACKOFFICE_API_KEY, (scope) => {
    crmRoutes(scope, {
      crm,
      addresses: new CrmAccountAddresses(db),
      contacts: new CrmAccountContacts(db, customers),
    });
    customerRoutes(scope, { customers, deliveryAddresses });
    itemRoutes(scope, { items });
    salesOrderRoutes(scope, { salesOrders });
    progressionRoutes(scope, { progression: progression as ProgressionService });
    const invoices = new InvoiceService(db);
    invoiceRoutes(scope, { invoices, creditNotes: new CreditNoteService(db, invoices, callbacks) });
    callbackRoutes(scope, { callbacks });
    operationsRoutes(scope, { operations });
  });

  trackingRoutes(app, { salesOrders });
  salesDeskRoutes(app, {
    apiKey: config.BACKOFFICE_API_KEY,
    desk: new QuoteDeskClient({ baseUrl: config.MIDDLEWARE_URL, apiKey: config.MIDDLEWARE_API_KEY }),
  });

  if (config.SEED_DEMO_DATA) await seedOnce(db, DEMO_SEED_KEY, demoSeeders(options.demoWorld), app.log);
  return app;
}
