/**
 * Integration-test world: the REAL platform, price service (and, when asked, payment gateway and
 * back office) started in-process on loopback ports, each on its own fresh test database, and the
 * middleware configured with their URLs. Nothing of ours is mocked.
 */
import type { AddressInfo } from 'node:net';
import { type Company, type DemoWorld, generateDemoWorld, type User } from '@actuate/catalog-data';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, freePort } from '@actuate/service-kit/testing';
import { startBackoffice } from '../../../../apps/backoffice/src/testing/index.ts';
import { buildApp } from '../../../../apps/middleware/src/app.ts';
import { readConfig } from '../../../../apps/middleware/src/config.ts';
import { startTestGateway, type TestGateway } from '../../../../apps/payment-gateway/src/testing/index.ts';
import { BUYER_BASE_PROFILE_ID } from '../../../../apps/platform/src/modules/auth/bootstrap.ts';
import {
  call,
  expectOk,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from '../../../../apps/platform/src/testing/harness.ts';
import { buildApp as buildPriceService } from '../../../../apps/price-service/src/app.ts';
import { readConfig as readPriceConfig } from '../../../../apps/price-service/src/config.ts';

export { HASH_KEY, signedPost } from '../../../../apps/middleware/src/testing/requests.ts';

export const DEMO_SALES_ITEMS = 100;

export interface Started {
  app: ServiceApp;
  url: string;
  close(): Promise<void>;
}

export async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function startPriceService(): Promise<Started> {
  const database = await createTestDatabase();
  const app = await buildPriceService(
    readPriceConfig({ SEED_DEMO_DATA: 'true', DEMO_SALES_ITEMS: String(DEMO_SALES_ITEMS) }),
    { database, logger: false },
  );
  const url = await listen(app);
  return {
    app,
    url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface World {
  demo: DemoWorld;
  platform: Platform;
  platformUrl: string;
  prices: Started;
  middleware: ServiceApp;
  /** The middleware's database (for tests that move a deadline). */
  database: DatabaseHandle;
  /** Where the middleware listens (set when a gateway or back office calls it back). */
  middlewareUrl: string | undefined;
  gateway: (TestGateway & { url: string }) | undefined;
  backoffice: Started | undefined;
  close(): Promise<void>;
}

export interface WorldOptions {
  env?: Record<string, string>;
  /** Start the payment gateway too, delivering its webhooks to the middleware. */
  gateway?: boolean;
  /** Start the back office (ERP) too, seeded, with its callbacks to the middleware (manual pace). */
  backoffice?: boolean;
  /** Settings of the back office (e.g. CRM_REGISTRATION_DELAY_SECONDS). */
  backofficeEnv?: Record<string, string>;
  /** Settings of the platform (e.g. JOB_POLLING_INTERVAL_SECONDS for its webhook deliveries). */
  platformEnv?: Record<string, string>;
}

/** Platform + price service + middleware, with the given demo companies and their users on the platform. */
export async function startWorld(companyIds: string[], options: WorldOptions = {}): Promise<World> {
  const demo = generateDemoWorld({ salesItems: DEMO_SALES_ITEMS });
  // One after the other: an app seeding PGlite blocks the event loop, and another app's plugins
  // starting meanwhile can miss Fastify's plugin timeout on a loaded machine.
  const platform = await startPlatform(options.platformEnv);
  const prices = await startPriceService();
  const platformUrl = await listen(platform.app);
  for (const id of companyIds) {
    const company = demo.companies.find((candidate) => candidate.id === id);
    if (!company) throw new Error(`no demo company ${id}`);
    await createCompany(platform, company);
    for (const user of demo.users.filter((candidate) => candidate.companyId === id)) {
      await createUser(platform, user);
    }
  }
  const listens = options.gateway === true || options.backoffice === true;
  const middlewarePort = listens ? await freePort() : undefined;
  const middlewareUrl = middlewarePort ? `http://127.0.0.1:${middlewarePort}` : undefined;
  let gateway: (TestGateway & { url: string }) | undefined;
  if (options.gateway) {
    const started = await startTestGateway({ PAYMENT_WEBHOOK_URL: `${middlewareUrl}/webhooks/payments` });
    gateway = { ...started, url: await listen(started.app) };
  }
  let backoffice: Started | undefined;
  if (options.backoffice) {
    const backofficeDatabase = await createTestDatabase();
    const app = await startBackoffice(backofficeDatabase, {
      ERP_CALLBACK_URL: `${middlewareUrl}/erp/callbacks`,
      ...options.backofficeEnv,
    });
    backoffice = {
      app,
      url: await listen(app),
      async close() {
        await app.close();
        await backofficeDatabase.close();
      },
    };
  }
  const database = await createTestDatabase();
  const middleware = await buildApp(
    readConfig({
      PLATFORM_URL: platformUrl,
      PLATFORM_CLIENT_SECRET: MIDDLEWARE_SECRET,
      PRICE_SERVICE_URL: prices.url,
      JOB_POLLING_INTERVAL_SECONDS: '0.5',
      ...(backoffice ? { BACKOFFICE_URL: backoffice.url } : {}),
      ...(gateway ? { PAYMENT_GATEWAY_URL: gateway.url, PAYMENT_GATEWAY_PUBLIC_URL: gateway.url } : {}),
      ...options.env,
    }),
    { database, logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false },
  );
  if (middlewarePort) await middleware.listen({ host: '127.0.0.1', port: middlewarePort });
  else await middleware.ready();
  return {
    demo,
    platform,
    platformUrl,
    prices,
    middleware,
    database,
    middlewareUrl,
    gateway,
    backoffice,
    async close() {
      await gateway?.close();
      await backoffice?.close();
      await middleware.close();
      await database.close();
      await prices.close();
      await platform.close();
    },
  };
}

export async function createCompany(platform: Platform, company: Company): Promise<void> {
  await expectOk(
    await call(platform.app, platform.adminToken, 'POST', '/v1/buyers', {
      ID: company.id,
      Name: company.name,
      Active: true,
      xp: {
        CrmId: company.crmId ?? `CRM-${company.id}`,
        ErpId: company.erpId ?? `${company.salesCompanyId}-000000`,
        SalesCompanyId: company.salesCompanyId,
        CreditHold: company.creditHold,
        Currency: company.currency,
        CountryCode2: company.countryCode2,
        CountryCode3: company.countryCode3,
        Locale: company.locale,
        TaxGroup: company.taxGroup,
        InvoiceEmail: company.invoiceEmail,
        VatNumber: company.vatNumber,
      },
    }),
    201,
  );
}

export async function createUser(
  platform: Platform,
  user: User,
  xp: Record<string, unknown> = {},
): Promise<void> {
  await expectOk(
    await call(platform.app, platform.adminToken, 'POST', `/v1/buyers/${user.companyId}/users`, {
      ID: user.id,
      Username: user.username,
      Password: 'actuate-demo',
      FirstName: user.firstName,
      LastName: user.lastName,
      Email: user.email,
      Active: true,
      xp: {
        Kind: user.status === 'complete' ? 'Complete' : 'Pending',
        ...(user.status === 'complete'
          ? {
              AzureObjectId: user.azureObjectId,
              CrmId: user.crmId,
              ErpId: user.erpId,
              SalesCompanyId: user.salesCompanyId,
            }
          : {}),
        TermsVersionApproved: user.termsVersionApproved,
        PrivacyVersionApproved: user.privacyVersionApproved,
        ...xp,
      },
    }),
    201,
  );
  await expectOk(
    await call(platform.app, platform.adminToken, 'POST', '/v1/securityprofiles/assignments', {
      SecurityProfileID: BUYER_BASE_PROFILE_ID,
      BuyerID: user.companyId,
      UserID: user.id,
    }),
    204,
  );
}
