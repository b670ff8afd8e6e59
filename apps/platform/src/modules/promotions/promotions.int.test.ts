import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

const PAST = '2020-01-01T00:00:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';

describe('promotions', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let bo: string;
  let clara: string;
  const errorOf = async (response: Awaited<ReturnType<typeof admin>>) => {
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    return response.json().Errors[0] as { ErrorCode: string; Data: Body };
  };

  let promoCount = 0;
  /** A promotion every buyer may use, with the given fields. */
  const promotion = async (fields: Body) => {
    promoCount += 1;
    const code = (fields.Code as string | undefined) ?? `CODE${promoCount}`;
    return expectOk<Body>(
      await admin('POST', '/v1/promotions', {
        ID: `promo-${promoCount}`,
        Code: code,
        AllowAllBuyers: true,
        EligibleExpression: 'true',
        ValueExpression: '10',
        ...fields,
      }),
      201,
    );
  };
  /** A cart of the user with lines (ProductID, Quantity); every product lists at 1000 DKK. */
  const cart = async (token: string, lines: [string, number][] = [['la-48-hall', 2]]) => {
    const order = await expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', {}), 201);
    const ids: string[] = [];
    for (const [productId, quantity] of lines) {
      const line = await expectOk<Body>(
        await as(token)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
          ProductID: productId,
          Quantity: quantity,
        }),
        201,
      );
      ids.push(line.ID as string);
    }
    return { id: order.ID as string, url: `/v1/orders/Outgoing/${order.ID}`, lines: ids };
  };

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'bauer',
      userId: 'clara',
      username: 'clara@bauer.example',
    });
    await seedSmallCatalog(platform, ['acme', 'bauer']);
    [anna, bo, clara] = await Promise.all([
      loginAs(platform.app, 'anna@acme.example'),
      loginAs(platform.app, 'bo@acme.example'),
      loginAs(platform.app, 'clara@bauer.example'),
    ]);
  });
  afterAll(async () => {
    await platform?.close();
  });

  describe('the resource', () => {
    it('creates, reads, lists, patches and deletes a promotion with OrderCloud fields', async () => {
      const created = await promotion({ ID: 'crud', Code: 'Crud10', Name: 'Ten off', Priority: 3 });
      expect(created).toMatchObject({
        ID: 'crud',
        Code: 'Crud10',
        LineItemLevel: false,
        RedemptionCount: 0,
        CanCombine: false,
        AutoApply: false,
        Active: true,
        Priority: 3,
        StartDate: null,
      });
      expect(await expectOk(await admin('GET', '/v1/promotions/crud'))).toEqual(created);
      const listed = await expectOk<{ Items: Body[] }>(await admin('GET', '/v1/promotions?Code=Crud10'));
      expect(listed.Items.map((item) => item.ID)).toEqual(['crud']);
      const patched = await expectOk<Body>(
        await admin('PATCH', '/v1/promotions/crud', { ValueExpression: '12', xp: { A: 1 } }),
      );
      expect(patched).toMatchObject({ ValueExpression: '12', xp: { A: 1 }, Name: 'Ten off' });
      await expectOk(await admin('DELETE', '/v1/promotions/crud'), 204);
      expect((await admin('GET', '/v1/promotions/crud')).statusCode).toBe(404);
    });

    it('refuses bad expressions and duplicate codes with 4xx and stores nothing', async () => {
      const bad = await admin('POST', '/v1/promotions', {
        ID: 'bad',
        Code: 'BAD',
        EligibleExpression: 'order.Total >',
        ValueExpression: '1',
      });
      expect(bad.statusCode).toBe(400);
      expect((await errorOf(bad)).ErrorCode).toBe('Expression.SyntaxError');
      const itemAtOrderLevel = await admin('POST', '/v1/promotions', {
        ID: 'bad',
        Code: 'BAD',
        EligibleExpression: "item.ProductID = 'x'",
        ValueExpression: '1',
      });
      expect((await errorOf(itemAtOrderLevel)).ErrorCode).toBe('Expression.ItemNotAllowed');
      const lineWithoutItem = await admin('POST', '/v1/promotions', {
        ID: 'bad',
        Code: 'BAD',
        LineItemLevel: true,
        EligibleExpression: 'order.Total > 1',
        ValueExpression: '1',
      });
      expect((await errorOf(lineWithoutItem)).ErrorCode).toBe('Expression.ItemRequired');
      const noValue = await admin('POST', '/v1/promotions', {
        ID: 'bad',
        Code: 'BAD',
        EligibleExpression: 'true',
      });
      expect((await errorOf(noValue)).ErrorCode).toBe('Expression.Required');
      expect((await admin('GET', '/v1/promotions/bad')).statusCode).toBe(404);
      await promotion({ Code: 'TWICE' });
      const duplicate = await admin('POST', '/v1/promotions', {
        ID: 'twice-2',
        Code: 'twice',
        EligibleExpression: 'true',
        ValueExpression: '1',
      });
      expect(duplicate.statusCode).toBe(409);
      expect((await errorOf(duplicate)).ErrorCode).toBe('IdExists');
    });

    it('needs PromotionAdmin to write; buyers see usable ones at /me/promotions', async () => {
      const denied = await as(anna)('POST', '/v1/promotions', {
        Code: 'X',
        EligibleExpression: 'true',
        ValueExpression: '1',
      });
      expect(denied.statusCode).toBe(403);
      expect((await errorOf(denied)).ErrorCode).toBe('Auth.InsufficientRoles');
      await promotion({ ID: 'visible', Code: 'VISIBLE' });
      await promotion({ ID: 'hidden', Code: 'HIDDEN', Active: false });
      const mine = await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/promotions?pageSize=100'));
      const ids = mine.Items.map((item) => item.ID);
      expect(ids).toContain('visible');
      expect(ids).not.toContain('hidden');
      expect((await as(anna)('GET', '/v1/me/promotions/hidden')).statusCode).toBe(404);
    });
  });

  describe('on an order', () => {
    it('an order-level promotion: PromotionDiscount and Total = Subtotal + … − PromotionDiscount', async () => {
      await promotion({ Code: 'TENOFF', EligibleExpression: 'order.Subtotal > 50', ValueExpression: '10' });
      const order = await cart(anna);
      const added = await expectOk<Body>(await as(anna)('POST', `${order.url}/promotions/tenoff`), 201);
      expect(added).toMatchObject({ Code: 'TENOFF', Amount: 10, LineItemID: null });
      const current = await expectOk<Body>(await as(anna)('GET', order.url));
      expect(current).toMatchObject({ Subtotal: 2000, PromotionDiscount: 10, Total: 1990 });
      const listed = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${order.url}/promotions`));
      expect(listed.Items).toEqual([expect.objectContaining({ Code: 'TENOFF', Amount: 10 })]);
      const worksheet = await expectOk<Body>(await as(anna)('GET', `${order.url}/worksheet`));
      expect(worksheet.OrderPromotions).toEqual([expect.objectContaining({ Code: 'TENOFF', Amount: 10 })]);
      const removed = await expectOk<Body>(await as(anna)('DELETE', `${order.url}/promotions/TENOFF`));
      expect(removed).toMatchObject({ PromotionDiscount: 0, Total: 2000 });
    });

    it('a line-level promotion: LineItem.PromotionDiscount, LineTotal and the order total', async () => {
      await promotion({
        Code: 'HALL15',
        LineItemLevel: true,
        EligibleExpression: "item.ProductID = 'la-24-hall' and items.any(ProductID = 'la-48-hall')",
        ValueExpression: 'item.LineSubtotal * .15',
      });
      const order = await cart(anna, [
        ['la-48-hall', 1],
        ['la-24-hall', 2],
      ]);
      const added = await expectOk<Body>(await as(anna)('POST', `${order.url}/promotions/HALL15`), 201);
      expect(added).toMatchObject({ LineItemID: order.lines[1], Amount: 300, LineItemLevel: true });
      const lines = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${order.url}/lineitems`));
      expect(lines.Items.find((line) => line.ID === order.lines[1])).toMatchObject({
        LineSubtotal: 2000,
        PromotionDiscount: 300,
        LineTotal: 1700,
      });
      expect(lines.Items.find((line) => line.ID === order.lines[0])).toMatchObject({
        PromotionDiscount: 0,
        LineTotal: 1000,
      });
      expect(await expectOk<Body>(await as(anna)('GET', order.url))).toMatchObject({
        Subtotal: 3000,
        PromotionDiscount: 300,
        Total: 2700,
      });
      // Amounts follow the order: a third unit raises the line's discount.
      await expectOk(await as(anna)('PATCH', `${order.url}/lineitems/${order.lines[1]}`, { Quantity: 3 }));
      expect(await expectOk<Body>(await as(anna)('GET', order.url))).toMatchObject({
        PromotionDiscount: 450,
        Total: 3550,
      });
    });

    it('a line added to an order with a line-level promotion answers with its PromotionDiscount', async () => {
      await promotion({
        Code: 'POT10',
        LineItemLevel: true,
        EligibleExpression: "item.ProductID = 'la-12-none'",
        ValueExpression: 'item.LineSubtotal * .1',
      });
      const order = await cart(anna, [['la-12-none', 1]]);
      await expectOk(await as(anna)('POST', `${order.url}/promotions/POT10`), 201);
      const added = await expectOk<Body>(
        await as(anna)('POST', `${order.url}/lineitems`, { ProductID: 'la-12-none', Quantity: 2 }),
        201,
      );
      expect(added).toMatchObject({ LineSubtotal: 2000, PromotionDiscount: 200, LineTotal: 1800 });
      expect(await expectOk<Body>(await as(anna)('GET', `${order.url}/lineitems/${added.ID}`))).toEqual(
        added,
      );
    });

    it('refuses what A3 refuses: unknown, inactive, not yet valid, expired, not eligible, twice, owner', async () => {
      await promotion({ Code: 'OFF', Active: false });
      await promotion({ Code: 'SOON', StartDate: FUTURE });
      await promotion({ Code: 'OLD', ExpirationDate: PAST });
      await promotion({ Code: 'BIGONLY', EligibleExpression: 'order.Subtotal > 100000' });
      await promotion({ Code: 'ONCE', CanCombine: true });
      await promotion({ Code: 'OTHEROWNER', OwnerID: 'some-supplier' });
      const order = await cart(anna);
      const code = async (promo: string) =>
        (await errorOf(await as(anna)('POST', `${order.url}/promotions/${promo}`))).ErrorCode;
      expect(await code('NOSUCHCODE')).toBe('NotFound');
      expect(await code('OFF')).toBe('Promotion.NotActive');
      expect(await code('SOON')).toBe('Promotion.NotYetValid');
      expect(await code('OLD')).toBe('Promotion.Expired');
      expect(await code('BIGONLY')).toBe('Promotion.NotEligible');
      expect(await code('OTHEROWNER')).toBe('Promotion.OwnerIDMustMatchOrderToCompanyID');
      await expectOk(await as(anna)('POST', `${order.url}/promotions/ONCE`), 201);
      expect(await code('ONCE')).toBe('Promotion.AlreadyAdded');
      // Nothing of the refused ones changed the order.
      expect(await expectOk<Body>(await as(anna)('GET', order.url))).toMatchObject({
        PromotionDiscount: 10,
        Total: 1990,
      });
    });

    it('combines only when the new promotion and every applied one can combine', async () => {
      await promotion({ Code: 'COMBO-A', CanCombine: true, ValueExpression: '5' });
      await promotion({ Code: 'COMBO-B', CanCombine: true, ValueExpression: '7' });
      await promotion({ Code: 'SOLO', CanCombine: false });
      const first = await cart(anna);
      await expectOk(await as(anna)('POST', `${first.url}/promotions/COMBO-A`), 201);
      await expectOk(await as(anna)('POST', `${first.url}/promotions/COMBO-B`), 201);
      expect(await expectOk<Body>(await as(anna)('GET', first.url))).toMatchObject({ PromotionDiscount: 12 });
      expect((await errorOf(await as(anna)('POST', `${first.url}/promotions/SOLO`))).ErrorCode).toBe(
        'Promotion.CannotCombine',
      );
      const second = await cart(anna);
      await expectOk(await as(anna)('POST', `${second.url}/promotions/SOLO`), 201);
      expect((await errorOf(await as(anna)('POST', `${second.url}/promotions/COMBO-A`))).ErrorCode).toBe(
        'Promotion.CannotCombine',
      );
    });

    it('only buyers it is assigned to (company or group) may use a promotion', async () => {
      await promotion({ ID: 'acme-only', Code: 'ACMEONLY', AllowAllBuyers: false });
      const bauerCart = await cart(clara, [['la-48-hall', 1]]);
      const acmeCart = await cart(anna);
      expect((await errorOf(await as(anna)('POST', `${acmeCart.url}/promotions/ACMEONLY`))).ErrorCode).toBe(
        'NotFound',
      );
      await expectOk(
        await admin('POST', '/v1/promotions/assignments', { PromotionID: 'acme-only', BuyerID: 'acme' }),
        204,
      );
      const assignments = await expectOk<{ Items: Body[] }>(
        await admin('GET', '/v1/promotions/assignments?promotionID=acme-only'),
      );
      expect(assignments.Items).toEqual([{ PromotionID: 'acme-only', BuyerID: 'acme', UserGroupID: null }]);
      await expectOk(await as(anna)('POST', `${acmeCart.url}/promotions/ACMEONLY`), 201);
      expect((await errorOf(await as(clara)('POST', `${bauerCart.url}/promotions/ACMEONLY`))).ErrorCode).toBe(
        'NotFound',
      );
      await expectOk(await admin('DELETE', '/v1/promotions/acme-only/assignments?buyerID=acme'), 204);
      expect((await as(anna)('GET', '/v1/me/promotions/acme-only')).statusCode).toBe(404);

      // A group assignment reaches the group's members only.
      await promotion({ ID: 'vip-only', Code: 'VIPONLY', AllowAllBuyers: false });
      await expectOk(await admin('POST', '/v1/buyers/acme/usergroups', { ID: 'vip', Name: 'VIP' }), 201);
      await expectOk(
        await admin('POST', '/v1/buyers/acme/usergroups/assignments', { UserGroupID: 'vip', UserID: 'bo' }),
        204,
      );
      await expectOk(
        await admin('POST', '/v1/promotions/assignments', {
          PromotionID: 'vip-only',
          BuyerID: 'acme',
          UserGroupID: 'vip',
        }),
        204,
      );
      const boCart = await cart(bo);
      await expectOk(await as(bo)('POST', `${boCart.url}/promotions/VIPONLY`), 201);
      expect((await errorOf(await as(anna)('POST', `${acmeCart.url}/promotions/VIPONLY`))).ErrorCode).toBe(
        'NotFound',
      );
    });

    it('applies promotions only while the order is Unsubmitted or AwaitingApproval', async () => {
      await promotion({ Code: 'LATE' });
      const order = await cart(anna);
      await expectOk(await as(anna)('POST', `${order.url}/submit`));
      expect((await errorOf(await as(anna)('POST', `${order.url}/promotions/LATE`))).ErrorCode).toBe(
        'Order.CannotApplyPromoBadStatus',
      );
    });
  });

  describe('product categories (incategory / inparentcategory)', () => {
    beforeAll(async () => {
      // main: motion > linear (la-48-hall, from the fixtures); another catalog no buyer has puts
      // la-24-hall in a category of the same name.
      await expectOk(
        await admin('POST', '/v1/catalogs/main/categories', { ID: 'motion', Name: 'Motion' }),
        201,
      );
      await expectOk(await admin('PATCH', '/v1/catalogs/main/categories/linear', { ParentID: 'motion' }));
      await expectOk(await admin('POST', '/v1/catalogs', { ID: 'unassigned', Name: 'Nobody' }), 201);
      await expectOk(
        await admin('POST', '/v1/catalogs/unassigned/categories', { ID: 'Linear', Name: 'Linear' }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/catalogs/unassigned/categories/productassignments', {
          CategoryID: 'Linear',
          ProductID: 'la-24-hall',
        }),
        204,
      );
    });

    it("items.any(product.incategory('X')) is true only when a line's product is in X of the order's catalog", async () => {
      await promotion({
        Code: 'LINEAR25',
        EligibleExpression: "items.any(product.incategory('Linear'))",
        ValueExpression: "items.total(product.incategory('linear')) * .1",
      });
      const inCategory = await cart(anna, [
        ['la-48-hall', 1],
        ['la-24-hall', 1],
      ]);
      const added = await expectOk<Body>(
        await as(anna)('POST', `${inCategory.url}/promotions/LINEAR25`),
        201,
      );
      expect(added).toMatchObject({ Amount: 100, LineItemID: null });
      // la-24-hall is in a 'Linear' category only in a catalog the buyer is not assigned.
      const outside = await cart(anna, [['la-24-hall', 1]]);
      expect((await errorOf(await as(anna)('POST', `${outside.url}/promotions/LINEAR25`))).ErrorCode).toBe(
        'Promotion.NotEligible',
      );
      // Once the line in the category goes, the promotion stays on with no amount (A3: checked again on submit).
      await expectOk(await as(anna)('DELETE', `${inCategory.url}/lineitems/${inCategory.lines[0]}`), 204);
      expect(await expectOk<Body>(await as(anna)('GET', inCategory.url))).toMatchObject({
        PromotionDiscount: 0,
      });
    });

    it("item.product.incategory('X') selects the lines of a line-level promotion; inparentcategory reads ancestors", async () => {
      await promotion({
        Code: 'LINELINEAR',
        LineItemLevel: true,
        EligibleExpression:
          "item.product.incategory('linear') and items.any(product.inparentcategory('motion'))",
        ValueExpression: 'item.LineSubtotal * .2',
      });
      await promotion({ Code: 'NOTDIRECT', EligibleExpression: "items.any(product.incategory('motion'))" });
      const order = await cart(anna, [
        ['la-24-hall', 1],
        ['la-48-hall', 2],
      ]);
      const added = await expectOk<Body>(await as(anna)('POST', `${order.url}/promotions/LINELINEAR`), 201);
      expect(added).toMatchObject({ LineItemID: order.lines[1], Amount: 400 });
      const lines = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${order.url}/lineitems`));
      expect(lines.Items.map((line) => [line.ProductID, line.PromotionDiscount])).toEqual([
        ['la-24-hall', 0],
        ['la-48-hall', 400],
      ]);
      // motion is only an ancestor of la-48-hall's category, not one it is assigned to.
      const other = await cart(anna, [['la-48-hall', 1]]);
      expect((await errorOf(await as(anna)('POST', `${other.url}/promotions/NOTDIRECT`))).ErrorCode).toBe(
        'Promotion.NotEligible',
      );
      // A category assignment made later counts at the order's next change.
      await expectOk(
        await admin('POST', '/v1/catalogs/main/categories/productassignments', {
          CategoryID: 'linear',
          ProductID: 'la-24-hall',
        }),
        204,
      );
      await expectOk(await as(anna)('PATCH', `${order.url}/lineitems/${order.lines[0]}`, { Quantity: 2 }));
      expect(await expectOk<Body>(await as(anna)('GET', order.url))).toMatchObject({
        Subtotal: 4000,
        PromotionDiscount: 800,
      });
      await expectOk(
        await admin('DELETE', '/v1/catalogs/main/categories/linear/productassignments/la-24-hall'),
        204,
      );
    });
  });

  describe('submit', () => {
    it('counts a redemption when the order is submitted, not when the code is added', async () => {
      await promotion({ ID: 'counted', Code: 'COUNTED' });
      const order = await cart(anna);
      await expectOk(await as(anna)('POST', `${order.url}/promotions/COUNTED`), 201);
      expect(await expectOk<Body>(await admin('GET', '/v1/promotions/counted'))).toMatchObject({
        RedemptionCount: 0,
      });
      const submitted = await expectOk<Body>(await as(anna)('POST', `${order.url}/submit`));
      expect(submitted).toMatchObject({ Status: 'Open', PromotionDiscount: 10, Total: 1990 });
      expect(await expectOk<Body>(await admin('GET', '/v1/promotions/counted'))).toMatchObject({
        RedemptionCount: 1,
      });
      // After submit the discount stays as submitted, whatever happens to the promotion.
      await expectOk(
        await admin('PATCH', '/v1/promotions/counted', { ValueExpression: '500', Active: false }),
      );
      await expectOk(
        await admin('PATCH', `/v1/orders/Incoming/${order.id}`, { xp: { ErpOrderNumber: 'SO-1' } }),
      );
      expect(await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${order.id}`))).toMatchObject({
        PromotionDiscount: 10,
        Total: 1990,
        xp: { ErpOrderNumber: 'SO-1' },
      });
    });

    it('RedemptionLimit: across all users, checked when added and again on submit', async () => {
      await promotion({ ID: 'limited', Code: 'LIMITED', RedemptionLimit: 1 });
      const first = await cart(anna);
      const second = await cart(bo);
      await expectOk(await as(anna)('POST', `${first.url}/promotions/LIMITED`), 201);
      await expectOk(await as(bo)('POST', `${second.url}/promotions/LIMITED`), 201);
      await expectOk(await as(anna)('POST', `${first.url}/submit`));
      const refused = await as(bo)('POST', `${second.url}/submit`);
      expect(refused.statusCode).toBe(400);
      expect(await errorOf(refused)).toMatchObject({
        ErrorCode: 'Promotion.ExceedsUsageLimit',
        Data: { Code: 'LIMITED' },
      });
      expect(await expectOk<Body>(await as(bo)('GET', second.url))).toMatchObject({ Status: 'Unsubmitted' });
      const third = await cart(bo);
      expect((await errorOf(await as(bo)('POST', `${third.url}/promotions/LIMITED`))).ErrorCode).toBe(
        'Promotion.ExceedsUsageLimit',
      );
      expect(await expectOk<Body>(await admin('GET', '/v1/promotions/limited'))).toMatchObject({
        RedemptionCount: 1,
      });
    });

    it('RedemptionLimitPerUser: per user; other users may still use it', async () => {
      await promotion({ Code: 'PERUSER', RedemptionLimitPerUser: 1 });
      const first = await cart(anna);
      await expectOk(await as(anna)('POST', `${first.url}/promotions/PERUSER`), 201);
      await expectOk(await as(anna)('POST', `${first.url}/submit`));
      const again = await cart(anna);
      expect((await errorOf(await as(anna)('POST', `${again.url}/promotions/PERUSER`))).ErrorCode).toBe(
        'Promotion.ExceedsUsageLimit',
      );
      const boCart = await cart(bo);
      await expectOk(await as(bo)('POST', `${boCart.url}/promotions/PERUSER`), 201);
    });

    it('re-checks eligibility and dates on submit', async () => {
      await promotion({ ID: 'fading', Code: 'FADING' });
      await promotion({ Code: 'BIGORDER', EligibleExpression: 'order.Subtotal >= 2000' });
      const expiring = await cart(anna);
      await expectOk(await as(anna)('POST', `${expiring.url}/promotions/FADING`), 201);
      await expectOk(await admin('PATCH', '/v1/promotions/fading', { ExpirationDate: PAST }));
      expect((await errorOf(await as(anna)('POST', `${expiring.url}/submit`))).ErrorCode).toBe(
        'Promotion.Expired',
      );

      const shrinking = await cart(anna);
      await expectOk(await as(anna)('POST', `${shrinking.url}/promotions/BIGORDER`), 201);
      await expectOk(
        await as(anna)('PATCH', `${shrinking.url}/lineitems/${shrinking.lines[0]}`, { Quantity: 1 }),
      );
      // No longer eligible: no discount, and submit refuses the order until the code is removed.
      expect(await expectOk<Body>(await as(anna)('GET', shrinking.url))).toMatchObject({
        PromotionDiscount: 0,
      });
      expect((await errorOf(await as(anna)('POST', `${shrinking.url}/submit`))).ErrorCode).toBe(
        'Promotion.NotEligible',
      );
      await expectOk(await as(anna)('DELETE', `${shrinking.url}/promotions/BIGORDER`));
      await expectOk(await as(anna)('POST', `${shrinking.url}/submit`));
    });

    it('an inactive promotion comes off unsubmitted orders', async () => {
      await promotion({ ID: 'paused', Code: 'PAUSED' });
      const order = await cart(anna);
      await expectOk(await as(anna)('POST', `${order.url}/promotions/PAUSED`), 201);
      await expectOk(await admin('PATCH', '/v1/promotions/paused', { Active: false }));
      await expectOk(await as(anna)('PATCH', order.url, { Comments: 'touch' }));
      expect(
        await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${order.url}/promotions`)),
      ).toMatchObject({ Items: [] });
      expect(await expectOk<Body>(await as(anna)('GET', order.url))).toMatchObject({ PromotionDiscount: 0 });
    });
  });

  describe('auto-apply', () => {
    it('applies eligible AutoApply promotions by Priority (lower first, nulls last); CanCombine decides the rest', async () => {
      // Make this test's promotions the only auto-apply ones: deactivate nothing else is needed, none exist yet.
      await promotion({
        ID: 'auto-late',
        Code: 'AUTO-LATE',
        AutoApply: true,
        Priority: 2,
        ValueExpression: '20',
      });
      await promotion({
        ID: 'auto-first',
        Code: 'AUTO-FIRST',
        AutoApply: true,
        Priority: 1,
        ValueExpression: '15',
      });
      await promotion({
        ID: 'auto-none',
        Code: 'AUTO-NONE',
        AutoApply: true,
        Priority: null,
        ValueExpression: '30',
      });
      await promotion({
        ID: 'auto-ineligible',
        Code: 'AUTO-NO',
        AutoApply: true,
        Priority: 0,
        EligibleExpression: 'order.Subtotal > 999999',
      });
      const order = await cart(anna);
      const applied = await expectOk<Body>(await as(anna)('POST', `${order.url}/applypromotions`));
      expect(applied).toMatchObject({ PromotionDiscount: 15, Total: 1985 });
      const listed = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${order.url}/promotions`));
      expect(listed.Items.map((item) => item.ID)).toEqual(['auto-first']);

      await expectOk(await admin('PATCH', '/v1/promotions/auto-first', { CanCombine: true }));
      await expectOk(await admin('PATCH', '/v1/promotions/auto-late', { CanCombine: true }));
      await expectOk(await admin('PATCH', '/v1/promotions/auto-none', { CanCombine: true }));
      const other = await cart(anna);
      await expectOk(await as(anna)('POST', `${other.url}/applypromotions`));
      const all = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${other.url}/promotions`));
      expect(all.Items.map((item) => item.ID)).toEqual(['auto-first', 'auto-late', 'auto-none']);
      expect(await expectOk<Body>(await as(anna)('GET', other.url))).toMatchObject({ PromotionDiscount: 65 });

      const eligible = await expectOk<{ Items: Body[] }>(
        await as(anna)('GET', `${order.url}/eligiblepromotions?pageSize=100`),
      );
      expect(eligible.Items.map((item) => item.ID)).not.toContain('auto-ineligible');
      const refreshed = await expectOk<{ PromosAdded: Body[]; PromosRemoved: Body[] }>(
        await as(anna)('POST', `${order.url}/refreshpromotions`),
      );
      expect(refreshed.PromosRemoved).toEqual([]);
      expect(eligible.Items.find((item) => item.ID === 'auto-first')).toMatchObject({ Amount: 15 });
      // refreshpromotions takes off what can no longer be used, with the reason.
      await expectOk(await admin('PATCH', '/v1/promotions/auto-late', { ExpirationDate: PAST }));
      const cleaned = await expectOk<{ PromosAdded: Body[]; PromosRemoved: Body[] }>(
        await as(anna)('POST', `${other.url}/refreshpromotions`),
      );
      expect(cleaned.PromosRemoved).toEqual([
        expect.objectContaining({ ID: 'auto-late', ErrorCode: 'Promotion.Expired', Amount: 20 }),
      ]);
      expect(await expectOk<Body>(await as(anna)('GET', other.url))).toMatchObject({ PromotionDiscount: 45 });
      for (const id of ['auto-first', 'auto-late', 'auto-none', 'auto-ineligible'])
        await expectOk(await admin('PATCH', `/v1/promotions/${id}`, { AutoApply: false }));
    });
  });
});
