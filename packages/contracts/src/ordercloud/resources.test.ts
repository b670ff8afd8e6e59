import { describe, expect, it } from 'vitest';
import { ApprovalRule, OrderApproval } from './approval.ts';
import { OrderCloudErrorBody } from './error.ts';
import { listPage } from './list-page.ts';
import { Order } from './order.ts';
import { Payment, SpendingAccount } from './payment.ts';
import { PriceSchedule } from './price-schedule.ts';
import { OrderPromotion, Promotion } from './promotion.ts';
import { Shipment, ShipmentItem } from './shipment.ts';
import { ShipEstimateResponse, ShipMethod } from './shipping.ts';
import { Subscription, SubscriptionItem } from './subscription.ts';

describe('Shipment', () => {
  const shipment = {
    ID: 'SHP-88121',
    BuyerID: 'buyer-nordic-lift',
    Shipper: 'DHL Freight',
    DateShipped: '2024-03-18T14:00:00+01:00',
    DateDelivered: null,
    TrackingNumber: 'JD014600003828',
    Cost: 250,
    Account: null,
    xp: {
      ErpShipmentId: 'ERP-SHP-4411',
      ErpContainerIds: ['PAL-0001', 'PAL-0002'],
      TrackingUrl: 'https://tracking.carrier.example/JD014600003828',
    },
  };

  it('parses a shipment and its items', () => {
    expect(Shipment.parse(shipment).xp?.ErpContainerIds).toHaveLength(2);
    expect(Shipment.safeParse({ ...shipment, xp: { ...shipment.xp, TrackingUrl: undefined } }).success).toBe(
      true,
    );
    expect(
      ShipmentItem.parse({ OrderID: 'ORD-1', LineItemID: 'li-1', QuantityShipped: 2 }).QuantityShipped,
    ).toBe(2);
  });

  it('rejects a bad extension or quantity', () => {
    expect(
      Shipment.safeParse({ ...shipment, xp: { ...shipment.xp, ErpContainerIds: 'PAL-0001' } }).success,
    ).toBe(false);
    expect(
      Shipment.safeParse({ ...shipment, xp: { ...shipment.xp, TrackingUrl: 'tracking/123' } }).success,
    ).toBe(false);
    expect(Shipment.safeParse({ ...shipment, xp: { ErpContainerIds: [] } }).success).toBe(false);
    expect(ShipmentItem.safeParse({ OrderID: 'ORD-1', LineItemID: 'li-1', QuantityShipped: 0 }).success).toBe(
      false,
    );
  });
});

describe('ShipMethod and ShipEstimate', () => {
  const method = {
    ID: 'dhl-std',
    Name: 'DHL Standard',
    Cost: 250,
    EstimatedTransitDays: 3,
    xp: { Currency: 'DKK' },
  };

  it('parses a ShippingRates answer', () => {
    const response = ShipEstimateResponse.parse({
      ShipEstimates: [
        {
          ID: 'est-1',
          SelectedShipMethodID: null,
          ShipEstimateItems: [{ LineItemID: 'li-1', Quantity: 4 }],
          ShipMethods: [
            method,
            { ...method, ID: 'dhl-express', Name: 'DHL Express', Cost: 600, EstimatedTransitDays: 1 },
          ],
        },
      ],
    });
    expect(response.ShipEstimates[0]?.ShipMethods).toHaveLength(2);
  });

  it('rejects a bad currency, cost or transit time', () => {
    expect(ShipMethod.safeParse({ ...method, xp: { Currency: 'kr' } }).success).toBe(false);
    expect(ShipMethod.safeParse({ ...method, Cost: -1 }).success).toBe(false);
    expect(ShipMethod.safeParse({ ...method, EstimatedTransitDays: 1.5 }).success).toBe(false);
  });
});

describe('Promotion', () => {
  const promotion = {
    ID: 'spring-10',
    Code: 'SPRING10',
    Name: '10 % off orders over 10 000 DKK',
    LineItemLevel: false,
    EligibleExpression: 'order.Subtotal > 10000',
    ValueExpression: 'order.Subtotal * .1',
    RedemptionLimit: 100,
    RedemptionLimitPerUser: 1,
    RedemptionCount: 4,
    StartDate: '2024-03-01T00:00:00+01:00',
    ExpirationDate: '2024-05-31T23:59:59+02:00',
    CanCombine: false,
    AllowAllBuyers: true,
    AutoApply: false,
    Active: true,
    UseIntegration: false,
    Priority: null,
    Description: null,
    FinePrint: 'One per customer.',
  };

  it('parses a promotion and an order promotion', () => {
    expect(Promotion.parse(promotion).Code).toBe('SPRING10');
    expect(OrderPromotion.parse({ ...promotion, Amount: 1684.2, LineItemID: null }).Amount).toBe(1684.2);
  });

  it('enforces OrderCloud’s cross-field rules', () => {
    expect(Promotion.safeParse({ ...promotion, ValueExpression: null }).success).toBe(false);
    expect(Promotion.safeParse({ ...promotion, ValueExpression: null, UseIntegration: true }).success).toBe(
      true,
    );
    expect(Promotion.safeParse({ ...promotion, ItemLimitPerOrder: 2 }).success).toBe(false);
    expect(
      Promotion.safeParse({
        ...promotion,
        LineItemLevel: true,
        ItemLimitPerOrder: 2,
        QuantityLimitPerOrder: 3,
      }).success,
    ).toBe(false);
    expect(
      Promotion.safeParse({ ...promotion, LineItemLevel: true, ItemSortBy: '!LineSubtotal' }).success,
    ).toBe(false);
    expect(
      Promotion.safeParse({
        ...promotion,
        LineItemLevel: true,
        ItemLimitPerOrder: 1,
        ItemSortBy: '!LineSubtotal',
      }).success,
    ).toBe(true);
    expect(Promotion.safeParse({ ...promotion, EligibleExpression: 'x'.repeat(401) }).success).toBe(false);
    expect(Promotion.safeParse({ ...promotion, Code: '' }).success).toBe(false);
  });
});

describe('Subscription', () => {
  const subscription = {
    ID: 'sub-1',
    Frequency: 2,
    Interval: 'Weeks',
    NextOrderDate: '2024-04-01T08:00:00+02:00',
    LastOrderDate: null,
    EndDate: null,
    Active: true,
    FromCompanyID: 'buyer-nordic-lift',
    FromUserID: 'user-mette',
    ToCompanyID: 'actuate',
    Payment: { Type: 'PurchaseOrder' },
    BillingAddressID: 'addr-dk-001',
    ShippingAddressID: 'addr-dk-001',
  };

  it('parses a subscription and its items', () => {
    expect(Subscription.parse(subscription).Interval).toBe('Weeks');
    expect(SubscriptionItem.parse({ ProductID: 'A12345', Quantity: 2 }).Quantity).toBe(2);
  });

  it('rejects a bad interval, frequency or payment type', () => {
    expect(Subscription.safeParse({ ...subscription, Interval: 'Years' }).success).toBe(false);
    expect(Subscription.safeParse({ ...subscription, Frequency: 0 }).success).toBe(false);
    expect(Subscription.safeParse({ ...subscription, Payment: { Type: 'Cash' } }).success).toBe(false);
  });
});

describe('PriceSchedule', () => {
  const schedule = {
    ID: 'ps-a12345-dkk',
    Name: 'A12345 DKK',
    ApplyTax: true,
    ApplyShipping: true,
    MinQuantity: 1,
    MaxQuantity: null,
    UseCumulativeQuantity: false,
    RestrictedQuantity: false,
    PriceBreaks: [
      { Quantity: 1, Price: 4210.5, SalePrice: null },
      { Quantity: 10, Price: 3990, SalePrice: 3790 },
    ],
    Currency: 'DKK',
    SaleStart: '2024-03-01T00:00:00+01:00',
    SaleEnd: '2024-03-31T23:59:59+02:00',
    IsOnSale: true,
  };

  it('parses a schedule with breaks', () => {
    expect(PriceSchedule.parse(schedule).PriceBreaks).toHaveLength(2);
  });

  it('enforces OrderCloud’s break and quantity rules', () => {
    const duplicate = [
      { Quantity: 1, Price: 10 },
      { Quantity: 1, Price: 9 },
    ];
    expect(PriceSchedule.safeParse({ ...schedule, PriceBreaks: duplicate }).success).toBe(false);
    expect(PriceSchedule.safeParse({ ...schedule, PriceBreaks: [{ Quantity: 0, Price: 10 }] }).success).toBe(
      false,
    );
    expect(PriceSchedule.safeParse({ ...schedule, MinQuantity: 5, MaxQuantity: 2 }).success).toBe(false);
    expect(
      PriceSchedule.safeParse({ ...schedule, SaleStart: schedule.SaleEnd, SaleEnd: schedule.SaleStart })
        .success,
    ).toBe(false);
    expect(PriceSchedule.safeParse({ ...schedule, PriceBreaks: [{ Quantity: 1, Price: -1 }] }).success).toBe(
      false,
    );
  });
});

describe('Payment and SpendingAccount', () => {
  const payment = {
    ID: 'pay-1',
    Type: 'CreditCard',
    Description: 'Card payment',
    Currency: 'DKK',
    Amount: 21365,
    Accepted: true,
    DateCreated: '2024-03-04T10:04:00+00:00',
    Transactions: [
      {
        ID: 'tx-1',
        Type: 'CreditCard',
        DateExecuted: '2024-03-04T10:04:10+00:00',
        Currency: 'DKK',
        Amount: 21365,
        Succeeded: true,
        ResultCode: 'Authorised',
        ResultMessage: null,
      },
    ],
    xp: { PspReference: '993617895204576J' },
  };

  it('parses a card payment and a bank transfer payment', () => {
    expect(Payment.parse(payment).xp?.PspReference).toBe('993617895204576J');
    const transfer = {
      ...payment,
      Type: 'PurchaseOrder',
      Transactions: [],
      xp: { BankTransferDetails: { Iban: 'NL13TEST0123456789', Bic: 'TESTNL2A', Reference: 'SO-100481' } },
    };
    expect(Payment.parse(transfer).xp?.BankTransferDetails?.Reference).toBe('SO-100481');
  });

  it('rejects a bad PSP reference or type', () => {
    for (const reference of ['993617895204576', '993617895204576JX', '993617895204576-']) {
      expect(Payment.safeParse({ ...payment, xp: { PspReference: reference } }).success, reference).toBe(
        false,
      );
    }
    expect(Payment.safeParse({ ...payment, Type: 'Cash' }).success).toBe(false);
    expect(
      Payment.safeParse({ ...payment, xp: { BankTransferDetails: { Iban: 'NL13', Bic: '' } } }).success,
    ).toBe(false);
  });

  it('parses a spending account', () => {
    expect(
      SpendingAccount.parse({ ID: 'sa-1', Name: 'Budget', Balance: 5000, AllowAsPaymentMethod: true })
        .Balance,
    ).toBe(5000);
    expect(SpendingAccount.safeParse({ ID: 'sa-1', Name: 'Budget' }).success).toBe(false);
  });
});

describe('approvals', () => {
  it('parses an approval rule and an approval', () => {
    expect(
      ApprovalRule.parse({
        ID: 'loc-1-rule',
        ApprovingGroupID: 'loc-1-OrderApprover',
        RuleExpression: "order.xp.ApprovalNeeded = 'loc-1' & order.Total > 0",
      }).ApprovingGroupID,
    ).toBe('loc-1-OrderApprover');
    expect(
      OrderApproval.parse({
        ApprovalRuleID: 'loc-1-rule',
        ApprovingGroupID: 'loc-1-OrderApprover',
        Status: 'Pending',
        AllowResubmit: false,
        DateCreated: '2024-03-04T10:05:40+00:00',
        DateCompleted: null,
        Approver: null,
        Comments: null,
      }).Status,
    ).toBe('Pending');
  });

  it('rejects missing or bad fields', () => {
    expect(ApprovalRule.safeParse({ RuleExpression: 'order.Total > 0' }).success).toBe(false);
    expect(ApprovalRule.safeParse({ ApprovingGroupID: 'g', RuleExpression: 'x'.repeat(401) }).success).toBe(
      false,
    );
    expect(
      OrderApproval.safeParse({ ApprovalRuleID: 'r', ApprovingGroupID: 'g', Status: 'Waiting' }).success,
    ).toBe(false);
  });
});

describe('list pages and errors', () => {
  it('parses a list page of any entity', () => {
    const page = listPage(Order).parse({
      Meta: { Page: 1, PageSize: 20, TotalCount: 2, TotalPages: 1, ItemRange: [1, 2] },
      Items: [{ ID: 'o1' }, { ID: 'o2' }],
    });
    expect(page.Items.map((order) => order.ID)).toEqual(['o1', 'o2']);
    expect(
      listPage(Order).safeParse({
        Meta: { Page: 1, PageSize: 20, TotalCount: 0, TotalPages: 0, ItemRange: [0, 0] },
        Items: [],
      }).success,
    ).toBe(true);
  });

  it('parses product search facets', () => {
    const meta = {
      Page: 1,
      PageSize: 20,
      TotalCount: 1,
      TotalPages: 1,
      ItemRange: [1, 1],
      Facets: [{ Name: 'Voltage', XpPath: 'Facets.voltage', Values: [{ Value: '24 V DC', Count: 1 }] }],
    };
    expect(listPage(Order).safeParse({ Meta: meta, Items: [{}] }).success).toBe(true);
  });

  it('rejects malformed pages', () => {
    const meta = { Page: 1, PageSize: 20, TotalCount: 1, TotalPages: 1, ItemRange: [1, 1] };
    expect(listPage(Order).safeParse({ Meta: { ...meta, Page: 0 }, Items: [] }).success).toBe(false);
    expect(listPage(Order).safeParse({ Meta: { ...meta, ItemRange: [1] }, Items: [] }).success).toBe(false);
    expect(listPage(Order).safeParse({ Meta: meta, Items: [{ Status: 'Lost' }] }).success).toBe(false);
    expect(listPage(Order).safeParse({ Items: [] }).success).toBe(false);
  });

  it('parses OrderCloud error bodies', () => {
    const body = OrderCloudErrorBody.parse({
      Errors: [
        {
          ErrorCode: 'Order.CannotSubmitBadStatus',
          Message: 'Order must be Unsubmitted',
          Data: { ID: 'o1' },
        },
      ],
    });
    expect(body.Errors[0]?.ErrorCode).toBe('Order.CannotSubmitBadStatus');
    expect(OrderCloudErrorBody.safeParse({ Errors: [] }).success).toBe(false);
    expect(OrderCloudErrorBody.safeParse({ Errors: [{ Message: 'x' }] }).success).toBe(false);
  });
});
