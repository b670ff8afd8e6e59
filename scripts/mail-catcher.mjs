// The mail catcher of `npm start` and the browser tests: maildev, an SMTP server that keeps every
// mail it receives and shows them on a web page (and its REST API, `/api/email`). Nothing leaves
// the machine. Ports: MAIL_SMTP_PORT (1025) and MAIL_WEB_PORT (1080).
import { MailDev } from 'maildev';

const smtp = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const web = Number(process.env.MAIL_WEB_PORT ?? 1080);
const catcher = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
await catcher.start();
console.log(`mail catcher: SMTP on 127.0.0.1:${smtp}, mails at http://localhost:${web}`);
const stop = async () => {
  await catcher.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
