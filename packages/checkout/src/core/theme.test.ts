import { describe, expect, it } from 'vitest';
import { sanitizeFrameStyles } from '../secured-fields/frame-styles.ts';
import { resolveTheme } from './theme.ts';

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
      'font-family': SITE_FONT,
      color: '#14202b',
      'caret-color': '#14202b',
      '--sf-placeholder-color': 'rgb(74, 88, 102)',
    });
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

describe('sanitizeFrameStyles', () => {
  it('keeps only allowlisted properties with valid values', () => {
    const { styles, rejected } = sanitizeFrameStyles({
      'font-size': '16px',
      'font-weight': '600',
      color: 'oklch(0.3 0.05 250)',
      'letter-spacing': '0',
      'background-image': 'url(https://evil.example/leak)',
      'font-family': '"Inter", sans-serif',
      'line-height': '1.5',
      position: 'fixed',
      '--sf-placeholder-color': '#4a5866',
      'caret-color': 'url(x)',
    });
    expect(styles).toEqual({
      'font-size': '16px',
      'font-weight': '600',
      color: 'oklch(0.3 0.05 250)',
      'letter-spacing': '0',
      'font-family': '"Inter", sans-serif',
      'line-height': '1.5',
      '--sf-placeholder-color': '#4a5866',
    });
    expect(rejected.sort()).toEqual(['background-image', 'caret-color', 'position']);
  });

  it('refuses values that could end a declaration or load anything', () => {
    for (const value of [
      '16px;color:red',
      '16px !important',
      'calc(1px + 2px)',
      '1e3px',
      '',
      ' '.repeat(3),
    ]) {
      expect(sanitizeFrameStyles({ 'font-size': value }).styles, value).toEqual({});
    }
    for (const value of ['Arial}', 'Arial\\,x', '"Arial', 'url(a)', 'a'.repeat(400)]) {
      expect(sanitizeFrameStyles({ 'font-family': value }).styles, value).toEqual({});
    }
    expect(sanitizeFrameStyles(['color', 'red']).styles).toEqual({});
    expect(sanitizeFrameStyles(null).styles).toEqual({});
  });
});
