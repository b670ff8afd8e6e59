/**
 * A real SMTP server in the test process: maildev (the catcher `npm start` runs), read through its
 * REST API as a person reads its web page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@actuate/service-kit/testing';
import { MailDev } from 'maildev';

export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface MailCatcher {
  smtpPort: number;
  webUrl: string;
  /** Every mail caught so far, oldest first. */
  mails(): Promise<CaughtMail[]>;
  /** The mails to an address, waiting until there are at least `count`. */
  mailsTo(address: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Stops the SMTP server (mails sent meanwhile fail) and starts it again on the same ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const smtpPort = await freePort();
  const webPort = await freePort();
  const directory = await mkdtemp(join(tmpdir(), 'actuate-mail-'));
  let server: MailDev | undefined;
  const start = async () => {
    server = new MailDev({
      smtp: smtpPort,
      web: webPort,
      ip: '127.0.0.1',
      webIp: '127.0.0.1',
      silent: true,
      mailDirectory: directory,
    });
    await server.start();
  };
  const stop = async () => {
    await server?.stop();
    server = undefined;
  };
  await start();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const mails = async () => {
    const response = await fetch(`${webUrl}/api/email`);
    if (!response.ok) throw new Error(`maildev answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  };
  return {
    smtpPort,
    webUrl,
    mails,
    async mailsTo(address, count = 1, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await mails()).filter((mail) =>
          mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()),
        );
        if (found.length >= count) return found;
        if (Date.now() > until) throw new Error(`${found.length} of ${count} mails to ${address} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
