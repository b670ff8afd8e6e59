import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Actor,
  anonymous,
  type Login,
  ownersOf,
  passwordToken,
  signInAll,
  TENANTS,
} from './support/actors.ts';
import { recordFigures, table } from './support/figures.ts';
import { bearer, parseJson, send } from './support/http.ts';
import { newFigures, runMatrix } from './support/isolation.ts';
import { loadOperations, type Operation } from './support/openapi.ts';
import { changes, harvestVictim, snapshot, type Victim } from './support/victims.ts';

const urls = inject('securityUrls');
const platform = urls.platform as string;

/**
 * Routes meant for buyers or browsers (a buyer's platform token, a random capability id, the payment widget's
 * client API): a 2xx there is a leak only when it carries the victim's data. On every other route of these
 * internal services any 2xx to an anonymous caller or a buyer is a leak: they need a service credential.
 */
const BUYER_FACING: Record<string, RegExp> = {
  middleware:
    /^(POST \/registrations|GET \/registrations\/me|POST \/payments\/sessions|GET \/erp\/orders\/\{orderId\})$/,
  // Tracking pages, and the sales desk's sign-in form (its other pages need the session it sets).
  backoffice: /^(GET \/tracking\/|GET \/sales-desk\/sign-in$)/,
  'price-service': /^$/,
  'payment-gateway':
    // images/ and donations/ are public pages and pictures the widget links to (logos, a campaign's terms).
    /^(GET|POST) \/(checkoutshopper\/|v1\/|v3\/|datasets\/|securedfields\/|threeds2\/|utility\/|services\/|sandbox|images\/|donations\/|$)/,
};

/** Capability URLs: the id is a random UUID handed only to its owner, so knowing it is the credential. */
const CAPABILITY = /^GET \/registrations\/\{id\}$/;

let actors: Record<Login, Actor>;
const victims = new Map<string, Victim>();
const rows: Record<string, string | number>[] = [];

beforeAll(async () => {
  actors = await signInAll(platform);
  for (const tenant of TENANTS) {
    const owners = ownersOf(tenant, actors);
    const victim = await harvestVictim(platform, tenant, owners);
    // A payment session of the victim's order: its id is the gateway's victim resource.
    const session = await send('POST', `${urls.middleware}/payments/sessions`, {
      headers: bearer(owners.shopper.token),
      body: { orderId: victim.ids.order?.[0], returnUrl: 'http://localhost:3000/checkout' },
    });
    const sessionId = (parseJson(session.text) as { id?: string; sessionId?: string } | undefined) ?? {};
    const id = sessionId.id ?? sessionId.sessionId;
    if (id) {
      victim.ids.session = [id];
      victim.ids.id = [id];
    }
    victims.set(tenant, victim);
  }
});

afterAll(() => {
  console.log(`Isolation of the other apps\n${table(rows)}`);
});

describe('isolation of the middleware, price service, back office and gateway', () => {
  for (const app of ['middleware', 'price-service', 'backoffice', 'payment-gateway']) {
    it(`${app}: no intruder reads a tenant's data or reaches an internal route`, async () => {
      const operations = (await loadOperations(app, urls[app] as string)).filter(
        (operation) => !CAPABILITY.test(`${operation.method} ${operation.path}`),
      );
      const figures = newFigures();
      const changed: string[] = [];
      for (const tenant of TENANTS) {
        const victim = victims.get(tenant) as Victim;
        const before = await snapshot(victim);
        const foreign = tenant === 'acme-dk' ? [actors.clara, actors.jonas] : [actors.anna, actors.bo];
        await runMatrix({
          baseUrl: urls[app] as string,
          operations,
          victim,
          intruders: [anonymous, ...foreign, actors.dan],
          isOpenLeak: (operation: Operation) =>
            !BUYER_FACING[app]?.test(`${operation.method} ${operation.path}`),
          figures,
        });
        changed.push(...changes(before, await snapshot(victim)).map((change) => `${tenant} ${change}`));
      }
      rows.push({
        app,
        requests: figures.requests,
        leaks: figures.leaks.length,
        changes: changed.length,
        '5xx': figures.serverErrors.length,
        statuses: Object.entries(figures.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
      });
      recordFigures(`isolation.${app}`, {
        requests: figures.requests,
        leaks: figures.leaks.length,
        changes: changed.length,
        serverErrors: figures.serverErrors.length,
      });
      expect(figures.leaks.map((leak) => `${leak.request}: ${leak.detail}`)).toEqual([]);
      expect(changed).toEqual([]);
      expect(figures.serverErrors.map((error) => `${error.request}: ${error.detail}`)).toEqual([]);
    });
  }

  it("registering with a tenant's VAT number gives no access to that tenant", async () => {
    const victim = victims.get('acme-dk') as Victim;
    const owner = ownersOf('acme-dk', actors).admin;
    const buyer = parseJson(
      (await send('GET', `${platform}/v1/buyers/acme-dk`, { headers: bearer(owner.token) })).text,
    ) as {
      xp: { VatNumber: string; CountryCode2: string };
    };
    const before = await snapshot(victim);
    const email = `joiner-${Date.now()}@intruder.example`;
    const password = 'intruder-password-1';
    const registration = await send('POST', `${urls.middleware}/registrations`, {
      body: {
        companyName: 'Intruder ApS',
        vatNumber: buyer.xp.VatNumber,
        country: buyer.xp.CountryCode2,
        firstName: 'In',
        lastName: 'Truder',
        email,
        password,
        locale: 'en',
        termsVersionApproved: CURRENT_TERMS_VERSION,
        privacyVersionApproved: CURRENT_PRIVACY_VERSION,
      },
    });
    expect(registration.status, `POST /registrations: ${registration.text.slice(0, 200)}`).toBeLessThan(500);
    // The CRM completes a registration a few seconds later: watch long enough for it.
    let granted = '';
    for (let attempt = 0; attempt < 12 && !granted; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { accessToken } = await passwordToken(platform, email, password);
      if (!accessToken) continue;
      const addresses = await send('GET', `${platform}/v1/me/addresses`, { headers: bearer(accessToken) });
      const me = await send('GET', `${platform}/v1/me`, { headers: bearer(accessToken) });
      if (
        (parseJson(me.text) as { CompanyID?: string } | undefined)?.CompanyID === 'acme-dk' ||
        addresses.text.includes('acme-dk-')
      )
        granted = `the registrant signed in as a user of acme-dk: GET /v1/me/addresses → ${addresses.status} ${addresses.text.slice(0, 160)}`;
    }
    const changed = changes(before, await snapshot(victim)).filter((change) => change.startsWith('users'));
    recordFigures('isolation.registration-vat-join', { granted: !!granted, changes: changed.length });
    expect(granted, 'POST /registrations (anonymous) with ACME’s VAT number').toBe('');
    expect(changed, 'POST /registrations (anonymous) with ACME’s VAT number changed ACME’s users').toEqual(
      [],
    );
  });
});
