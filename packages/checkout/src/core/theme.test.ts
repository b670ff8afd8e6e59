import { describe, expect, it } from 'vitest';
import { resolveTheme, securedFieldStyles } from './theme.ts';

const SITE_FONT =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

describe('resolveTheme', () => {
  it('turns the theme into the stylesheet variables and the frames’ declarations', () => {
    const theme = resolveTheme({
      fontFamily: SITE_FONT,
      colorText: '#14202b',
      colorTextSecondary: 'rgb(74, 88, 102)',
      colorPrimary: '#0a4a7f',
      colorPrimaryText: '#ffffff',
      radius: '0.375rem',
    });
    expect(theme.rejected).toEqual([]);
    expect(theme.variables).toEqual({
      '--actuate-checkout-font-family': SITE_FONT,
      '--actuate-checkout-color-text': '#14202b',
      '--actuate-checkout-color-text-secondary': 'rgb(74, 88, 102)',
      '--actuate-checkout-color-primary': '#0a4a7f',
      '--actuate-checkout-color-primary-text': '#ffffff',
      '--actuate-checkout-radius': '0.375rem',
    });
    expect(theme.frameStyles).toEqual({
      base: { 'font-family': SITE_FONT, color: '#14202b', 'caret-color': '#14202b' },
      placeholder: { color: 'rgb(74, 88, 102)' },
    });
    expect(resolveTheme({ colorError: '#b3261e' }).frameStyles).toEqual({ error: { color: '#b3261e' } });
  });

  it('drops values outside the grammar and unknown keys, and names them', () => {
    const theme = resolveTheme({
      fontFamily: 'Arial; background: url(https://evil.example/x)',
      colorPrimary: 'red}body{display:none',
      colorText: 'var(--leak)',
      colorError: 'expression(alert(1))',
      radius: '4px',
      background: '#fff',
    });
    expect([...theme.rejected].sort()).toEqual([
      'background',
      'colorError',
      'colorPrimary',
      'colorText',
      'fontFamily',
    ]);
    expect(theme.variables).toEqual({ '--actuate-checkout-radius': '4px' });
    expect(theme.frameStyles).toEqual({});
  });

  it('accepts no theme and refuses a theme that is not an object', () => {
    expect(resolveTheme(undefined)).toEqual({ variables: {}, frameStyles: {}, rejected: [] });
    expect(resolveTheme('font: serif').rejected).toEqual(['theme']);
  });
});

describe('securedFieldStyles', () => {
  it('layers the theme, the checkout’s styles and the component’s styles per state', () => {
    const styles = securedFieldStyles(
      {
        theme: { fontFamily: 'Georgia, serif', colorText: '#111111', colorError: '#aa0000' },
        styles: { base: { fontSize: '15px', color: '#222222' }, placeholder: { color: '#777777' } },
      },
      { base: { color: '#333333' }, validated: { color: '#006600' }, error: { fontWeight: '600' } },
    );
    expect(styles).toEqual({
      base: {
        'font-family': 'Georgia, serif',
        color: '#333333',
        'caret-color': '#111111',
        'font-size': '15px',
      },
      placeholder: { color: '#777777' },
      error: { color: '#aa0000', 'font-weight': '600' },
      validated: { color: '#006600' },
    });
  });

  it('sends nothing when neither a theme nor styles are given', () => {
    expect(securedFieldStyles({}, undefined)).toEqual({});
  });
});
