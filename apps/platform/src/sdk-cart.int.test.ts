import {
  Auth,
  Cart,
  LineItems,
  Orders,
  Payments,
  Promotions,
  Shipments,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIDDLEWARE_CLIENT_ID, STOREFRONT_CLIENT_ID } from './modules/auth/bootstrap.ts';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import { connectCheckout } from './testing/checkout-setup.ts';
import { fakeMiddleware } from './testing/fake-middleware.ts';
import {
  createBuyerWithUser,
  DEMO_PASSWORD,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { sdkFailure, serveToSdk } from './testing/sdk.ts';

const address = (city: string) => ({
  Street1: 'Havnegade 1',
  City: city,
  State: 'MJ',
  Zip: '8000',
  Country: 'DK',
});

/** What a rejected SDK call carried (OrderCloudError). */
/**
 * The official SDK's Cart resource (and Orders.Validate, Orders.Save, the partial address and FromUser
 * changes, LineItems.ListAcrossOrders, line ship-to, payment transaction deletion, Shipments' item and
 * addresses) against the platform on a loopback port: a whole cart checkout as the storefront does it.
 */
describe('ordercloud-javascript-sdk: Cart and the order additions', () => {
  let platform: Platform;
  let asAdmin: { accessToken: string };
  const middleware = fakeMiddleware();

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await seedSmallCatalog(platform, ['acme-dk']);
    await connectCheckout(platform, middleware.server);
    await serveToSdk(platform);
    const token = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, [
      'Shopper',
      'MeAdmin',
    ]);
    Tokens.SetAccessToken(token.access_token);
    asAdmin = {
      accessToken: (await Auth.ClientCredentials(MIDDLEWARE_SECRET, MIDDLEWARE_CLIENT_ID, ['FullAccess']))
        .access_token,
    };
    await Promotions.Create(
      {
        ID: 'sdk-cart',
        Code: 'CART50',
        AllowAllBuyers: true,
        EligibleExpression: 'true',
        ValueExpression: '50',
      },
      asAdmin,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  it('checks a cart out: lines, addresses, promotions, shipping, calculate, payment, validate, submit', async () => {
    expect((await Cart.Get()).ID).toBeNull();
    const line = await Cart.CreateLineItem({
      ProductID: 'la-24-pot',
      Quantity: 10,
      Specs: [{ SpecID: 'stroke', OptionID: '300' }],
    });
    expect(line).toMatchObject({ UnitPrice: 1050, LineSubtotal: 10500 });
    const cart = await Cart.Get();
    expect(cart).toMatchObject({ Status: 'Unsubmitted', LineItemCount: 1, FromUserID: 'anna' });
    await Cart.SaveLineItem('extra', { ProductID: 'la-48-hall', Quantity: 1 });
    expect(await Cart.PatchLineItem('extra', { Quantity: 2 })).toMatchObject({
      Quantity: 2,
      LineSubtotal: 2000,
    });
    expect((await Cart.GetLineItem(line.ID)).Specs[0]).toMatchObject({ OptionID: '300' });
    await Cart.DeleteLineItem('extra');
    expect((await Cart.ListLineItems({ pageSize: 10 })).Items.map((item) => item.ID)).toEqual([line.ID]);

    await Cart.Patch({ Comments: 'Ring at gate 4' });
    expect(
      await Cart.Save({ ID: cart.ID, Comments: 'Gate 4', xp: { CustomerReference: 'PO-77' } }),
    ).toMatchObject({
      Comments: 'Gate 4',
      xp: { CustomerReference: 'PO-77' },
    });
    await Cart.SetBillingAddress(address('Aarhus'));
    expect((await Cart.PatchBillingAddress({ City: 'Odense' })).BillingAddress).toMatchObject({
      City: 'Odense',
      Street1: 'Havnegade 1',
    });
    await Cart.SetShippingAddress(address('Aarhus'));
    await Cart.PatchShippingAddress({ Zip: '8200' });
    expect((await Cart.GetLineItem(line.ID)).ShippingAddress).toMatchObject({ City: 'Aarhus', Zip: '8200' });
    expect((await Cart.PatchFromUser({ FirstName: 'Anna', LastName: 'Jensen' })).FromUser).toMatchObject({
      FirstName: 'Anna',
      LastName: 'Jensen',
    });

    expect((await Cart.ListEligiblePromotions()).Items.map((promotion) => promotion.Code)).toEqual([
      'CART50',
    ]);
    expect(await Cart.AddPromotion('CART50')).toMatchObject({ Code: 'CART50', Amount: 50 });
    expect((await Cart.ListPromotions()).Items).toHaveLength(1);
    await Cart.DeletePromotion('CART50');
    await Cart.AddPromotion('CART50');
    expect((await Cart.ApplyPromotions()).PromotionDiscount).toBe(50);
    expect((await Cart.RefreshPromotions()).PromosRemoved).toEqual([]);

    const estimated = await Cart.EstimateShipping();
    const estimate = estimated.ShipEstimateResponse.ShipEstimates[0];
    await Cart.SelectShipMethods({
      ShipMethodSelections: [{ ShipEstimateID: estimate?.ID as string, ShipMethodID: 'standard' }],
    });
    const payment = await Cart.CreatePayment({ Type: 'PurchaseOrder' });
    expect((await Cart.ListPayments()).Items.map((entry) => entry.ID)).toEqual([payment.ID]);
    expect(await Cart.PatchPayment(payment.ID, { Description: 'PO-77' })).toMatchObject({
      Description: 'PO-77',
    });
    expect(
      (
        await sdkFailure(
          Cart.CreatePaymentTransaction(payment.ID, {
            Type: 'PurchaseOrder',
            DateExecuted: new Date().toISOString(),
          }),
        )
      ).errorCode,
    ).toBe('Auth.InsufficientRoles');

    // Not yet: both problems in one answer, the cart's and the order route's alike.
    const invalid = await sdkFailure(Orders.Validate('Outgoing', cart.ID));
    expect(invalid.status).toBe(400);
    expect(invalid.errors?.map((error) => error.ErrorCode)).toEqual([
      'Order.CannotSubmitWithUnaccceptedPayments',
      'Order.CannotSubmitUncalculatedOrder',
    ]);
    expect((await sdkFailure(Cart.Validate())).errors).toEqual(invalid.errors);

    const worksheet = await Cart.Calculate();
    expect(worksheet.Order).toMatchObject({
      Subtotal: 5000,
      ShippingCost: 95,
      TaxCost: 262.5,
      PromotionDiscount: 50,
    });
    expect((await Cart.GetOrderWorksheet()).OrderCalculateResponse).toMatchObject({ Succeeded: true });
    // The middleware accepts the purchase order as order admin; a transaction it recorded is deleted again.
    await Payments.Patch('Incoming', cart.ID, payment.ID, { Accepted: true }, asAdmin);
    const recorded = await Payments.CreateTransaction(
      'Incoming',
      cart.ID,
      payment.ID,
      { ID: 'po-check', Type: 'PurchaseOrder', DateExecuted: new Date().toISOString() },
      asAdmin,
    );
    expect(recorded.Transactions.map((transaction) => transaction.ID)).toEqual(['po-check']);
    await Payments.DeleteTransaction('Incoming', cart.ID, payment.ID, 'po-check', asAdmin);
    expect((await Cart.GetPayment(payment.ID)).Transactions).toEqual([]);
    await Cart.Validate();
    await Orders.Validate('Outgoing', cart.ID);

    const submitted = await Cart.Submit();
    expect(submitted).toMatchObject({ ID: cart.ID, Status: 'Open', Total: 5307.5, Comments: 'Gate 4' });
    expect((await Cart.Get()).ID).toBeNull();
    const lines = await LineItems.ListAcrossOrders('Outgoing', { filters: { OrderID: cart.ID } });
    expect(lines.Items).toEqual([expect.objectContaining({ ID: line.ID, OrderID: cart.ID, Quantity: 10 })]);
    expect(lines.Items[0]?.Order).toMatchObject({ ID: cart.ID, Status: 'Open' });
  });

  it('ships the order and reads the shipment item and addresses', async () => {
    const [line] = (
      await LineItems.ListAcrossOrders('Incoming', { filters: { ProductID: 'la-24-pot' } }, asAdmin)
    ).Items;
    await Shipments.Create({ ID: 'sdk-shipment', Shipper: 'DHL' }, asAdmin);
    await Shipments.SaveItem(
      'sdk-shipment',
      { OrderID: line?.OrderID, LineItemID: line?.ID, QuantityShipped: 4 },
      asAdmin,
    );
    expect(
      await Shipments.GetItem('sdk-shipment', line?.OrderID as string, line?.ID as string, asAdmin),
    ).toMatchObject({ QuantityShipped: 4 });
    await Shipments.SetShipFromAddress('sdk-shipment', address('Horsens'), asAdmin);
    const shipment = await Shipments.SetShipToAddress('sdk-shipment', address('Aarhus'), asAdmin);
    expect(shipment).toMatchObject({ FromAddress: { City: 'Horsens' }, ToAddress: { City: 'Aarhus' } });
  });

  it('saves orders, patches their one-off addresses and user, sets a line’s ship-to', async () => {
    const order = await Orders.Save('Outgoing', 'sdk-saved', { Comments: 'saved' });
    expect(order).toMatchObject({ ID: 'sdk-saved', Comments: 'saved' });
    const line = await LineItems.Create('Outgoing', order.ID, { ProductID: 'la-48-hall', Quantity: 1 });
    await Orders.SetBillingAddress('Outgoing', order.ID, address('Aarhus'));
    expect(
      (await Orders.PatchBillingAddress('Outgoing', order.ID, { City: 'Vejle' })).BillingAddress,
    ).toMatchObject({ City: 'Vejle' });
    await Orders.SetShippingAddress('Outgoing', order.ID, address('Aarhus'));
    await Orders.PatchShippingAddress('Outgoing', order.ID, { City: 'Silkeborg' });
    expect(
      (await Orders.PatchFromUser('Outgoing', order.ID, { Email: 'guest@example.com' })).FromUser,
    ).toMatchObject({ Email: 'guest@example.com' });
    const shipTo = await LineItems.SetShippingAddress('Outgoing', order.ID, line.ID, address('Skive'));
    expect(shipTo.ShippingAddress).toMatchObject({ City: 'Skive' });
    expect(
      (await LineItems.PatchShippingAddress('Outgoing', order.ID, line.ID, { Zip: '7800' })).ShippingAddress,
    ).toMatchObject({ City: 'Skive', Zip: '7800' });
    expect((await Orders.Save('Outgoing', order.ID, { ID: order.ID })).Comments).toBeNull();
    expect((await sdkFailure(Orders.PatchFromUser('Outgoing', order.ID, { Username: 'x' }))).errorCode).toBe(
      'InvalidRequest',
    );
  });

  it('sets the active cart, deletes it, and has no bundles', async () => {
    await Orders.Create('Outgoing', { ID: 'sdk-newer' });
    expect((await Cart.Get()).ID).toBe('sdk-newer');
    await Cart.SetActiveCart('sdk-saved');
    expect((await Cart.Get()).ID).toBe('sdk-saved');
    await Cart.Delete();
    expect((await Cart.Get()).ID).toBe('sdk-newer');
    expect((await sdkFailure(Orders.Get('Outgoing', 'sdk-saved'))).status).toBe(404);
    const bundle = await sdkFailure(Cart.CreateBundleItem('kit', { LineItems: [] } as never));
    expect(bundle).toMatchObject({ status: 404, errorCode: 'NotFound' });
  });
});
