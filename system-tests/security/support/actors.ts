import {
  BUYER_ADMIN_ROLES,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  generateDemoWorld,
  STOREFRONT_CLIENT_ID,
} from '@actuate/catalog-data';
import { parseJson, send } from './http.ts';

/** Someone calling the apps: a demo buyer user with a platform token, or nobody. */
export interface Actor {
  name: string;
  /** Buyer (company) id; null for the anonymous caller. */
  company: string | null;
  username?: string;
  token?: string;
  refreshToken?: string;
}

export const TENANTS = ['acme-dk', 'bauer-de'] as const;
export type Tenant = (typeof TENANTS)[number];

/** Every role a demo buyer can hold, so a token carries all the user is granted. */
const SCOPE = [...BUYER_ADMIN_ROLES, 'OrderApprover'].join(' ');

const world = generateDemoWorld({ salesItems: 100 });

export const demoUser = (username: string) => {
  const user = world.users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  return user;
};

/** Each tenant's users: its shopper, its buyer admin, others. */
const adminOf = (company: string) =>
  world.users.find((user) => user.companyId === company && user.roles.includes('BuyerAdmin'));

/** The admin of a third company, for "tokens of other tenants' roles". */
const thirdAdmin = world.users.find(
  (user) => !TENANTS.includes(user.companyId as Tenant) && user.roles.includes('BuyerAdmin'),
);

export const LOGINS = {
  anna: DEMO_LOGINS.shopper,
  bo: DEMO_LOGINS.buyerAdminApprover,
  clara: DEMO_LOGINS.germanShopper,
  jonas: adminOf('bauer-de')?.username ?? 'jonas@bauer-de.example',
  dan: DEMO_LOGINS.creditHoldShopper,
  other: thirdAdmin?.username ?? 'peter@nordic-lift-se.example',
} as const;

export type Login = keyof typeof LOGINS;

export async function passwordToken(platform: string, username: string, password = DEMO_PASSWORD) {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: STOREFRONT_CLIENT_ID,
    username,
    password,
    scope: SCOPE,
  });
  const exchange = await send('POST', `${platform}/oauth/token`, {
    body: form.toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const json = parseJson(exchange.text) as { access_token?: string; refresh_token?: string } | undefined;
  return { status: exchange.status, accessToken: json?.access_token, refreshToken: json?.refresh_token };
}

/** Signs a demo user in; throws when the login does not work (the suite cannot run without it). */
export async function signIn(platform: string, login: Login): Promise<Actor> {
  const username = LOGINS[login];
  const { status, accessToken, refreshToken } = await passwordToken(platform, username);
  if (!accessToken) throw new Error(`Sign-in of ${username} failed with ${status}`);
  return { name: login, company: demoUser(username).companyId, username, token: accessToken, refreshToken };
}

export const anonymous: Actor = { name: 'anonymous', company: null };

/** The intruders of a victim tenant: nobody, the other tenant's shopper and admin, and outsiders. */
export function intrudersOf(victim: Tenant, actors: Record<Login, Actor>): Actor[] {
  const foreign = victim === 'acme-dk' ? [actors.clara, actors.jonas] : [actors.anna, actors.bo];
  return [anonymous, ...foreign, actors.dan, actors.other];
}

/** The owners: a shopper and the buyer admin of the tenant. */
export function ownersOf(victim: Tenant, actors: Record<Login, Actor>): { shopper: Actor; admin: Actor } {
  return victim === 'acme-dk'
    ? { shopper: actors.anna, admin: actors.bo }
    : { shopper: actors.clara, admin: actors.jonas };
}

export async function signInAll(platform: string): Promise<Record<Login, Actor>> {
  const entries = await Promise.all(
    (Object.keys(LOGINS) as Login[]).map(async (login) => [login, await signIn(platform, login)] as const),
  );
  return Object.fromEntries(entries) as Record<Login, Actor>;
}
