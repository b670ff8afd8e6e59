import { describe, expect, it } from 'vitest';
import { creditNoteMail } from './credit-note-mail.ts';
import { invoiceMail } from './invoice-mail.ts';
import { joinRequestMail } from './join-request-mail.ts';
import { registrationApprovedMail } from './registration-approved-mail.ts';
import { registrationDeclinedMail } from './registration-declined-mail.ts';
import { registrationReceivedMail } from './registration-received-mail.ts';
import { shipmentMail } from './shipment-mail.ts';
import { subscriptionFailedMail } from './subscription-failed-mail.ts';
import { reminderDue } from './subscription-mails.ts';
import { subscriptionReminderMail } from './subscription-reminder-mail.ts';
import { MAIL_LOCALES } from './texts.ts';

const SHOP = 'http://shop.test';

/** Every mail of the business events, with hostile values, in one language. */
const mails = (locale: (typeof MAIL_LOCALES)[number]) => [
  shipmentMail(locale, {
    name: '<b>Anna</b>',
    orderId: 'O-1',
    carrier: 'GLS & Co',
    trackingNumber: '123',
    trackingUrl: 'http://erp.test/tracking/gls/123',
    shippedAt: '2027-03-03T10:00:00Z',
    complete: false,
    orderUrl: `${SHOP}/${locale}/orders/O-1`,
  }),
  invoiceMail(locale, {
    name: 'A & B <ApS>',
    invoiceNumber: 'INV-1',
    orderId: 'O-1',
    currency: 'DKK',
    totalAmount: 123_450,
    dueDate: '2027-04-02',
    invoiceUrl: `${SHOP}/${locale}/invoices/INV-1`,
  }),
  creditNoteMail(locale, {
    name: 'A & B <ApS>',
    creditNoteNumber: 'CN-1',
    invoiceNumber: 'INV-1',
    orderId: 'O-1',
    currency: 'DKK',
    creditedAmount: 31_250,
    reason: '<i>Damaged</i>',
    creditNoteUrl: `${SHOP}/${locale}/invoices/CN-1`,
  }),
  subscriptionReminderMail(locale, {
    name: 'Anna',
    subscriptionId: 's-1',
    title: '<script>x</script>',
    nextOrderDate: '2027-03-03T00:00:00Z',
    subscriptionUrl: `${SHOP}/${locale}/subscriptions/s-1`,
  }),
  subscriptionFailedMail(locale, {
    name: 'Anna',
    title: 'Refill',
    orderId: 'O-2',
    subscriptionUrl: `${SHOP}/${locale}/subscriptions/s-1`,
  }),
  registrationReceivedMail(locale, {
    name: 'Eva',
    companyName: '"Quoted" <Co>',
    joining: true,
    statusUrl: `${SHOP}/${locale}/register/r-1`,
  }),
  registrationApprovedMail(locale, {
    name: 'Eva',
    companyName: 'Co',
    signInUrl: `${SHOP}/${locale}/sign-in`,
  }),
  registrationDeclinedMail(locale, {
    name: 'Eva',
    companyName: 'Co',
    expired: false,
    reason: '<i>unknown</i>',
    registerUrl: `${SHOP}/${locale}/register`,
  }),
  joinRequestMail(locale, {
    name: 'Bo',
    applicantName: 'Eva <Evil>',
    applicantEmail: 'eva@x.test',
    companyName: 'ACME',
    expiresAt: '2027-03-17T00:00:00Z',
    joinRequestsUrl: `${SHOP}/${locale}/account/join-requests`,
  }),
];

describe('the business-event mails', () => {
  it('are written in each language, HTML escaped, with the links in both parts', () => {
    const subjects = new Set<string>();
    for (const locale of MAIL_LOCALES) {
      for (const mail of mails(locale)) {
        subjects.add(mail.subject);
        expect(mail.html).toContain(`lang="${locale}"`);
        expect(mail.html).not.toMatch(/<(script|b|i|Evil|ApS|Co)>/);
        for (const [, href] of mail.html.matchAll(/href="([^"]+)"/g)) {
          expect(mail.text).toContain((href as string).replaceAll('&amp;', '&'));
          expect(href).toMatch(new RegExp(`^(${SHOP}/${locale}/|http://erp\\.test/)`));
        }
      }
    }
    // No mail shares its subject with another language's.
    expect(subjects.size).toBe(MAIL_LOCALES.length * mails('en').length);
  });

  it('formats amounts in minor units and dates as the reader writes them', () => {
    const [, da] = mails('da');
    expect(da?.text).toMatch(/1\.234,50\s?kr\./);
    expect(da?.text).toContain('2. april 2027');
    const [, de] = mails('de');
    expect(de?.text).toMatch(/1\.234,50\s?DKK/);
    const [shipment] = mails('en');
    expect(shipment?.text).toContain('Carrier: GLS & Co');
    expect(shipment?.html).toContain('GLS &amp; Co');
    expect(shipment?.text).toContain('3 March 2027');
  });

  it('finds a subscription due for its reminder between its notification date and its order', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const subscription = {
      ID: 's',
      NextOrderDate: '2027-03-03T00:00:00Z',
      NotificationDate: '2027-02-28T00:00:00Z',
    };
    expect(reminderDue(subscription, now)).toBe(true);
    expect(reminderDue({ ...subscription, NotificationDate: '2027-03-02T00:00:00Z' }, now)).toBe(false);
    expect(reminderDue({ ...subscription, NextOrderDate: '2027-03-01T00:00:00Z' }, now)).toBe(false);
    expect(reminderDue({ ...subscription, Active: false }, now)).toBe(false);
    // No notification days: the notification date is the order date, no reminder.
    expect(reminderDue({ ...subscription, NotificationDate: subscription.NextOrderDate }, now)).toBe(false);
    expect(reminderDue({ ...subscription, EndDate: '2027-03-02T00:00:00Z' }, now)).toBe(false);
  });
});
