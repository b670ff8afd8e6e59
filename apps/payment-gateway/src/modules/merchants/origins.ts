/**
 * Allowed origins of a client key, as a merchant types them in the dashboard: `scheme://host[:port]`
 * with http or https, no path, query, fragment, credentials or wildcard (the client API compares
 * origins exactly, see `registerClientApi`).
 */

export const MAX_ALLOWED_ORIGINS = 20;

export type OriginsResult =
  | { ok: true; origins: string[] }
  | { ok: false; invalid: string[]; message: string };

/** Parses origins separated by newlines, commas or spaces; every entry must be a bare origin. */
export function parseAllowedOrigins(input: string): OriginsResult {
  const entries = input
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const invalid = entries.filter((entry) => bareOrigin(entry) === undefined);
  if (invalid.length > 0) {
    return {
      ok: false,
      invalid,
      message: 'Each origin is a scheme (http or https), a host and an optional port, with no path.',
    };
  }
  const origins = [...new Set(entries.map((entry) => bareOrigin(entry) as string))];
  if (origins.length > MAX_ALLOWED_ORIGINS) {
    return { ok: false, invalid: [], message: `At most ${MAX_ALLOWED_ORIGINS} origins per client key.` };
  }
  return { ok: true, origins };
}

/** The origin an entry names, or undefined when it is anything more or less than an origin. */
function bareOrigin(entry: string): string | undefined {
  if (entry.length > 200 || entry.includes('*')) return undefined;
  // A single trailing slash is what browsers' address bars add; anything after the host is a path.
  const candidate = entry.endsWith('/') ? entry.slice(0, -1) : entry;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return undefined;
  // `new URL('https://a.b?')` or `https://a.b/.` normalise away; demand the entry is exactly the origin.
  if (candidate.toLowerCase() !== url.origin.toLowerCase()) {
    // Default ports are dropped by URL (https://x:443 → https://x): accept them, nothing else.
    const withoutDefaultPort = candidate.replace(/:(443|80)$/, '');
    if (withoutDefaultPort.toLowerCase() !== url.origin.toLowerCase()) return undefined;
  }
  return url.origin;
}
