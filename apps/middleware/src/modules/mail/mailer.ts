import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedMail } from './templates.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
  from: string;
  timeoutMs: number;
}

/** Sends rendered mails over SMTP (nodemailer); a refused or unreachable server throws. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      // A local catcher offers no certificate worth trusting; TLS is used when the server offers it.
      ...(settings.secure
        ? {}
        : { ignoreTLS: settings.host === 'localhost' || settings.host === '127.0.0.1' }),
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  /** The SMTP Message-ID of the sent mail. */
  async send(to: string, mail: RenderedMail & { locale: string }): Promise<string> {
    const info = await this.transport.sendMail({
      from: this.settings.from,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Content-Language': mail.locale },
    });
    return info.messageId;
  }
}
