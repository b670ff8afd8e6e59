import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { autoPostPage, escapeHtml, htmlPage, scriptJson } from '../../shared/html.ts';
import { CHALLENGE_PASSWORD } from '../cards/test-cards.ts';
import {
  type ChallengeWindowSize,
  decodeBase64UrlJson,
  MESSAGE_VERSION,
  type ThreeDsService,
} from './service.ts';

/** Challenge window sizes of EMV 3-D Secure; 05 is the full frame. */
const WINDOW_SIZES: Record<ChallengeWindowSize, { width: string; height: string }> = {
  '01': { width: '250px', height: '400px' },
  '02': { width: '390px', height: '400px' },
  '03': { width: '500px', height: '600px' },
  '04': { width: '600px', height: '400px' },
  '05': { width: '100%', height: '100%' },
};

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

const errorPage = (message: string) => htmlPage('3-D Secure', `<p role="alert">${escapeHtml(message)}</p>`);

/**
 * A page that hands a result to the widget by postMessage: the notification URL's origin is the
 * gateway's, and the message goes only to the merchant page's origin (when known).
 */
const resultMessagePage = (message: object, targetOrigin: string | null) =>
  htmlPage(
    '3-D Secure',
    `<script>window.parent.postMessage(${scriptJson(JSON.stringify(message))}, ${scriptJson(targetOrigin ?? '*')});</script>`,
  );

const formBody = z.record(z.string(), z.string().max(16_384));

/** The 3DS2 ACS simulator pages (docs/domain.md, 3-D Secure 2): method URL, challenge and notification pages. */
export function threeDsRoutes(app: ServiceApp, deps: { threeDs: ThreeDsService; publicUrl: string }) {
  const page = { tags: ['3ds2'], hide: false };

  app.post(
    '/threeds2/method',
    { schema: { ...page, summary: '3DS method URL: device fingerprint', body: formBody } },
    async (request, reply) => {
      const data = decodeBase64UrlJson<{
        threeDSServerTransID?: string;
        threeDSMethodNotificationURL?: string;
      }>(request.body.threeDSMethodData);
      if (!data?.threeDSServerTransID || !data.threeDSMethodNotificationURL) {
        return sendHtml(reply, errorPage('Invalid threeDSMethodData.'), 400);
      }
      // Only our own notification page: never auto-post to an arbitrary URL.
      if (!data.threeDSMethodNotificationURL.startsWith(`${deps.publicUrl}/`)) {
        return sendHtml(reply, errorPage('Unexpected threeDSMethodNotificationURL.'), 400);
      }
      const transaction = await deps.threeDs.recordMethod(data.threeDSServerTransID, new Date());
      if (!transaction) return sendHtml(reply, errorPage('Unknown 3DS transaction.'), 404);
      return sendHtml(
        reply,
        autoPostPage('3-D Secure', data.threeDSMethodNotificationURL, {
          threeDSMethodData: request.body.threeDSMethodData ?? '',
        }),
      );
    },
  );

  app.post(
    '/threeds2/method-notification',
    { schema: { ...page, summary: '3DS method notification: posts the fingerprint result', body: formBody } },
    async (request, reply) => {
      const data = decodeBase64UrlJson<{ threeDSServerTransID?: string }>(request.body.threeDSMethodData);
      const transaction = data?.threeDSServerTransID
        ? await deps.threeDs.find(data.threeDSServerTransID)
        : undefined;
      if (!transaction) return sendHtml(reply, errorPage('Unknown 3DS transaction.'), 404);
      return sendHtml(
        reply,
        resultMessagePage(
          { type: 'fingerPrintResult', result: { threeDSCompInd: 'Y' } },
          transaction.merchantOrigin,
        ),
      );
    },
  );

  app.post(
    '/threeds2/challenge',
    { schema: { ...page, summary: 'ACS challenge page (CReq)', body: formBody } },
    async (request, reply) => {
      const creq = decodeBase64UrlJson<{
        acsTransID?: string;
        threeDSServerTransID?: string;
        messageType?: string;
        messageVersion?: string;
        challengeWindowSize?: string;
      }>(request.body.creq);
      if (!creq?.acsTransID || creq.messageType !== 'CReq')
        return sendHtml(reply, errorPage('Invalid CReq.'), 400);
      const transaction = await deps.threeDs.openChallenge(
        creq.acsTransID,
        creq.challengeWindowSize,
        new Date(),
      );
      if (!transaction || transaction.id !== creq.threeDSServerTransID) {
        return sendHtml(reply, errorPage('Unknown or finished 3DS transaction.'), 404);
      }
      const size = WINDOW_SIZES[transaction.challengeWindowSize as ChallengeWindowSize] ?? WINDOW_SIZES['02'];
      const acsTransId = escapeHtml(transaction.acsTransId);
      return sendHtml(
        reply,
        htmlPage(
          'Sandbox bank: confirm your payment',
          `<main class="acs" data-window-size="${escapeHtml(transaction.challengeWindowSize)}">
  <h1>Sandbox bank</h1>
  <p>Enter the one-time password to confirm this payment. In the sandbox it is <strong>${escapeHtml(CHALLENGE_PASSWORD)}</strong>.</p>
  <form method="POST" action="/threeds2/challenge/answer">
    <input type="hidden" name="acsTransID" value="${acsTransId}">
    <label for="otp">One-time password</label>
    <input id="otp" name="answer" type="password" autocomplete="one-time-code" autofocus required>
    <div class="buttons">
      <button type="submit" name="action" value="submit">Confirm</button>
      <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</main>`,
          `<style>
html,body{margin:0;font-family:system-ui,sans-serif}
.acs{box-sizing:border-box;width:${size.width};height:${size.height};max-width:100%;padding:16px;overflow:auto}
h1{font-size:1.1rem;margin:0 0 8px}p{font-size:.9rem}label{display:block;margin:8px 0 4px}
input[type=password]{width:100%;box-sizing:border-box;padding:8px;font-size:1rem}
.buttons{display:flex;gap:8px;margin-top:12px}button{padding:8px 12px}
</style>`,
        ),
      );
    },
  );

  app.post(
    '/threeds2/challenge/answer',
    { schema: { ...page, summary: 'ACS challenge answer: posts the CRes', body: formBody } },
    async (request, reply) => {
      const acsTransId = request.body.acsTransID ?? '';
      const answer =
        request.body.action === 'cancel'
          ? ({ cancelled: true } as const)
          : { password: request.body.answer ?? '' };
      const transaction = await deps.threeDs.answerChallenge(
        acsTransId,
        answer,
        new Date(),
        (password) => password === CHALLENGE_PASSWORD,
      );
      if (!transaction?.transStatus)
        return sendHtml(reply, errorPage('Unknown or finished 3DS transaction.'), 404);
      const cres = Buffer.from(
        JSON.stringify({
          acsTransID: transaction.acsTransId,
          messageType: 'CRes',
          messageVersion: MESSAGE_VERSION,
          threeDSServerTransID: transaction.id,
          transStatus: transaction.transStatus,
        }),
      ).toString('base64url');
      return sendHtml(reply, autoPostPage('3-D Secure', deps.threeDs.urls.challengeNotification(), { cres }));
    },
  );

  app.post(
    '/threeds2/notification',
    { schema: { ...page, summary: '3DS notification URL: posts the challenge result', body: formBody } },
    async (request, reply) => {
      const cres = decodeBase64UrlJson<{ threeDSServerTransID?: string; messageType?: string }>(
        request.body.cres,
      );
      const transaction = cres?.threeDSServerTransID
        ? await deps.threeDs.find(cres.threeDSServerTransID)
        : undefined;
      if (!transaction?.transStatus) return sendHtml(reply, errorPage('Unknown 3DS transaction.'), 404);
      return sendHtml(
        reply,
        resultMessagePage(
          { type: 'challengeResult', result: { transStatus: transaction.transStatus } },
          transaction.merchantOrigin,
        ),
      );
    },
  );
}
