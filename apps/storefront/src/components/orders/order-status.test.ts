import { describe, expect, it } from 'vitest';
import { canCancel, canResubmit, lineErpIssue, orderErpIssue, webShopTimeline } from './order-status';

const states = (status?: string) =>
  webShopTimeline(status).map((step) => `${step.key}:${step.state}${step.partial ? '*' : ''}`);

describe('WebShopStatus timeline', () => {
  it('is all upcoming before the ERP answers', () => {
    expect(states(undefined)).toEqual([
      'Received:upcoming',
      'Confirmed:upcoming',
      'Shipped:upcoming',
      'Invoiced:upcoming',
    ]);
  });

  it('follows the order forward', () => {
    expect(states('Received')).toEqual([
      'Received:current',
      'Confirmed:upcoming',
      'Shipped:upcoming',
      'Invoiced:upcoming',
    ]);
    expect(states('Confirmed')).toEqual([
      'Received:done',
      'Confirmed:current',
      'Shipped:upcoming',
      'Invoiced:upcoming',
    ]);
    expect(states('PartlyShipped')).toEqual([
      'Received:done',
      'Confirmed:done',
      'Shipped:current*',
      'Invoiced:upcoming',
    ]);
    expect(states('Shipped')).toEqual([
      'Received:done',
      'Confirmed:done',
      'Shipped:done',
      'Invoiced:upcoming',
    ]);
    expect(states('Invoiced')).toEqual(['Received:done', 'Confirmed:done', 'Shipped:done', 'Invoiced:done']);
  });

  it('ends at Cancelled', () => {
    expect(states('Cancelled')).toEqual(['Received:done', 'Cancelled:done']);
  });
});

describe('ERP issues and actions', () => {
  it('knows the issues', () => {
    expect(orderErpIssue('MissingContact')).toBe('MissingContact');
    expect(orderErpIssue('None')).toBeUndefined();
    expect(orderErpIssue(42)).toBeUndefined();
    expect(lineErpIssue('InvalidItemStateSalesCompany')).toBe('InvalidItemStateSalesCompany');
    expect(lineErpIssue('MissingCustomer')).toBeUndefined();
  });

  it('offers re-submission only for open orders with an issue the ERP can still take', () => {
    expect(
      canResubmit({
        Status: 'Open',
        xp: { ErpSubmissionIssue: 'PartiallySubmitted', WebShopStatus: 'Received' },
      }),
    ).toBe(true);
    expect(canResubmit({ Status: 'Open', xp: { ErpSubmissionIssue: 'MissingCustomer' } })).toBe(true);
    expect(canResubmit({ Status: 'Open', xp: { ErpSubmissionIssue: 'None' } })).toBe(false);
    expect(
      canResubmit({ Status: 'Open', xp: { ErpSubmissionIssue: 'LineItemIssue', WebShopStatus: 'Shipped' } }),
    ).toBe(false);
    expect(canResubmit({ Status: 'AwaitingApproval', xp: { ErpSubmissionIssue: 'Error' } })).toBe(false);
  });

  it('offers cancelling before the order opens', () => {
    expect(canCancel({ Status: 'AwaitingApproval' })).toBe(true);
    expect(canCancel({ Status: 'Declined' })).toBe(true);
    expect(canCancel({ Status: 'Open' })).toBe(false);
    expect(canCancel({ Status: 'Completed' })).toBe(false);
  });
});
