import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';

describe('package entry point', () => {
  it('re-exports every module', () => {
    for (const name of [
      // validation, enums, money
      'SalesItemNumber',
      'isPspReference',
      'LOCALE_COOKIE_NAME',
      'OrderStatus',
      'PRICE_MARKUP_TYPES',
      'toMinorUnits',
      'roundHalfAwayFromZero',
      // OrderCloud entities
      'Order',
      'LineItem',
      'Product',
      'BuyerUser',
      'BuyerCompany',
      'CONFIGURATION_FACETS',
      'listPage',
      'OrderCloudErrorBody',
      // integration, price service, problem details
      'CheckoutIntegrationEvent',
      'PreSubmitWebhookResponse',
      'CalculatedOrder',
      'ProblemDetails',
    ]) {
      expect(contracts, name).toHaveProperty(name);
    }
  });
});
