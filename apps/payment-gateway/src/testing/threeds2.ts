import type { ServiceApp } from '@actuate/service-kit';
import { decodeToken, encodeBase64UrlJson } from './index.ts';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const pathOf = (url: string) => new URL(url).pathname;

/** Runs the ACS's 3DS method page and its notification page as a browser's hidden iframe would. */
export async function runFingerprintPages(app: ServiceApp, token: string) {
  const data = decodeToken<{
    threeDSMethodUrl: string;
    threeDSMethodNotificationURL: string;
    threeDSServerTransID: string;
  }>(token);
  const threeDSMethodData = encodeBase64UrlJson({
    threeDSServerTransID: data.threeDSServerTransID,
    threeDSMethodNotificationURL: data.threeDSMethodNotificationURL,
  });
  const method = await app.inject({
    method: 'POST',
    url: pathOf(data.threeDSMethodUrl),
    ...form({ threeDSMethodData }),
  });
  const notification = await app.inject({
    method: 'POST',
    url: pathOf(data.threeDSMethodNotificationURL),
    ...form({ threeDSMethodData }),
  });
  return { method, notification };
}

/** Opens the challenge page (CReq) and answers it (OTP or cancel), then runs the notification page. */
export async function runChallengePages(
  app: ServiceApp,
  token: string,
  answer: { otp: string } | 'cancel',
  windowSize = '02',
) {
  const data = decodeToken<{
    acsTransID: string;
    acsURL: string;
    messageVersion: string;
    threeDSNotificationURL: string;
    threeDSServerTransID: string;
  }>(token);
  const creq = encodeBase64UrlJson({
    acsTransID: data.acsTransID,
    messageVersion: data.messageVersion,
    threeDSServerTransID: data.threeDSServerTransID,
    messageType: 'CReq',
    challengeWindowSize: windowSize,
  });
  const challenge = await app.inject({ method: 'POST', url: pathOf(data.acsURL), ...form({ creq }) });
  const answered = await app.inject({
    method: 'POST',
    url: '/threeds2/challenge/answer',
    ...form(
      answer === 'cancel'
        ? { acsTransID: data.acsTransID, action: 'cancel' }
        : { acsTransID: data.acsTransID, action: 'submit', answer: answer.otp },
    ),
  });
  const cres = /name="cres" value="([^"]+)"/.exec(answered.body)?.[1] ?? '';
  const notification = await app.inject({
    method: 'POST',
    url: pathOf(data.threeDSNotificationURL),
    ...form({ cres }),
  });
  return { challenge, answered, cres, notification };
}
