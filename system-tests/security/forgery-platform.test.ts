import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, type Login, ownersOf, passwordToken, signInAll } from './support/actors.ts';
import { recordFigures, table } from './support/figures.ts';
import { bearer, parseJson, send } from './support/http.ts';
import { decodeJwt, encodeJwt } from './support/jwt.ts';
import { STACK_SECRETS } from './support/secrets.ts';
import { changes, harvestVictim, type Snapshot, snapshot, type Victim } from './support/victims.ts';

const urls = inject('securityUrls');
const platform = urls.platform as string;
const rows: Record<string, string | number>[] = [];

let actors: Record<Login, Actor>;
let victim: Victim;
let before: Snapshot;

beforeAll(async () => {
  actors = await signInAll(platform);
  victim = await harvestVictim(platform, 'bauer-de', ownersOf('bauer-de', actors));
  before = await snapshot(victim);
});

afterAll(async () => {
  console.log(`Forged and tampered platform tokens\n${table(rows)}`);
  recordFigures('forgery.platform', {
    checks: rows.length,
    refused: rows.filter((row) => row.ok === 'yes').length,
  });
});

/** Sends a forged credential to a read and to a write of the victim; both must be refused with 401. */
async function expectRefused(name: string, token: string): Promise<void> {
  const read = await send('GET', `${platform}/v1/buyers/bauer-de/users`, { headers: bearer(token) });
  const write = await send('PATCH', `${platform}/v1/buyers/bauer-de/addresses/bauer-de-head-office`, {
    headers: bearer(token),
    body: { AddressName: 'forged' },
  });
  rows.push({
    check: name,
    read: read.status,
    write: write.status,
    ok: read.status === 401 && write.status === 401 ? 'yes' : 'NO',
  });
  expect(read.status, `GET /v1/buyers/bauer-de/users with ${name}`).toBe(401);
  expect(write.status, `PATCH /v1/buyers/bauer-de/addresses/bauer-de-head-office with ${name}`).toBe(401);
}

/** anna's token rewritten to claim Bauer's admin, with every role. */
function claimsOfJonas(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
} {
  const { header, payload, signature } = decodeJwt(token);
  const rewritten = JSON.parse(
    JSON.stringify(payload)
      .replaceAll('acme-dk-anna', 'bauer-de-jonas')
      .replaceAll('anna@acme-dk.example', 'jonas@bauer-de.example')
      .replaceAll('acme-dk', 'bauer-de'),
  ) as Record<string, unknown>;
  rewritten.role = ['FullAccess', ...((payload.role as string[]) ?? [])];
  return { header, payload: rewritten, signature };
}

describe('platform access tokens', () => {
  it('a token re-signed with the stack key is accepted (control: the forgeries below fail for the right reason)', async () => {
    const { header, payload } = decodeJwt(actors.anna.token as string);
    const resigned = encodeJwt(header, payload, { key: STACK_SECRETS.JWT_SECRET });
    const me = await send('GET', `${platform}/v1/me`, { headers: bearer(resigned) });
    expect(me.status, 'GET /v1/me with anna’s claims re-signed under JWT_SECRET').toBe(200);
  });

  it('alg none, algorithm confusion, tampered claims and a wrong key are refused', async () => {
    const { header, payload, signature } = claimsOfJonas(actors.anna.token as string);
    await expectRefused('alg none', encodeJwt({ ...header, alg: 'none' }, payload, { signature: '' }));
    await expectRefused(
      'alg NONE, original signature',
      encodeJwt({ ...header, alg: 'NONE' }, payload, { signature }),
    );
    await expectRefused(
      'alg RS256 (HS/RS confusion)',
      encodeJwt({ ...header, alg: 'RS256' }, payload, { signature }),
    );
    await expectRefused('alg HS512', encodeJwt({ ...header, alg: 'HS512' }, payload, { signature }));
    await expectRefused('tampered claims, original signature', encodeJwt(header, payload, { signature }));
    await expectRefused(
      'signed with the wrong key',
      encodeJwt(header, payload, { key: 'not-the-key-of-this-platform-000000000000' }),
    );
    await expectRefused('signed with the empty key', encodeJwt(header, payload, { key: '' }));
    await expectRefused(
      'kid injection',
      encodeJwt({ ...header, kid: '../../../../dev/null' }, payload, { signature }),
    );
    await expectRefused('garbage', 'eyJhbGciOi.x.y');
  });

  it('expired and not-yet-valid tokens are refused even when signed with the right key', async () => {
    const { header, payload } = decodeJwt(actors.clara.token as string);
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(
      'expired (right key)',
      encodeJwt(header, { ...payload, iat: now - 7200, exp: now - 3600 }, { key: STACK_SECRETS.JWT_SECRET }),
    );
    await expectRefused(
      'not yet valid (right key)',
      encodeJwt(header, { ...payload, nbf: now + 3600 }, { key: STACK_SECRETS.JWT_SECRET }),
    );
  });

  it('refresh tokens: tampered, of another client, reused after revocation', async () => {
    const refresh = (token: string, clientId = 'actuate-storefront') =>
      send('POST', `${platform}/oauth/token`, {
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: token,
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      });
    const katrin = await passwordToken(platform, 'katrin@bauer-de.example');
    expect(katrin.refreshToken, 'katrin signs in').toBeTruthy();
    const refreshToken = katrin.refreshToken as string;
    const tampered = await refresh(
      `${refreshToken.slice(0, -2)}${refreshToken.endsWith('AA') ? 'BB' : 'AA'}`,
    );
    const otherClient = await refresh(refreshToken, 'actuate-middleware');
    rows.push({
      check: 'refresh: tampered',
      read: tampered.status,
      write: '-',
      ok: tampered.status === 400 ? 'yes' : 'NO',
    });
    rows.push({
      check: 'refresh: other client',
      read: otherClient.status,
      write: '-',
      ok: otherClient.status >= 400 && otherClient.status < 500 ? 'yes' : 'NO',
    });
    expect(tampered.status, 'POST /oauth/token refresh_token tampered').toBe(400);
    expect(
      otherClient.status,
      'POST /oauth/token refresh_token of actuate-storefront sent as actuate-middleware',
    ).toBeGreaterThanOrEqual(400);
    expect(otherClient.status).toBeLessThan(500);

    const revoke = await send('DELETE', `${platform}/v1/me/tokens`, { headers: bearer(katrin.accessToken) });
    expect(revoke.status, 'DELETE /v1/me/tokens').toBeLessThan(300);
    const afterRevoke = await send('GET', `${platform}/v1/me`, { headers: bearer(katrin.accessToken) });
    const refreshAfter = await refresh(refreshToken);
    rows.push({
      check: 'revoked access token',
      read: afterRevoke.status,
      write: '-',
      ok: afterRevoke.status === 401 ? 'yes' : 'NO',
    });
    rows.push({
      check: 'revoked refresh token',
      read: refreshAfter.status,
      write: '-',
      ok: refreshAfter.status === 400 ? 'yes' : 'NO',
    });
    expect(afterRevoke.status, 'GET /v1/me with a revoked access token').toBe(401);
    expect(refreshAfter.status, 'POST /oauth/token with a revoked refresh token').toBe(400);
  });

  it('deactivation and a password change end the sessions the user holds', async () => {
    const admin = actors.bo.token;
    const user = `${platform}/v1/buyers/acme-dk/users/acme-dk-mads`;
    const mads = await passwordToken(platform, 'mads@acme-dk.example');
    try {
      const deactivate = await send('PATCH', user, { headers: bearer(admin), body: { Active: false } });
      expect(deactivate.status, 'PATCH …/users/acme-dk-mads {Active:false} as bo').toBe(200);
      const deactivated = await send('GET', `${platform}/v1/me`, { headers: bearer(mads.accessToken) });
      rows.push({
        check: 'token of a deactivated user',
        read: deactivated.status,
        write: '-',
        ok: deactivated.status === 401 ? 'yes' : 'NO',
      });
      expect(deactivated.status, 'GET /v1/me as mads after bo deactivated him').toBe(401);
    } finally {
      await send('PATCH', user, { headers: bearer(admin), body: { Active: true } });
    }
    const fresh = await passwordToken(platform, 'mads@acme-dk.example');
    const changed = await send('PATCH', user, {
      headers: bearer(admin),
      body: { Password: 'a-new-password-4711' },
    });
    try {
      expect(changed.status, 'PATCH …/users/acme-dk-mads {Password} as bo').toBe(200);
      const old = await send('GET', `${platform}/v1/me`, { headers: bearer(fresh.accessToken) });
      rows.push({
        check: 'token from before a password change',
        read: old.status,
        write: '-',
        ok: old.status === 401 ? 'yes' : 'NO',
      });
      expect(old.status, 'GET /v1/me as mads with a token from before bo changed his password').toBe(401);
    } finally {
      await send('PATCH', user, { headers: bearer(admin), body: { Password: 'actuate-demo' } });
    }
  });

  it('nothing of the victim changed', async () => {
    expect(changes(before, await snapshot(victim))).toEqual([]);
  });
});

/** Company and user fields the ERP and CRM own: a buyer user must not write them. */
const COMPANY_OWNED = { TaxGroup: 'EXPORT', CreditHold: false, ErpId: 'ADE-100002', SalesCompanyId: 'ADE' };
const USER_OWNED = {
  ErpId: 'ADE-200005',
  SalesCompanyId: 'ADE',
  CrmId: '00000000-0000-4000-8000-000000000000',
  Kind: 'Complete',
};

/** A value that changes the field: sending the stored value back is allowed (a PUT of what GET answered). */
const differentFrom = (stored: unknown, candidate: unknown) => {
  if (stored !== candidate) return candidate;
  return typeof candidate === 'boolean' ? !candidate : `${String(candidate)}-changed`;
};

describe('fields owned by the ERP and CRM', () => {
  for (const [field, value] of Object.entries(COMPANY_OWNED)) {
    it(`a buyer admin cannot change the company's xp.${field}`, async () => {
      const url = `${platform}/v1/buyers/acme-dk`;
      const read = async () =>
        (
          parseJson((await send('GET', url, { headers: bearer(actors.bo.token) })).text) as {
            xp: Record<string, unknown>;
          }
        ).xp;
      const original = await read();
      const patch = await send('PATCH', url, {
        headers: bearer(actors.bo.token),
        body: { xp: { [field]: differentFrom(original[field], value) } },
      });
      const now = await read();
      if (now[field] !== original[field])
        await send('PATCH', url, {
          headers: bearer(actors.bo.token),
          body: { xp: { [field]: original[field] } },
        });
      rows.push({
        check: `PATCH /v1/buyers/acme-dk xp.${field} as bo`,
        read: '-',
        write: patch.status,
        ok: patch.status === 403 && now[field] === original[field] ? 'yes' : 'NO',
      });
      expect(patch.status, `PATCH /v1/buyers/acme-dk {xp.${field}} as bo (buyer admin)`).toBe(403);
      expect(now[field], `xp.${field} after the PATCH`).toEqual(original[field]);
    });
  }
  for (const [field, value] of Object.entries(USER_OWNED)) {
    it(`a shopper cannot change her own xp.${field}`, async () => {
      const url = `${platform}/v1/me`;
      const read = async () =>
        (
          parseJson((await send('GET', url, { headers: bearer(actors.anna.token) })).text) as {
            xp: Record<string, unknown>;
          }
        ).xp;
      const original = await read();
      const patch = await send('PATCH', url, {
        headers: bearer(actors.anna.token),
        body: { xp: { [field]: differentFrom(original[field], value) } },
      });
      const now = await read();
      if (now[field] !== original[field])
        await send('PATCH', url, {
          headers: bearer(actors.anna.token),
          body: { xp: { [field]: original[field] } },
        });
      rows.push({
        check: `PATCH /v1/me xp.${field} as anna`,
        read: '-',
        write: patch.status,
        ok: patch.status === 403 && now[field] === original[field] ? 'yes' : 'NO',
      });
      expect(patch.status, `PATCH /v1/me {xp.${field}} as anna (shopper)`).toBe(403);
      expect(now[field], `xp.${field} after the PATCH`).toEqual(original[field]);
    });
  }
});
