import { Fragment, type ReactNode } from 'react';
import type { AppLocale } from '../i18n/routing';
import { contentRegistry } from './registry';
import {
  type ContentComponentEntry,
  type ContentLink,
  ContentPropsError,
  type ContentRegistry,
  type PageLayout,
} from './types';

export type RenderMode = 'development' | 'production' | 'test';

export interface RenderLayoutProps {
  readonly layout: PageLayout;
  readonly locale: AppLocale;
  readonly Link: ContentLink;
  /** Defaults to the storefront's registry. */
  readonly registry?: ContentRegistry;
  /** Developer messages are shown only in development. Defaults to NODE_ENV. */
  readonly mode?: RenderMode;
  /** Where problems are reported (on the server). Defaults to the console. */
  readonly logger?: Pick<Console, 'warn'>;
}

export function unknownComponentMessage(component: string): string {
  return `No registered renderer for content component “${component}”`;
}

export function invalidPropsMessage(component: string, reason: string): string {
  return `Content component “${component}” has invalid props: ${reason}`;
}

function currentMode(): RenderMode {
  const env = process.env.NODE_ENV;
  return env === 'development' || env === 'test' ? env : 'production';
}

/** A visible box for developers; never rendered in production. */
function DeveloperNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      data-content-problem=""
      className="my-6 rounded-md border-2 border-dashed border-danger bg-danger-soft p-4 font-mono text-sm text-danger"
    >
      {children}
    </div>
  );
}

/**
 * Renders a content layout: each entry through its registered renderer. An entry without a renderer,
 * or whose props its renderer refuses, becomes a developer notice in development and nothing
 * otherwise; either way a warning is logged on the server.
 */
export function RenderLayout({
  layout,
  locale,
  Link,
  registry = contentRegistry,
  mode = currentMode(),
  logger = console,
}: RenderLayoutProps) {
  const problem = (entry: ContentComponentEntry, index: number, message: string) => {
    logger.warn(`[content] page "${layout.page}", component #${index} (${entry.component}): ${message}`);
    return mode === 'development' ? (
      <DeveloperNotice key={`problem-${index}`}>{message}</DeveloperNotice>
    ) : null;
  };

  return (
    <>
      {layout.components.map((entry, index) => {
        const render = Object.hasOwn(registry, entry.component) ? registry[entry.component] : undefined;
        if (!render) return problem(entry, index, unknownComponentMessage(entry.component));
        let node: ReactNode;
        try {
          node = render(entry.props, { locale, Link });
        } catch (error) {
          if (!(error instanceof ContentPropsError)) throw error;
          return problem(entry, index, invalidPropsMessage(entry.component, error.message));
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: layout entries have no identity besides their position
        return <Fragment key={`${entry.component}-${index}`}>{node}</Fragment>;
      })}
    </>
  );
}
