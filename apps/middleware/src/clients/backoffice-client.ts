/** The back office's REST API (ERP and CRM, `X-Api-Key`), see apps/backoffice/README.md. */
import { callJson, type JsonResponse, UpstreamError } from './http.ts';

export interface BackofficeSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export class BackofficeClient {
  constructor(readonly settings: BackofficeSettings) {}

  /** Status and body; a 5xx, no answer or a refused API key throws `UpstreamError` (retryable). */
  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<JsonResponse<T>> {
    const response = await callJson<T>(
      'backoffice',
      `${this.settings.baseUrl}${path}`,
      { method, headers: { 'x-api-key': this.settings.apiKey }, ...(body === undefined ? {} : { body }) },
      this.settings.timeoutMs,
    );
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError('backoffice', `the back office refused the API key (${response.status})`);
    }
    return response;
  }
}

/** The `detail` of a problem-details answer, or the status. */
export function problemDetail(response: JsonResponse<unknown>): string {
  const body = response.body as { detail?: unknown; type?: unknown } | undefined;
  return typeof body?.detail === 'string' ? body.detail : `HTTP ${response.status}`;
}
