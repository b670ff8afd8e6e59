/**
 * OrderCloud's ForgottenPassword message: the platform, asked to reset a password, sends the user,
 * the single-use code and the URL the storefront named; this mails the reset link in the user's
 * language. Sent while the platform waits: a failed send answers 502 and the platform's delivery job
 * retries; a redelivery of a mailed code changes nothing.
 */
import { createHash } from 'node:crypto';
import { UpstreamError } from '../../clients/http.ts';
import { type MailService, type MailUser, recipientOf } from './service.ts';
import { invitationMail, passwordResetMail } from './templates.ts';
import type { MailLocale } from './texts.ts';

export interface ForgottenPasswordMessage {
  /** NewUserInvitation: a buyer admin created the account; the same code sets its first password. */
  MessageType: 'ForgottenPassword' | 'NewUserInvitation';
  Recipient: MailUser;
  EventBody: {
    Username?: string | null | undefined;
    PasswordRenewalUrl?: string | null | undefined;
    PasswordRenewalVerificationCode: string;
    /** Minutes the code stays valid (our addition to OrderCloud's body). */
    ExpiresInMinutes?: number | undefined;
  };
}

export type ForgottenPasswordResult = { outcome: 'sent' | 'duplicate' | 'no-address' };

export class PasswordResetMails {
  constructor(
    private readonly mail: MailService,
    private readonly storefrontUrl: string,
  ) {}

  async send(message: ForgottenPasswordMessage): Promise<ForgottenPasswordResult> {
    const recipient = recipientOf(message.Recipient);
    if (!recipient) return { outcome: 'no-address' };
    const code = message.EventBody.PasswordRenewalVerificationCode;
    // Keyed by the code's hash: the code itself is kept nowhere here.
    const eventKey = `password-reset:${createHash('sha256').update(code).digest('hex').slice(0, 32)}`;
    const minutes = message.EventBody.ExpiresInMinutes ?? 60;
    const invitation = message.MessageType === 'NewUserInvitation';
    try {
      const sent = await this.mail.deliver(
        eventKey,
        invitation ? 'invitation' : 'password-reset',
        recipient,
        (locale) => {
          const url = this.resetUrl(locale, message.EventBody.PasswordRenewalUrl, code);
          return invitation
            ? invitationMail(locale, {
                name: recipient.name,
                setPasswordUrl: url,
                username: message.EventBody.Username ?? recipient.email,
                expiresInDays: Math.max(1, Math.round(minutes / 1440)),
              })
            : passwordResetMail(locale, { name: recipient.name, resetUrl: url, expiresInMinutes: minutes });
        },
      );
      return { outcome: sent ? 'sent' : 'duplicate' };
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw new UpstreamError('smtp', `the reset mail was not sent: ${(error as Error).message}`);
    }
  }

  /**
   * The link: the URL the storefront asked for when it is on the storefront's own origin, else the
   * storefront's reset page. Anyone may ask for a reset for anyone: a URL of their own choosing
   * would send the victim's code to them.
   */
  private resetUrl(locale: MailLocale, requested: string | null | undefined, code: string): string {
    const fallback = new URL(`${this.storefrontUrl}/${locale}/reset-password`);
    let url = fallback;
    if (requested) {
      try {
        const candidate = new URL(requested);
        if (candidate.origin === fallback.origin) url = candidate;
      } catch {
        // not a URL: the storefront's page
      }
    }
    url.searchParams.set('code', code);
    return url.toString();
  }
}
