import type { ComponentType, ReactNode } from 'react';
import type { AppLocale } from '../i18n/routing';

/** Text in a content layout: one string for every locale, or one string per locale. */
export type LocalizedText = string | Readonly<Partial<Record<AppLocale, string>>>;

/** One entry of a layout: the name of a registered component and its (still unvalidated) props. */
export interface ContentComponentEntry {
  readonly component: string;
  readonly props: Readonly<Record<string, unknown>>;
}

export interface PageLayout {
  readonly page: string;
  readonly title?: LocalizedText;
  readonly components: readonly ContentComponentEntry[];
}

export interface ContentLinkProps {
  /** A path inside the storefront without the locale prefix, e.g. `/sign-in`. */
  readonly href: string;
  readonly className?: string;
  readonly children?: ReactNode;
}

export type ContentLink = ComponentType<ContentLinkProps>;

/** What a renderer gets besides its props. */
export interface ContentRenderContext {
  readonly locale: AppLocale;
  /** Renders an internal link; the page supplies the locale-aware one. */
  readonly Link: ContentLink;
}

/** Turns a component's props into React nodes; throws ContentPropsError when the props do not fit. */
export type ContentRenderer = (
  props: Readonly<Record<string, unknown>>,
  context: ContentRenderContext,
) => ReactNode;

export type ContentRegistry = Readonly<Record<string, ContentRenderer>>;

/** Raised by a renderer whose props are missing or malformed. */
export class ContentPropsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentPropsError';
  }
}
