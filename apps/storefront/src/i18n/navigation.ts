import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Locale-aware `redirect` for server code: paths are written without the locale prefix. */
export const { redirect } = createNavigation(routing);

// Links are plain `next/link` with the locale prefix: ./link.tsx (next-intl's `Link` is client code).
