import { fileURLToPath } from 'node:url';
import {
  createService,
  type DatabaseHandle,
  type QueueDefinition,
  type Seeder,
  type ServiceApp,
  seedOnce,
  whenBound,
} from '@actuate/service-kit';
import type { FastifyServerOptions } from 'fastify';
import { BackofficeClient } from './clients/backoffice-client.ts';
import { PaymentGatewayClient } from './clients/payment-gateway-client.ts';
import { PlatformClient } from './clients/platform-client.ts';
import { PriceClient } from './clients/price-client.ts';
import type { Config } from './config.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import {
  ADDRESS_SYNC_QUEUE,
  ADDRESS_VALIDITY_QUEUE,
  type AddressSyncJob,
  AddressSyncService,
  type AddressValidityJob,
} from './modules/addresses/service.ts';
import { checkoutIntegrationRoutes } from './modules/checkout-integration/routes.ts';
import { CheckoutIntegrationService } from './modules/checkout-integration/service.ts';
import {
  CONTACT_SYNC_QUEUE,
  ContactSync,
  type ContactSyncJob,
  contactSyncRoutes,
} from './modules/crm/contact-sync.ts';
import {
  COMPANY_SYNC_QUEUE,
  type CompanySyncJob,
  CURRENCY_SCHEDULES_QUEUE,
  type CurrencySchedulesJob,
  REGISTRATION_QUEUE,
  type RegistrationJob,
} from './modules/crm/registration-model.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import { CrmService } from './modules/crm/service.ts';
import { erpRoutes } from './modules/erp/routes.ts';
import {
  ERP_CANCELLATION_QUEUE,
  ERP_SUBMISSION_QUEUE,
  type ErpCancellationJob,
  ErpService,
  type ErpSubmissionJob,
  PLATFORM_SHIPMENT_QUEUE,
  type PlatformShipmentJob,
} from './modules/erp/service.ts';
import { exportRoutes } from './modules/exports/routes.ts';
import { OrderExportService } from './modules/exports/service.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { InvoiceService } from './modules/invoices/service.ts';
import { ITEM_SYNC_QUEUE, type ItemSyncJob, ItemSyncService } from './modules/items/service.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { PasswordResetMails } from './modules/mail/password-reset.ts';
import { mailAdminRoutes, mailRoutes } from './modules/mail/routes.ts';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailJob, MailService } from './modules/mail/service.ts';
import { enqueueDueReminders, SUBSCRIPTION_REMINDER_QUEUE } from './modules/mail/subscription-mails.ts';
import { orderEventRoutes } from './modules/order-events/routes.ts';
import { OrderEventsService } from './modules/order-events/service.ts';
import { orderListRoutes } from './modules/order-lists/routes.ts';
import { OrderListService } from './modules/order-lists/service.ts';
import {
  captureForShipment,
  PAYMENT_MODIFICATION_QUEUE,
  type PaymentModificationJob,
  releaseAfterShipments,
} from './modules/payments/modifications.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import {
  PAYMENT_ORDER_STATE_QUEUE,
  PAYMENT_SYNC_QUEUE,
  type PaymentOrderStateJob,
  PaymentService,
  type PaymentSyncJob,
} from './modules/payments/service.ts';
import { policyRoutes } from './modules/policies/routes.ts';
import { preSubmitRoutes } from './modules/pre-submit/routes.ts';
import { PreSubmitService } from './modules/pre-submit/service.ts';
import { QuickOrderAdder } from './modules/quick-order/add.ts';
import { CartWriter } from './modules/quick-order/cart-writer.ts';
import { QuickOrderCatalogue } from './modules/quick-order/catalogue.ts';
import { quickOrderRoutes } from './modules/quick-order/routes.ts';
import { QuickOrderChecker } from './modules/quick-order/service.ts';
import { quoteRoutes } from './modules/quotes/routes.ts';
import { QuoteService } from './modules/quotes/service.ts';
import { subscriptionAdminRoutes, subscriptionHookRoutes } from './modules/subscriptions/routes.ts';
import { SubscriptionService } from './modules/subscriptions/service.ts';
import { CustomerDirectory } from './shared/customers.ts';
import { registerOcSignedRoutes } from './shared/oc-signed.ts';

export const DEMO_SEED_KEY = 'demo-world-v1';
export const APP_NAME = 'middleware';
/** Each module adds the seeder that loads its part of the demo world (`@actuate/catalog-data`). */
const demoSeeders: Seeder[] = [];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the middleware on its database: migrations applied, demo data seeded when asked. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  // The job handler needs the ERP service, which needs the running app: bound once both exist.
  let erp: ErpService | undefined;
  const erpQueue: QueueDefinition<ErpSubmissionJob> = {
    name: ERP_SUBMISSION_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => erp, 'ERP service')).handleJob(job.data);
    },
  };
  const shipmentQueue: QueueDefinition<PlatformShipmentJob> = {
    name: PLATFORM_SHIPMENT_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => erp, 'ERP service')).createPlatformShipment(job.data);
    },
  };
  const cancellationQueue: QueueDefinition<ErpCancellationJob> = {
    name: ERP_CANCELLATION_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => erp, 'ERP service')).cancelInErp(job.data);
    },
  };
  let payments: PaymentService | undefined;
  const paymentQueue: QueueDefinition<PaymentSyncJob> = {
    name: PAYMENT_SYNC_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => payments, 'payment service')).syncToPlatform(job.data);
    },
  };
  const orderStateQueue: QueueDefinition<PaymentOrderStateJob> = {
    name: PAYMENT_ORDER_STATE_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => payments, 'payment service')).copyStateToOrder(job.data);
    },
  };
  const modificationQueue: QueueDefinition<PaymentModificationJob> = {
    name: PAYMENT_MODIFICATION_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => payments, 'payment service')).modify(job.data);
    },
  };
  let crm: CrmService | undefined;
  const registrationQueue: QueueDefinition<RegistrationJob> = {
    name: REGISTRATION_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => crm, 'CRM service')).handleRegistrationJob(job.data);
    },
  };
  const companySyncQueue: QueueDefinition<CompanySyncJob> = {
    name: COMPANY_SYNC_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => crm, 'CRM service')).syncCompany(job.data.erpId);
    },
  };
  const currencySchedulesQueue: QueueDefinition<CurrencySchedulesJob> = {
    name: CURRENCY_SCHEDULES_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => crm, 'CRM service')).assignCurrencySchedules(job.data);
    },
  };
  let mail: MailService | undefined;
  const mailQueue: QueueDefinition<MailJob> = {
    name: MAIL_QUEUE,
    options: MAIL_QUEUE_OPTIONS,
    handle: async (job) => {
      await (await whenBound(() => mail, 'mail service')).handleJob(job.data);
    },
  };
  // No retries: the next scheduled look finds whatever is still due (reminders go once per date).
  const reminderQueue: QueueDefinition = {
    name: SUBSCRIPTION_REMINDER_QUEUE,
    options: { retryLimit: 0, deleteAfterSeconds: 24 * 3600 },
    batchSize: 1,
    handle: async () => enqueueDueReminders(await whenBound(() => mail, 'mail service'), jobQueue),
  };
  let itemSync: ItemSyncService | undefined;
  const itemSyncQueue: QueueDefinition<ItemSyncJob> = {
    name: ITEM_SYNC_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => itemSync, 'item sync')).syncItem(job.data.salesItemNumber);
    },
  };
  let addressSync: AddressSyncService | undefined;
  const addressSyncQueue: QueueDefinition<AddressSyncJob> = {
    name: ADDRESS_SYNC_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => addressSync, 'address sync')).syncAddress(job.data);
    },
  };
  const addressValidityQueue: QueueDefinition<AddressValidityJob> = {
    name: ADDRESS_VALIDITY_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => addressSync, 'address sync')).syncValidity(job.data);
    },
  };
  let contactSync: ContactSync | undefined;
  const contactSyncQueue: QueueDefinition<ContactSyncJob> = {
    name: CONTACT_SYNC_QUEUE,
    handle: async (job) => {
      await (await whenBound(() => contactSync, 'contact sync')).syncContact(job.data);
    },
  };
  const { app, database, jobs } = await createService({
    name: APP_NAME,
    description:
      'Integration service: OrderCloud checkout integration, pre-submit webhook, payments, ERP and CRM synchronisation.',
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    queues: [
      erpQueue as QueueDefinition<never>,
      shipmentQueue as QueueDefinition<never>,
      cancellationQueue as QueueDefinition<never>,
      paymentQueue as QueueDefinition<never>,
      orderStateQueue as QueueDefinition<never>,
      modificationQueue as QueueDefinition<never>,
      registrationQueue as QueueDefinition<never>,
      companySyncQueue as QueueDefinition<never>,
      currencySchedulesQueue as QueueDefinition<never>,
      mailQueue as QueueDefinition<never>,
      reminderQueue as QueueDefinition<never>,
      itemSyncQueue as QueueDefinition<never>,
      addressSyncQueue as QueueDefinition<never>,
      addressValidityQueue as QueueDefinition<never>,
      contactSyncQueue as QueueDefinition<never>,
    ],
    jobPollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
    tags: [
      {
        name: 'checkout-integration',
        description: 'OrderCloud checkout integration (signed with X-oc-hash)',
      },
      { name: 'pre-submit', description: 'Pre-submit webhook (signed with X-oc-hash)' },
      {
        name: 'order-events',
        description:
          'Post-hook webhook of orders cancelled or declined on the platform (signed with X-oc-hash)',
      },
      { name: 'payments', description: 'Gateway payment sessions and webhooks' },
      { name: 'invoices', description: 'The ERP’s invoices for the buyer, as JSON and as PDF (read-only)' },
      {
        name: 'quick-order',
        description:
          'Many lines checked against the buyer’s catalogue, item states and quantity rules, and added to the cart',
      },
      {
        name: 'order-lists',
        description:
          'Named order lists a buyer keeps, private or shared with their company, and added to the cart',
      },
      {
        name: 'quotes',
        description:
          'Quotes: the buyer’s requests from the cart, the sales desk’s prices, accept and decline',
      },
      { name: 'exports', description: 'The buyer’s cart or order as CSV and PDF' },
      { name: 'erp', description: 'ERP submission, re-submission and the ERP’s status callbacks' },
      {
        name: 'subscriptions',
        description: 'The platform’s subscription integration (signed with X-oc-hash)',
      },
      {
        name: 'addresses',
        description: 'Shop addresses sent to the ERP, and the ERP’s validity back (signed with X-oc-hash)',
      },
      { name: 'crm', description: 'Registrations and the company extension kept in sync with the CRM/ERP' },
      {
        name: 'mail',
        description:
          'The platform’s ForgottenPassword message (signed with X-oc-hash); the operator’s run of the subscription reminders',
      },
    ],
  });
  const timeoutMs = config.OUTGOING_TIMEOUT_MS;
  const platform = new PlatformClient({
    baseUrl: trimSlash(config.PLATFORM_URL),
    clientId: config.PLATFORM_CLIENT_ID,
    clientSecret: config.PLATFORM_CLIENT_SECRET,
    timeoutMs,
  });
  const customers = new CustomerDirectory(platform);
  const prices = new PriceClient({
    baseUrl: trimSlash(config.PRICE_SERVICE_URL),
    apiKey: config.PRICE_SERVICE_API_KEY,
    timeoutMs,
  });
  const quotes = new QuoteService(database.db, platform);
  const checkout = new CheckoutIntegrationService(database.db, customers, prices, quotes);
  const preSubmit = new PreSubmitService(platform, customers, {
    terms: config.CURRENT_TERMS_VERSION,
    privacy: config.CURRENT_PRIVACY_VERSION,
  });
  const jobQueue = () => {
    if (!jobs) throw new Error('job queue not started');
    return jobs;
  };
  const paymentService = new PaymentService(
    database.db,
    platform,
    new PaymentGatewayClient({
      baseUrl: trimSlash(config.PAYMENT_GATEWAY_URL),
      apiKey: config.PAYMENT_API_KEY,
      timeoutMs,
    }),
    {
      publicUrl: trimSlash(config.PAYMENT_GATEWAY_PUBLIC_URL),
      clientKey: config.PAYMENT_CLIENT_KEY,
      merchantAccount: config.PAYMENT_MERCHANT_ACCOUNT,
      hmacKeyHex: config.PAYMENT_WEBHOOK_HMAC_KEY,
    },
    jobQueue,
    app.log,
  );
  payments = paymentService;
  // A gateway payment passes when authorised for the amount, or held as pending by the gateway
  // (a bank transfer, a received direct debit): the order is then placed with its payment pending.
  preSubmit.useCardAuthorisationCheck(async (order, payment) => {
    const currency = order.Currency;
    const amount = payment.Amount ?? order.Total;
    if (!order.ID || !currency || amount === undefined || amount === null || amount <= 0) return false;
    const state = await paymentService.paymentState(order.ID, currency, amount);
    return state === 'Authorised' || state === 'Pending';
  });
  preSubmit.useQuoteCheck((order) => quotes.usableBy(order, new Date()));
  checkout.onEvent((tx, event) => quotes.onCheckoutEvent(tx, event));

  const backofficeClient = new BackofficeClient({
    baseUrl: trimSlash(config.BACKOFFICE_URL),
    apiKey: config.BACKOFFICE_API_KEY,
    timeoutMs,
  });
  erp = new ErpService(database.db, jobQueue, checkout, customers, platform, backofficeClient, app.log);
  const erpService = erp;
  checkout.onEvent((tx, event) => erpService.onCheckoutEvent(tx, event));
  checkout.onEvent((tx, event) => paymentService.onCheckoutEvent(tx, event));
  erpService.onStatusChange(async (tx, orderId, change) => {
    const { status, shipment, earlierShipments } = change;
    if (status === 'Shipped' && change.completedShort && !shipment) {
      // The snapshot's shipments: every one the ERP made, whether or not its callback arrived here.
      const shipped = change.salesOrderShipments ?? earlierShipments;
      await paymentService.enqueueModification(tx, releaseAfterShipments(orderId, shipped));
    } else if (status === 'PartlyShipped' || status === 'Shipped') {
      // Each shipment captures what it ships; a status without its shipment captures everything.
      await paymentService.enqueueModification(
        tx,
        shipment
          ? captureForShipment(orderId, shipment, earlierShipments, status === 'Shipped')
          : { orderId, action: 'capture' },
      );
    } else if (status === 'Cancelled') {
      // Once per order (also asked by the platform's cancel); the platform order is left as it is,
      // so the ERP's Cancelled never bounces back into another cancel.
      await paymentService.enqueueModification(tx, { orderId, action: 'cancel' });
    }
  });

  crm = new CrmService(
    database.db,
    jobQueue,
    platform,
    backofficeClient,
    {
      termsVersion: config.CURRENT_TERMS_VERSION,
      privacyVersion: config.CURRENT_PRIVACY_VERSION,
      catalogId: config.REGISTRATION_CATALOG_ID,
      maxChecks: 12,
      checkDelaySeconds: config.REGISTRATION_CHECK_DELAY_SECONDS,
    },
    app.log,
  );
  const crmService = crm;
  erpService.onCallback((tx, body) => crmService.onCallback(tx, body));
  const items = new ItemSyncService(jobQueue, platform, backofficeClient, app.log);
  itemSync = items;
  erpService.onCallback((tx, body) => items.onCallback(tx, body));
  const addresses = new AddressSyncService(
    database.db,
    jobQueue,
    platform,
    backofficeClient,
    erpService,
    app.log,
  );
  addressSync = addresses;
  const contacts = new ContactSync(database.db, jobQueue, platform, backofficeClient, app.log);
  contactSync = contacts;
  erpService.onCallback((tx, body) => addresses.onCallback(tx, body));
  erpService.onAwaitingAddress((tx, address) => addresses.enqueue(tx, address));

  const storefrontUrl = trimSlash(config.STOREFRONT_URL);
  const mailService = new MailService(
    database.db,
    jobQueue,
    new Mailer({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.MAIL_FROM,
      timeoutMs,
    }),
    platform,
    checkout,
    storefrontUrl,
    app.log,
  );
  mail = mailService;
  checkout.onEvent((tx, event) => mailService.onCheckoutEvent(tx, event));
  erpService.onStatusChange((tx, orderId, change) => mailService.onOrderStatus(tx, orderId, change));
  erpService.onCallback((tx, body) => mailService.onErpCallback(tx, body));
  crmService.onRegistration((executor, id, event) => mailService.onRegistration(executor, id, event));
  quotes.onMail((executor, quote, event) =>
    mailService.onQuote(executor, {
      event,
      quoteId: quote.id,
      companyId: quote.companyId,
      userId: quote.userId,
      buyerName: quote.buyerName,
      validUntil: quote.validUntil,
      salesDesk: config.SALES_DESK_EMAIL,
    }),
  );

  const orderEvents = new OrderEventsService(database.db, paymentService, erpService, mailService);

  const keys = { operator: config.MIDDLEWARE_ADMIN_KEY, storefront: config.MIDDLEWARE_STOREFRONT_KEY };
  paymentRoutes(app, paymentService, keys);
  invoiceRoutes(app, new InvoiceService(platform, backofficeClient), keys);
  exportRoutes(app, new OrderExportService(platform), keys);
  quoteRoutes(app, quotes, keys);
  const quickOrderCatalogue = new QuickOrderCatalogue(platform);
  const cartWriter = new CartWriter(platform);
  const quickOrderChecker = new QuickOrderChecker(platform, quickOrderCatalogue);
  quickOrderRoutes(
    app,
    quickOrderChecker,
    new QuickOrderAdder(database.db, quickOrderChecker, cartWriter),
    keys,
  );
  orderListRoutes(app, new OrderListService(database.db, platform, quickOrderCatalogue, cartWriter), keys);
  await crmRoutes(app, crmService, {
    keys,
    registrationsPerMinute: config.REGISTRATIONS_PER_MINUTE,
  });
  policyRoutes(
    app,
    { termsVersion: config.CURRENT_TERMS_VERSION, privacyVersion: config.CURRENT_PRIVACY_VERSION },
    keys,
  );
  await erpRoutes(app, erpService, platform, {
    keys,
    callbackSecret: config.ERP_CALLBACK_SECRET,
  });
  await registerOcSignedRoutes(app, config.CHECKOUT_INTEGRATION_HASH_KEY, (scope) => {
    checkoutIntegrationRoutes(scope, checkout);
    preSubmitRoutes(scope, preSubmit);
    orderEventRoutes(scope, orderEvents);
    addressRoutes(scope, addresses);
    contactSyncRoutes(scope, contacts);
    mailRoutes(scope, new PasswordResetMails(mailService, storefrontUrl));
  });
  const subscriptions = new SubscriptionService(database.db, platform);
  subscriptions.onOrderFailed((executor, failure) =>
    mailService.onSubscriptionOrderFailed(executor, failure),
  );
  subscriptionAdminRoutes(app, subscriptions, config.MIDDLEWARE_ADMIN_KEY);
  mailAdminRoutes(app, () => enqueueDueReminders(mailService, jobQueue), config.MIDDLEWARE_ADMIN_KEY);
  const reminderMinutes = config.SUBSCRIPTION_REMINDER_INTERVAL_MINUTES;
  if (jobs && reminderMinutes > 0) {
    await jobs.boss.schedule(
      SUBSCRIPTION_REMINDER_QUEUE,
      reminderMinutes === 1 ? '* * * * *' : `*/${reminderMinutes} * * * *`,
    );
  }
  await registerOcSignedRoutes(
    app,
    config.SUBSCRIPTION_INTEGRATION_HASH_KEY ?? config.CHECKOUT_INTEGRATION_HASH_KEY,
    (scope) => subscriptionHookRoutes(scope, subscriptions),
  );
  if (config.SEED_DEMO_DATA) await seedOnce(database.db, DEMO_SEED_KEY, demoSeeders, app.log);
  return app;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
