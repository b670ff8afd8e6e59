import { fileURLToPath } from 'node:url';
import { createService, type DatabaseHandle, type ServiceApp } from '@actuate/service-kit';
import formBody from '@fastify/formbody';
import type { FastifyServerOptions } from 'fastify';
import {
  type Config,
  DEMO_ALLOWED_ORIGINS,
  DEMO_API_KEY,
  DEMO_CLIENT_KEY,
  sandboxPagesOn,
} from './config.ts';
import { barcodeRoutes } from './modules/client-api/barcode.ts';
import { componentImageRoutes } from './modules/client-api/component-images.ts';
import { registerDatasetRoutes } from './modules/client-api/dataset-routes.ts';
import { logoRoutes } from './modules/client-api/logos.ts';
import { clientApiRoutes } from './modules/client-api/routes.ts';
import { loadGatewayKeys } from './modules/crypto/service.ts';
import { dashboardAnalyticsRoutes } from './modules/dashboard/analytics-pages.ts';
import { dashboardKeyRoutes } from './modules/dashboard/key-pages.ts';
import { dashboardPaymentRoutes } from './modules/dashboard/payment-pages.ts';
import { DashboardPaymentsService } from './modules/dashboard/payments-service.ts';
import { provisionDashboardUser, refusedDashboardPasswords } from './modules/dashboard/provision.ts';
import { registerDashboard } from './modules/dashboard/routes.ts';
import { DashboardAuthService } from './modules/dashboard/service.ts';
import { dashboardWebhookRoutes } from './modules/dashboard/webhook-pages.ts';
import { donationPageRoutes } from './modules/donations/pages.ts';
import { donationMerchantRoutes, donationSessionRoutes } from './modules/donations/routes.ts';
import { DonationService } from './modules/donations/service.ts';
import { IdempotencyService } from './modules/idempotency/service.ts';
import { KeyManagementService } from './modules/merchants/key-management.ts';
import { MerchantService } from './modules/merchants/service.ts';
import { modificationRoutes } from './modules/modifications/routes.ts';
import { ModificationService } from './modules/modifications/service.ts';
import { OrderClosing } from './modules/orders/closing.ts';
import { orderExpiryScheduler, startOrderExpiryWorker } from './modules/orders/expiry.ts';
import { orderClientRoutes, orderMerchantRoutes } from './modules/orders/routes.ts';
import { OrderService } from './modules/orders/service.ts';
import { AchFamily } from './modules/payments/methods/ach/family.ts';
import { AmazonPayFamily } from './modules/payments/methods/amazonpay/family.ts';
import { ApplePayFamily } from './modules/payments/methods/applepay/family.ts';
import { applePaySessionRoutes } from './modules/payments/methods/applepay/routes.ts';
import { BacsDirectDebitFamily } from './modules/payments/methods/bacs/family.ts';
import { bacsMandateRoutes } from './modules/payments/methods/bacs/routes.ts';
import { BankTransferFamily } from './modules/payments/methods/bank-transfer/family.ts';
import { CardFamily } from './modules/payments/methods/card/family.ts';
import { CashAppFamily } from './modules/payments/methods/cashapp/family.ts';
import { DirectDebitChargebacks } from './modules/payments/methods/direct-debit/chargeback.ts';
import { directDebitRoutes } from './modules/payments/methods/direct-debit/routes.ts';
import { GiftCardBalanceService } from './modules/payments/methods/gift-card/balance.ts';
import { GiftCardFamily } from './modules/payments/methods/gift-card/family.ts';
import { giftCardRoutes } from './modules/payments/methods/gift-card/routes.ts';
import { GooglePayFamily } from './modules/payments/methods/googlepay/family.ts';
import { OpenInvoiceFamily } from './modules/payments/methods/open-invoice/family.ts';
import { PayPalFamily } from './modules/payments/methods/paypal/family.ts';
import { QrAwaitFamily } from './modules/payments/methods/qr-await/family.ts';
import { RedirectFamily } from './modules/payments/methods/redirect/family.ts';
import { PaymentMethodRegistry } from './modules/payments/methods/registry.ts';
import { SepaDirectDebitFamily } from './modules/payments/methods/sepa/family.ts';
import { VoucherFamily } from './modules/payments/methods/voucher/family.ts';
import { voucherRoutes } from './modules/payments/methods/voucher/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { PaymentService } from './modules/payments/service.ts';
import { startStepExpiryWorker, stepExpiryScheduler } from './modules/payments/step-expiry.ts';
import { analyticsRoutes } from './modules/risk/analytics-routes.ts';
import { AnalyticsService } from './modules/risk/analytics-service.ts';
import { riskPageRoutes } from './modules/risk/page.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { sdkAssetRoutes } from './modules/sdk-assets/routes.ts';
import { readWidgetTranslations, translationRoutes } from './modules/sdk-assets/translations-route.ts';
import { lazyOnce, loadWidgetRelease } from './modules/sdk-assets/widget-release.ts';
import { AmazonPaySimulator } from './modules/sdk-simulators/amazonpay/index.ts';
import { applePaySimulatorRoutes } from './modules/sdk-simulators/applepay/routes.ts';
import { cashAppSimulatorRoutes } from './modules/sdk-simulators/cashapp/routes.ts';
import { SDK_SIMULATORS } from './modules/sdk-simulators/catalogue.ts';
import { clickToPaySimulatorRoutes } from './modules/sdk-simulators/clicktopay/routes.ts';
import { googlePaySimulatorRoutes } from './modules/sdk-simulators/googlepay/routes.ts';
import { klarnaSimulatorRoutes } from './modules/sdk-simulators/klarna/routes.ts';
import { SandboxPayPalOrders } from './modules/sdk-simulators/paypal/orders.ts';
import { paypalSimulatorRoutes } from './modules/sdk-simulators/paypal/routes.ts';
import { sdkSimulatorRoutes } from './modules/sdk-simulators/routes.ts';
import { bundleFrameScripts } from './modules/secured-fields/bundle.ts';
import { securedFieldRoutes } from './modules/secured-fields/routes.ts';
import {
  sessionBalanceRoutes,
  sessionClientRoutes,
  sessionMerchantRoutes,
} from './modules/sessions/routes.ts';
import { SessionService } from './modules/sessions/service.ts';
import { shopperStepRoutes } from './modules/shopper-steps/routes.ts';
import { ShopperStepService } from './modules/shopper-steps/service.ts';
import { threeDsRoutes } from './modules/threeds2/routes.ts';
import { ThreeDsService } from './modules/threeds2/service.ts';
import { loadTlsMaterial } from './modules/tls/certificate.ts';
import { serveHttpsAlongside } from './modules/tls/listener.ts';
import { VaultService } from './modules/vault/service.ts';
import { DeliveryLogService } from './modules/webhooks/delivery-log.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { startWebhookWorker, WebhookService } from './modules/webhooks/service.ts';
import { adyenErrorFormat } from './shared/errors.ts';
import { registerClientApi, registerMerchantApi } from './shared/http.ts';

export const APP_NAME = 'payment-gateway';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

export interface BuildOptions {
  /** An already open database (tests); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the payment gateway: merchant API (`/v68`…`/v72`, API key), client API (client key +
 * origin), secured-field frames, 3DS2 ACS simulator pages, webhook delivery jobs and the sandbox
 * page. Request bodies are never logged: only method, URL and status (the kit's defaults).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<ServiceApp> {
  const { app, database, jobs } = await createService({
    name: APP_NAME,
    description:
      'Sandbox payment service provider with an Adyen-Checkout-compatible API: sessions, cards, 3-D Secure 2, webhooks.',
    migrationsFolder: MIGRATIONS_FOLDER,
    database: options.database ?? { url: config.DATABASE_URL, dataDir: config.DATA_DIR },
    errorFormat: adyenErrorFormat,
    // The kit's pino logger (secrets redacted) logs method, URL and status only: never a body.
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    // Starts the job runner; the webhook worker registers below, once its service exists.
    queues: [],
    jobPollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
    tags: [
      { name: 'merchant', description: 'Merchant API (X-API-Key), under /v68 … /v72' },
      { name: 'client', description: 'Client API for shoppers’ browsers (client key bound to origins)' },
      { name: '3ds2', description: '3-D Secure 2 ACS simulator pages' },
      { name: 'sandbox', description: 'Sandbox pages' },
    ],
  });
  const db = database.db;
  const ownOrigin = new URL(config.PUBLIC_URL).origin;

  const merchants = new MerchantService(db);
  await merchants.provision({
    account: config.PAYMENT_MERCHANT_ACCOUNT,
    apiKey: config.PAYMENT_API_KEY,
    clientKey: config.PAYMENT_CLIENT_KEY,
    allowedOrigins: [
      ...new Set([
        ...DEMO_ALLOWED_ORIGINS,
        ownOrigin,
        ...config.PAYMENT_ALLOWED_ORIGINS.map((url) => new URL(url).origin),
      ]),
    ],
    webhookUrl: config.PAYMENT_WEBHOOK_URL,
    hmacKeyHex: config.PAYMENT_WEBHOOK_HMAC_KEY,
    ...(config.NODE_ENV === 'production'
      ? { revoke: { apiKeys: [DEMO_API_KEY], clientKeys: [DEMO_CLIENT_KEY] } }
      : {}),
  });
  const dashboardAuth = new DashboardAuthService(db, refusedDashboardPasswords(config));
  await provisionDashboardUser(dashboardAuth, config);
  const keys = await loadGatewayKeys(db, {
    privateJwk: config.GATEWAY_PRIVATE_JWK,
    vaultKey: config.VAULT_KEY,
  });
  if (config.HTTPS_ENABLED) {
    const tlsSettings = {
      certFile: config.TLS_CERT_FILE,
      keyFile: config.TLS_KEY_FILE,
      hostNames: [new URL(config.PUBLIC_URL).hostname],
    };
    serveHttpsAlongside(app, () => loadTlsMaterial(db, tlsSettings), {
      port: config.HTTPS_PORT,
      host: config.HOST,
    });
  }
  const jobRunner = requireService(jobs);
  const webhooks = new WebhookService(db, () => jobRunner, app.log, config.WEBHOOK_RETRY_LIMIT);
  await startWebhookWorker(jobRunner, webhooks, {
    retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
    retryLimit: config.WEBHOOK_RETRY_LIMIT,
    pollingIntervalSeconds: config.JOB_POLLING_INTERVAL_SECONDS,
  });
  const idempotency = new IdempotencyService(db);
  const threeDs = new ThreeDsService(db, config.PUBLIC_URL);
  const vault = new VaultService(db, keys);
  const amazonPay = new AmazonPaySimulator(db, keys.tokenKey, config.PUBLIC_URL);
  const methods = new PaymentMethodRegistry([
    new CardFamily(keys, vault, config.CLICK_TO_PAY_ENABLED),
    new SepaDirectDebitFamily(),
    new RedirectFamily(),
    new BacsDirectDebitFamily(keys.tokenKey, config.PUBLIC_URL),
    new BankTransferFamily(),
    new OpenInvoiceFamily(),
    new AchFamily(keys, vault),
    new VoucherFamily(keys.tokenKey, config.PUBLIC_URL),
    new QrAwaitFamily(vault),
    new GiftCardFamily(keys),
    new GooglePayFamily(keys.tokenKey),
    new ApplePayFamily(keys.tokenKey, db),
    new PayPalFamily(vault),
    new CashAppFamily(keys.tokenKey, vault),
    new AmazonPayFamily(amazonPay.sessions),
  ]);
  const payments = new PaymentService(db, keys, methods, threeDs, vault, webhooks, config.PUBLIC_URL);
  const modifications = new ModificationService(db, payments, webhooks, methods);
  payments.onAuthorised((tx, merchant, payment, now) => modifications.captureNow(tx, merchant, payment, now));
  payments.useVelocityRule({
    maxCardsPerDevice: config.RISK_MAX_CARDS_PER_DEVICE,
    windowSeconds: config.RISK_VELOCITY_WINDOW_SECONDS,
  });
  payments.scheduleExpiriesWith(stepExpiryScheduler(() => jobRunner));
  await startStepExpiryWorker(jobRunner, { payments, merchants }, config.JOB_POLLING_INTERVAL_SECONDS);
  const giftCardBalances = new GiftCardBalanceService(keys);
  const orderClosing = new OrderClosing(db, webhooks, (tx, merchant, pspReference, now) =>
    modifications.rollBack(tx, merchant, pspReference, now),
  );
  const orders = new OrderService(db, keys, webhooks, orderClosing);
  payments.useOrders(orders);
  orders.scheduleExpiriesWith(orderExpiryScheduler(() => jobRunner));
  await startOrderExpiryWorker(
    jobRunner,
    { closing: orderClosing, merchants, db },
    config.JOB_POLLING_INTERVAL_SECONDS,
  );
  const sessions = new SessionService(db, keys, payments, orders);
  const donations = new DonationService(db, keys, payments, sessions, webhooks, config.PUBLIC_URL);
  payments.addToResponses((payment) => donations.tokenFor(payment));
  const analytics = new AnalyticsService(db, config.ANALYTICS_RETENTION_DAYS);
  const frameScripts = await bundleFrameScripts();

  await app.register(formBody);
  await registerMerchantApi(app, merchants, (scope) => {
    sessionMerchantRoutes(scope, { sessions, merchants, idempotency });
    paymentRoutes(scope, { payments, merchants, idempotency });
    giftCardRoutes(scope, { balances: giftCardBalances, merchants, idempotency });
    orderMerchantRoutes(scope, { orders, merchants, idempotency });
    modificationRoutes(scope, { modifications, merchants, idempotency });
    donationMerchantRoutes(scope, { donations, merchants, idempotency });
    webhookRoutes(scope, { webhooks });
    if (sandboxPagesOn(config))
      directDebitRoutes(scope, {
        chargebacks: new DirectDebitChargebacks(db, webhooks),
        merchants,
        idempotency,
      });
  });
  await registerDatasetRoutes(app);
  await registerClientApi(app, { merchants, ownOrigin }, (scope) => {
    sessionClientRoutes(scope, { sessions });
    sessionBalanceRoutes(scope, { sessions, balances: giftCardBalances });
    donationSessionRoutes(scope, { donations });
    clientApiRoutes(scope, { keys, payments });
    analyticsRoutes(scope, { analytics });
    orderClientRoutes(scope, { orders });
    googlePaySimulatorRoutes(scope, { tokenKey: keys.tokenKey });
    applePaySessionRoutes(scope, { tokenKey: keys.tokenKey, merchants, ownOrigin });
    amazonPay.clientApiRoutes(scope);
  });
  barcodeRoutes(app);
  logoRoutes(app);
  componentImageRoutes(app);
  translationRoutes(app, lazyOnce(readWidgetTranslations));
  donationPageRoutes(app);
  securedFieldRoutes(app, { merchants, keys, frameScripts, ownOrigin });
  riskPageRoutes(app, { merchants, ownOrigin });
  threeDsRoutes(app, { threeDs, publicUrl: config.PUBLIC_URL });
  // Read (or, without a package build, bundled) on first use, so start-up does not wait for it.
  const widget = lazyOnce(() => loadWidgetRelease());
  sdkAssetRoutes(app, { widget });
  sdkSimulatorRoutes(app, SDK_SIMULATORS);
  applePaySimulatorRoutes(app, { tokenKey: keys.tokenKey });
  paypalSimulatorRoutes(
    app,
    new SandboxPayPalOrders({ db, tokenKey: keys.tokenKey, payments, merchants, vault }),
  );
  clickToPaySimulatorRoutes(app, { tokenKey: keys.tokenKey });
  await cashAppSimulatorRoutes(app, { tokenKey: keys.tokenKey });
  await klarnaSimulatorRoutes(app, { tokenKey: keys.tokenKey });
  await amazonPay.routes(app);
  sandboxRoutes(app, { sessions, payments, merchants, config, widget });
  await registerDashboard(
    app,
    {
      auth: dashboardAuth,
      publicOrigin: ownOrigin,
      loginAttemptsPerMinute: config.DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE,
    },
    (scope, shell) => {
      dashboardPaymentRoutes(scope, shell, {
        payments: new DashboardPaymentsService(db, { merchants, modifications, idempotency, methods }),
      });
      dashboardWebhookRoutes(scope, shell, { deliveryLog: new DeliveryLogService(db, webhooks) });
      dashboardKeyRoutes(scope, shell, { keys: new KeyManagementService(db, merchants) });
      dashboardAnalyticsRoutes(scope, shell, { analytics });
    },
  );
  bacsMandateRoutes(app, { db, tokenKey: keys.tokenKey });
  voucherRoutes(app, { db, tokenKey: keys.tokenKey });
  shopperStepRoutes(app, {
    payments,
    merchants,
    steps: new ShopperStepService(db, keys, config.PUBLIC_URL),
    pendingListMerchant: sandboxPagesOn(config) ? config.PAYMENT_MERCHANT_ACCOUNT : undefined,
  });
  return app;
}

function requireService<T>(service: T | undefined): T {
  if (!service) throw new Error('service used before the app was built');
  return service;
}
