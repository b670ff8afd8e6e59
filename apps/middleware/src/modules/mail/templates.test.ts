import { describe, expect, it } from 'vitest';
import { invitationMail, orderConfirmationMail, passwordResetMail } from './templates.ts';
import { mailLocaleOf } from './texts.ts';

const order = {
  id: 'O-1',
  currency: 'DKK',
  lines: [
    { name: '<script>alert(1)</script>', productId: 'B"1', quantity: 2, unitPrice: 100, lineTotal: 200 },
  ],
  subtotal: 200,
  discount: 0,
  shipping: 50,
  tax: 62.5,
  total: 312.5,
  shipTo: { CompanyName: 'A & B <ApS>', Street1: 'Vej 1', Zip: '8000', City: 'Aarhus', Country: 'DK' },
};

describe('mail templates', () => {
  it('escapes every value in the HTML and keeps it readable in the text', () => {
    const mail = orderConfirmationMail('da', {
      name: 'Eve "<b>"',
      order,
      orderUrl: 'http://shop.test/da/orders/O-1?a=1&b="2"',
      awaitingApproval: false,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; B &lt;ApS&gt;');
    expect(mail.html).toContain('Eve &quot;&lt;b&gt;&quot;');
    expect(mail.html).toContain('href="http://shop.test/da/orders/O-1?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.subject).toBe('Ordrebekræftelse O-1');
    // Amounts as a Dane writes them.
    expect(mail.text).toMatch(/312,50\s?kr\./);
  });

  it('writes each language', () => {
    const input = { name: '', resetUrl: 'http://shop.test/x?code=c', expiresInMinutes: 60 };
    expect(passwordResetMail('en', input).subject).toBe('Reset your Actuate password');
    expect(passwordResetMail('da', input).subject).toBe('Nulstil din Actuate-adgangskode');
    expect(passwordResetMail('de', input).subject).toBe('Ihr Actuate-Passwort zurücksetzen');
    expect(passwordResetMail('de', input).html).toContain('lang="de"');
  });

  it('writes the invitation in the invitee’s language with the link, its expiry in days and the user name', () => {
    const input = {
      name: 'Ida',
      setPasswordUrl: 'http://shop/da/reset-password?code=abc',
      username: 'ida@x.example',
      expiresInDays: 7,
    };
    const da = invitationMail('da', input);
    expect(da.subject).toBe('Du er inviteret til Actuate-shoppen');
    expect(da.text).toContain('http://shop/da/reset-password?code=abc');
    expect(da.text).toContain('7 dage');
    expect(da.text).toContain('ida@x.example');
    expect(invitationMail('en', input).subject).toBe('You are invited to the Actuate shop');
    expect(invitationMail('de', input).subject).toBe('Sie sind zum Actuate-Shop eingeladen');
  });

  it('reads the language from Locale.Language, then xp.Locale, else English', () => {
    expect(mailLocaleOf({ Locale: { Language: 'da-DK' } })).toBe('da');
    expect(mailLocaleOf({ Locale: null, xp: { Locale: 'de' } })).toBe('de');
    expect(mailLocaleOf({ Locale: { Language: 'fr-FR' }, xp: {} })).toBe('en');
    expect(mailLocaleOf({})).toBe('en');
  });
});
