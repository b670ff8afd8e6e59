import home from '../../content/pages/home.json';
import { isLocalizedText } from './props';
import type { ContentComponentEntry, PageLayout } from './types';

/*
 * The content source: page layouts kept as JSON files under `content/pages/`. They are bundled at build
 * time; a headless CMS can replace this module later behind the same `getPageLayout`.
 */

const pages = { home } as const satisfies Record<string, unknown>;

export type PageName = keyof typeof pages;

export class ContentLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentLayoutError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Checks the shape of a layout (not the props of its components: their renderers do that), so that
 * a broken file fails loudly instead of rendering half a page.
 */
export function parseLayout(page: string, raw: unknown): PageLayout {
  if (!isRecord(raw)) throw new ContentLayoutError(`Layout "${page}" must be a JSON object`);
  if (!Array.isArray(raw.components)) {
    throw new ContentLayoutError(`Layout "${page}" must have a "components" list`);
  }
  const components = raw.components.map((entry, index): ContentComponentEntry => {
    if (!isRecord(entry) || typeof entry.component !== 'string' || entry.component.trim() === '') {
      throw new ContentLayoutError(
        `Layout "${page}", entry #${index}: "component" must be a non-empty string`,
      );
    }
    if (entry.props !== undefined && !isRecord(entry.props)) {
      throw new ContentLayoutError(`Layout "${page}", entry #${index}: "props" must be an object`);
    }
    return { component: entry.component, props: entry.props ?? {} };
  });
  if (raw.title !== undefined && !isLocalizedText(raw.title)) {
    throw new ContentLayoutError(`Layout "${page}": "title" must be a string or one string per locale`);
  }
  return { page, title: raw.title, components };
}

const parsed = new Map<PageName, PageLayout>();

export function getPageLayout(page: PageName): PageLayout {
  let layout = parsed.get(page);
  if (!layout) {
    layout = parseLayout(page, pages[page]);
    parsed.set(page, layout);
  }
  return layout;
}
