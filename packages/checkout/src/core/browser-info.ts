/** browserInfo of the payment request, read at submit time (never at import, so the module is SSR-safe). */
export interface BrowserInfo {
  acceptHeader: string;
  colorDepth: number;
  language: string;
  javaEnabled: boolean;
  screenHeight: number;
  screenWidth: number;
  userAgent: string;
  timeZoneOffset: number;
}

export function collectBrowserInfo(): BrowserInfo {
  return {
    acceptHeader: '*/*',
    colorDepth: window.screen?.colorDepth ?? 24,
    language: navigator.language,
    javaEnabled: false,
    screenHeight: window.screen?.height ?? 0,
    screenWidth: window.screen?.width ?? 0,
    userAgent: navigator.userAgent,
    timeZoneOffset: new Date().getTimezoneOffset(),
  };
}
