import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardGet, dashboardPost, signInToDashboard } from '../../testing/dashboard.ts';
import { DEMO, UNREACHABLE_WEBHOOKS, useTestGateway } from '../../testing/index.ts';
import { KEY_ROTATION_GRACE_MS } from '../merchants/key-management.ts';
import { upsertApiKey, upsertClientKey, upsertMerchant } from '../merchants/repository.ts';
import { apiKeys, clientKeys, merchants } from '../merchants/schema.ts';
import { digestApiKey, MerchantService } from '../merchants/service.ts';

const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: '1000' });

const SHOP = 'https://shop.example';
const OTHER = {
  account: 'OtherMerchant',
  apiKey: 'other_merchant_api_key_0123',
  clientKey: 'other_client_key',
};

const paymentMethods = (apiKey: string) =>
  gateway.app.inject({
    method: 'POST',
    url: '/v71/paymentMethods',
    headers: { 'x-api-key': apiKey },
    payload: { merchantAccount: DEMO.merchantAccount },
  });

const analytics = (clientKey: string, origin: string) =>
  gateway.app.inject({
    method: 'POST',
    url: `/v3/analytics?clientKey=${clientKey}`,
    headers: { origin },
    payload: {},
  });

const frame = (clientKey: string, origin: string) =>
  gateway.app.inject({
    method: 'GET',
    url: `/securedfields/${clientKey}/5.0.0/securedFields.html?origin=${encodeURIComponent(origin)}`,
  });

const revealedSecret = (html: string) => /<code class="secret">([^<]+)<\/code>/.exec(html)?.[1];
const createdClientKey = (html: string) => /Client key (test_[0-9A-F]+) created/.exec(html)?.[1];

async function storedClientKey(clientKey: string) {
  const [row] = await gateway.database.db
    .select()
    .from(clientKeys)
    .where(eq(clientKeys.clientKey, clientKey));
  return row;
}

describe('dashboard: API keys', () => {
  it('creates a key shown once (stored as digest), which works until revoked, then gets 401', async () => {
    const browser = await signInToDashboard(gateway.app);
    const created = await dashboardPost(gateway.app, browser, '/dashboard/keys/api');
    expect(created.statusCode).toBe(200);
    const apiKey = revealedSecret(created.body);
    expect(apiKey).toMatch(/^actuate_api_[\w-]{40,}$/);
    if (!apiKey) return;
    const [row] = await gateway.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyDigest, digestApiKey(apiKey)));
    expect(row).toMatchObject({ merchantAccount: DEMO.merchantAccount, keyPrefix: apiKey.slice(0, 12) });
    // The list shows the prefix, never the key again.
    const list = await dashboardGet(gateway.app, browser, '/dashboard/keys');
    expect(list.body).toContain(`${apiKey.slice(0, 12)}…`);
    expect(list.body).not.toContain(apiKey);

    expect((await paymentMethods(apiKey)).statusCode).toBe(200); // now cached by the gateway
    const revoked = await dashboardPost(gateway.app, browser, '/dashboard/keys/api/revoke', {
      id: digestApiKey(apiKey),
    });
    expect(revoked.statusCode).toBe(303);
    const refused = await paymentMethods(apiKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      status: 401,
      errorCode: '000',
      message: 'HTTP Status Response - Unauthorized',
      errorType: 'security',
    });
    expect((await dashboardGet(gateway.app, browser, '/dashboard/keys')).body).toContain('Revoked');
  });

  it('rotates a key: the new one works at once, the old one until the grace period ends', async () => {
    const browser = await signInToDashboard(gateway.app);
    const oldKey = revealedSecret((await dashboardPost(gateway.app, browser, '/dashboard/keys/api')).body);
    if (!oldKey) throw new Error('no key shown');
    expect((await paymentMethods(oldKey)).statusCode).toBe(200);
    const rotated = await dashboardPost(gateway.app, browser, '/dashboard/keys/api/rotate', {
      id: digestApiKey(oldKey),
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = revealedSecret(rotated.body);
    expect(newKey).toBeDefined();
    expect(newKey).not.toBe(oldKey);
    expect((await paymentMethods(newKey as string)).statusCode).toBe(200);
    expect((await paymentMethods(oldKey)).statusCode).toBe(200);
    // A fresh look-up (no cache) once the grace period is over.
    const later = Date.now() + KEY_ROTATION_GRACE_MS + 60_000;
    const merchants = new MerchantService(gateway.database.db);
    await expect(merchants.authenticateApiKey(oldKey, later)).rejects.toMatchObject({ status: 401 });
    await expect(merchants.authenticateApiKey(newKey as string, later)).resolves.toMatchObject({
      account: DEMO.merchantAccount,
    });
  });
});

describe('dashboard: client keys and origins', () => {
  it('creates a client key for its origins, edits them, and refuses it everywhere once revoked', async () => {
    const browser = await signInToDashboard(gateway.app);
    const created = await dashboardPost(gateway.app, browser, '/dashboard/keys/client', {
      origins: `${SHOP}/\nhttp://localhost:5173`,
    });
    expect(created.statusCode).toBe(200);
    const clientKey = createdClientKey(created.body);
    if (!clientKey) throw new Error('no client key shown');
    expect((await storedClientKey(clientKey))?.allowedOrigins).toEqual([SHOP, 'http://localhost:5173']);
    expect((await analytics(clientKey, SHOP)).statusCode).toBe(200);
    expect((await analytics(clientKey, 'https://elsewhere.example')).statusCode).toBe(403);
    expect((await frame(clientKey, SHOP)).statusCode).toBe(200);

    const edited = await dashboardPost(gateway.app, browser, '/dashboard/keys/client/origins', {
      clientKey,
      origins: 'https://elsewhere.example:8443',
    });
    expect(edited.statusCode).toBe(303);
    expect((await analytics(clientKey, 'https://elsewhere.example:8443')).statusCode).toBe(200);
    expect((await analytics(clientKey, SHOP)).statusCode).toBe(403);

    const revoked = await dashboardPost(gateway.app, browser, '/dashboard/keys/client/revoke', { clientKey });
    expect(revoked.statusCode).toBe(303);
    const refused = await analytics(clientKey, 'https://elsewhere.example:8443');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ errorCode: '000', errorType: 'security' });
    expect((await frame(clientKey, 'https://elsewhere.example:8443')).statusCode).toBe(401);
  });

  it('refuses origins with a path, a wildcard, another scheme or credentials, changing nothing', async () => {
    const browser = await signInToDashboard(gateway.app);
    const before = await storedClientKey(DEMO.clientKey);
    for (const origins of [
      'https://shop.example/checkout',
      'https://*.shop.example',
      '*',
      'ftp://shop.example',
      'https://user:pw@shop.example',
      'shop.example',
      'https://shop.example?x=1',
      'https://shop.example#top',
    ]) {
      const response = await dashboardPost(gateway.app, browser, '/dashboard/keys/client/origins', {
        clientKey: DEMO.clientKey,
        origins,
      });
      expect(response.statusCode, origins).toBe(400);
      expect(response.body).toContain('Nothing was changed.');
    }
    const created = await dashboardPost(gateway.app, browser, '/dashboard/keys/client', {
      origins: 'https://shop.example/path',
    });
    expect(created.statusCode).toBe(400);
    expect(await storedClientKey(DEMO.clientKey)).toEqual(before);
    const keys = await gateway.database.db
      .select()
      .from(clientKeys)
      .where(eq(clientKeys.merchantAccount, DEMO.merchantAccount));
    expect(keys.some((key) => key.allowedOrigins.includes('https://shop.example/path'))).toBe(false);
  });

  it('rotates a client key: same origins, the old one keeps working during the grace period', async () => {
    const browser = await signInToDashboard(gateway.app);
    const oldKey = createdClientKey(
      (await dashboardPost(gateway.app, browser, '/dashboard/keys/client', { origins: SHOP })).body,
    );
    if (!oldKey) throw new Error('no client key shown');
    const rotated = await dashboardPost(gateway.app, browser, '/dashboard/keys/client/rotate', {
      clientKey: oldKey,
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = /New client key (test_[0-9A-F]+)/.exec(rotated.body)?.[1];
    if (!newKey) throw new Error('no new client key shown');
    expect((await storedClientKey(newKey))?.allowedOrigins).toEqual([SHOP]);
    expect((await analytics(newKey, SHOP)).statusCode).toBe(200);
    expect((await analytics(oldKey, SHOP)).statusCode).toBe(200);
    const later = Date.now() + KEY_ROTATION_GRACE_MS + 60_000;
    expect(await new MerchantService(gateway.database.db).findClientKey(oldKey, later)).toBeUndefined();
  });
});

describe('dashboard: HMAC key', () => {
  it('generates a new hex key, shown once, that replaces the configured one and survives a restart', async () => {
    const browser = await signInToDashboard(gateway.app);
    const response = await dashboardPost(gateway.app, browser, '/dashboard/keys/hmac');
    expect(response.statusCode).toBe(200);
    const hmacKeyHex = revealedSecret(response.body);
    expect(hmacKeyHex).toMatch(/^[0-9A-F]{64}$/);
    const [merchant] = await gateway.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.account, DEMO.merchantAccount));
    expect(merchant?.hmacKeyHex).toBe(hmacKeyHex);
    const page = await dashboardGet(gateway.app, browser, '/dashboard/keys');
    expect(page.body).not.toContain(hmacKeyHex);
    // Start-up provisioning (what a restart runs) keeps the rotated key.
    await new MerchantService(gateway.database.db).provision({
      account: DEMO.merchantAccount,
      apiKey: DEMO.apiKey,
      clientKey: DEMO.clientKey,
      allowedOrigins: [DEMO.origin],
      webhookUrl: 'http://127.0.0.1:9/unreachable',
      hmacKeyHex: 'AB'.repeat(32),
    });
    const [after] = await gateway.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.account, DEMO.merchantAccount));
    expect(after?.hmacKeyHex).toBe(hmacKeyHex);
  });
});

describe('dashboard: merchant scoping', () => {
  it("lists only the user's keys and refuses to touch another merchant's", async () => {
    const db = gateway.database.db;
    await upsertMerchant(db, { account: OTHER.account, webhookUrl: null, hmacKeyHex: 'CD'.repeat(32) });
    await upsertApiKey(db, digestApiKey(OTHER.apiKey), OTHER.account);
    await upsertClientKey(db, OTHER.clientKey, OTHER.account, [SHOP]);
    const browser = await signInToDashboard(gateway.app);
    const page = await dashboardGet(gateway.app, browser, '/dashboard/keys');
    expect(page.body).not.toContain(OTHER.clientKey);
    expect(page.body).not.toContain(digestApiKey(OTHER.apiKey));

    const attempts = [
      ['/dashboard/keys/api/revoke', { id: digestApiKey(OTHER.apiKey) }],
      ['/dashboard/keys/api/rotate', { id: digestApiKey(OTHER.apiKey) }],
      ['/dashboard/keys/client/revoke', { clientKey: OTHER.clientKey }],
      ['/dashboard/keys/client/rotate', { clientKey: OTHER.clientKey }],
      ['/dashboard/keys/client/origins', { clientKey: OTHER.clientKey, origins: 'https://attacker.example' }],
    ] as const;
    for (const [url, fields] of attempts) {
      const response = await dashboardPost(gateway.app, browser, url, fields);
      expect(response.statusCode, url).toBe(404);
    }
    const merchantsService = new MerchantService(db);
    await expect(merchantsService.authenticateApiKey(OTHER.apiKey)).resolves.toMatchObject({
      account: OTHER.account,
    });
    expect((await merchantsService.findClientKey(OTHER.clientKey))?.allowedOrigins).toEqual([SHOP]);
  });

  it('refuses an action without the CSRF token', async () => {
    const browser = await signInToDashboard(gateway.app);
    const response = await dashboardPost(
      gateway.app,
      { ...browser, csrfToken: 'forged' },
      '/dashboard/keys/api/revoke',
      { id: digestApiKey(DEMO.apiKey) },
    );
    expect(response.statusCode).toBe(403);
    expect((await paymentMethods(DEMO.apiKey)).statusCode).toBe(200);
  });
});
