import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { routing } from '../i18n/routing';
import {
  invalidPropsMessage,
  RenderLayout,
  type RenderLayoutProps,
  unknownComponentMessage,
} from './render-layout';
import { getPageLayout, parseLayout } from './source';
import type { ContentLinkProps, PageLayout } from './types';

// Stands in for next-intl's Link, which needs the Next.js runtime.
function TestLink({ href, className, children }: ContentLinkProps): ReactNode {
  return createElement('a', { href: `/xx${href}`, className }, children);
}

function render(layout: PageLayout, options: Partial<RenderLayoutProps> = {}) {
  const logger = { warn: vi.fn() };
  const html = renderToStaticMarkup(
    createElement(RenderLayout, { layout, locale: 'en', Link: TestLink, logger, ...options }),
  );
  return { html, logger };
}

const withUnknown = parseLayout('test', {
  components: [
    { component: 'RichText', props: { blocks: [{ type: 'paragraph', text: 'Before' }] } },
    { component: 'Carousel', props: {} },
    { component: 'RichText', props: { blocks: [{ type: 'paragraph', text: 'After' }] } },
  ],
});

describe('RenderLayout', () => {
  it('shows a developer notice for an unknown component in development', () => {
    const { html, logger } = render(withUnknown, { mode: 'development' });
    expect(html).toContain('No registered renderer for content component “Carousel”');
    expect(html).toContain('role="note"');
    expect(html.indexOf('Before')).toBeLessThan(html.indexOf('Carousel'));
    expect(html.indexOf('Carousel')).toBeLessThan(html.indexOf('After'));
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('renders nothing for an unknown component in production, but logs a warning', () => {
    const { html, logger } = render(withUnknown, { mode: 'production' });
    expect(html).not.toContain('Carousel');
    expect(html).not.toContain('data-content-problem');
    expect(html).toContain('Before');
    expect(html).toContain('After');
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(logger.warn.mock.calls[0]?.[0]).toContain(unknownComponentMessage('Carousel'));
  });

  it('does not treat inherited object properties as renderers', () => {
    const layout = parseLayout('test', {
      components: [{ component: 'toString' }, { component: 'constructor' }],
    });
    const { html, logger } = render(layout, { mode: 'development' });
    expect(html).toContain(unknownComponentMessage('toString'));
    expect(html).toContain(unknownComponentMessage('constructor'));
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('reports invalid props like an unknown component', () => {
    const layout = parseLayout('test', { components: [{ component: 'Hero', props: { lead: 'no title' } }] });
    const dev = render(layout, { mode: 'development' });
    expect(dev.html).toContain('Content component “Hero” has invalid props: &quot;title&quot;');
    const prod = render(layout, { mode: 'production' });
    expect(prod.html).toBe('');
    expect(prod.logger.warn.mock.calls[0]?.[0]).toContain(
      invalidPropsMessage('Hero', '"title" must be a text'),
    );
  });

  it('refuses links that leave the storefront', () => {
    const layout = parseLayout('test', {
      components: [
        { component: 'Hero', props: { title: 'T', action: { label: 'Go', href: '//evil.example' } } },
      ],
    });
    const { html, logger } = render(layout, { mode: 'production' });
    expect(html).not.toContain('evil');
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('renders registered components with the text of the locale, falling back to the default locale', () => {
    const layout = parseLayout('test', {
      components: [
        {
          component: 'Hero',
          props: {
            title: { en: 'Title', da: 'Titel' },
            lead: { en: 'Only English' },
            action: { label: { en: 'Sign in', da: 'Log ind' }, href: '/sign-in' },
          },
        },
      ],
    });
    const { html, logger } = render(layout, { locale: 'da' });
    expect(html).toContain('<h1');
    expect(html).toContain('Titel');
    expect(html).toContain('Only English');
    expect(html).toContain('href="/xx/sign-in"');
    expect(html).toContain('Log ind');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('escapes content text instead of interpreting it as markup', () => {
    const layout = parseLayout('test', {
      components: [
        { component: 'RichText', props: { blocks: [{ type: 'paragraph', text: '<script>x</script>' }] } },
      ],
    });
    expect(render(layout).html).toContain('&lt;script&gt;');
  });

  it.each(routing.locales)('renders the home layout in %s without problems', (locale) => {
    const { html, logger } = render(getPageLayout('home'), { locale, mode: 'development' });
    expect(logger.warn).not.toHaveBeenCalled();
    expect(html).not.toContain('data-content-problem');
    expect(html.match(/<h1/g)).toHaveLength(1);
  });
});

describe('parseLayout', () => {
  it('refuses layouts without a components list or with nameless entries', () => {
    expect(() => parseLayout('x', {})).toThrow(/components/);
    expect(() => parseLayout('x', { components: [{ props: {} }] })).toThrow(/component/);
    expect(() => parseLayout('x', { components: [{ component: 'Hero', props: [] }] })).toThrow(/props/);
  });
});
