import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The platform, per token: the caller's groups, and a family's sales items as that caller sees them
// (each item names the token it was read with, so a test sees whose answer a buyer got).
const groupsOf: Record<string, string[] | Error> = {
  anna: ['approvers', 'buyers'],
  bo: ['buyers', 'approvers'],
  eve: ['approvers', 'buyers'],
  carl: ['buyers'],
};
const listProducts = vi.fn(async (options: { page?: number }, request: { accessToken: string }) => ({
  Meta: { TotalPages: 2, TotalCount: 2 },
  Items: [{ ID: `${request.accessToken}-item-${options.page}`, xp: { SalesItemNumber: 'x' } }],
}));
const listUserGroups = vi.fn(async (_options: unknown, request: { accessToken: string }) => {
  const groups = groupsOf[request.accessToken];
  if (groups instanceof Error) throw groups;
  return { Meta: { TotalPages: 1 }, Items: (groups ?? []).map((ID) => ({ ID })) };
});
vi.mock('ordercloud-javascript-sdk', () => ({
  Me: { ListProducts: listProducts, ListUserGroups: listUserGroups },
}));
vi.mock('./sdk', () => ({
  asBuyer: (token: string) => ({ accessToken: token }),
  hasPlatformStatus: () => false,
}));

const { catalogueListing, familySalesItems } = await import('./catalog');
const { parseCatalogQuery } = await import('../components/shop/catalog-query');
const {
  CATALOGUE_TTL_MS,
  TOKEN_TTL_MS,
  catalogueShared,
  catalogueViewKey,
  forgetToken,
  forToken,
  listingsShared,
  partyKey,
} = await import('./visibility');

/** What a buyer of `company` with `token` gets for the family, through the shared cache. */
async function itemsFor(token: string, company: string | undefined, family = 'valves') {
  const viewKey = await catalogueViewKey(token, company);
  return (await familySalesItems(token, family, viewKey)).map((item) => item.ID);
}

describe('catalogue answers shared by visibility', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    catalogueShared.clear();
    listingsShared.clear();
    for (const token of Object.keys(groupsOf)) forgetToken(token);
    listProducts.mockClear();
    listUserGroups.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    groupsOf.bo = ['buyers', 'approvers'];
  });

  it('shares a family between users of one company with the same groups (in any order)', async () => {
    expect(await itemsFor('anna', 'acme')).toEqual(['anna-item-1', 'anna-item-2']);
    expect(await itemsFor('bo', 'acme')).toEqual(['anna-item-1', 'anna-item-2']);
    expect(listProducts).toHaveBeenCalledTimes(2); // the two pages, once
  });

  it('shares a catalogue page per query between users of one view only', async () => {
    const page = async (token: string, company: string, search: Record<string, string>) => {
      const listing = await catalogueListing(
        token,
        parseCatalogQuery(search),
        await catalogueViewKey(token, company),
      );
      return listing.items.map((item) => item.ID);
    };
    expect(await page('anna', 'acme', {})).toEqual(['anna-item-1']);
    expect(await page('bo', 'acme', {})).toEqual(['anna-item-1']);
    expect(listProducts).toHaveBeenCalledTimes(2); // the page and the counts per family, once
    expect(await page('bo', 'acme', { page: '2' })).toEqual(['bo-item-2']);
    expect(await page('carl', 'acme', {})).toEqual(['carl-item-1']);
    expect(await page('eve', 'globex', {})).toEqual(['eve-item-1']);
  });

  it("never gives one company's answer to another company, even with the same group IDs", async () => {
    await itemsFor('anna', 'acme');
    expect(await itemsFor('eve', 'globex')).toEqual(['eve-item-1', 'eve-item-2']);
    expect(partyKey('acme', ['a'])).not.toBe(partyKey('globex', ['a']));
  });

  it('keeps users of other groups apart within the company', async () => {
    await itemsFor('anna', 'acme');
    expect(await itemsFor('carl', 'acme')).toEqual(['carl-item-1', 'carl-item-2']);
  });

  it('shares nothing when the groups are unknown, or for a visitor without a company', async () => {
    groupsOf.bo = new Error('platform down');
    await itemsFor('anna', 'acme');
    expect(await itemsFor('bo', 'acme')).toEqual(['bo-item-1', 'bo-item-2']);
    expect(await itemsFor('anonymous', undefined)).toEqual(['anonymous-item-1', 'anonymous-item-2']);
  });

  it('shares nothing when the groups do not fit one page', async () => {
    listUserGroups.mockResolvedValueOnce({ Meta: { TotalPages: 2 }, Items: [{ ID: 'approvers' }] });
    expect(await catalogueViewKey('anna', 'acme')).toMatch(/^token:/);
  });

  it('reads the family again once CATALOGUE_TTL_MS has passed (a catalogue edit shows)', async () => {
    await itemsFor('anna', 'acme');
    vi.advanceTimersByTime(CATALOGUE_TTL_MS);
    await itemsFor('bo', 'acme');
    expect(listProducts).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(await itemsFor('bo', 'acme')).toEqual(['bo-item-1', 'bo-item-2']);
    expect(listProducts).toHaveBeenCalledTimes(4);
  });

  it('follows a user moved to another group once their token is forgotten or its answers expire', async () => {
    await itemsFor('bo', 'acme');
    groupsOf.bo = ['buyers'];
    forgetToken('bo');
    expect(await catalogueViewKey('bo', 'acme')).toBe(partyKey('acme', ['buyers']));
    groupsOf.bo = ['buyers', 'approvers'];
    vi.advanceTimersByTime(TOKEN_TTL_MS + 1);
    expect(await catalogueViewKey('bo', 'acme')).toBe(partyKey('acme', ['approvers', 'buyers']));
  });
});

describe('per-token answers', () => {
  it('reuses a token’s answer for TOKEN_TTL_MS only', async () => {
    vi.useFakeTimers();
    let revoked = false;
    const me = vi.fn(async () => {
      if (revoked) throw new Error('401');
      return { ID: 'anna' };
    });
    await forToken('t1', 'me', me);
    revoked = true;
    vi.advanceTimersByTime(TOKEN_TTL_MS);
    await expect(forToken('t1', 'me', me)).resolves.toEqual({ ID: 'anna' });
    vi.advanceTimersByTime(1);
    await expect(forToken('t1', 'me', me)).rejects.toThrow('401');
    await expect(forToken('t1', 'me', me)).rejects.toThrow('401'); // a refusal is not kept either
    expect(await forToken('t2', 'me', async () => ({ ID: 'bo' }))).toEqual({ ID: 'bo' });
    vi.useRealTimers();
  });
});
