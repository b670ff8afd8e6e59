import { describe, expect, it } from 'vitest';
import { kebabProperty, mergeFieldStyles, sanitizeFieldStyles, sanitizeFrameStyles } from './frame-styles.ts';

describe('sanitizeFrameStyles (one group)', () => {
  it('keeps only allowlisted properties with valid values, in camelCase or kebab case', () => {
    const { styles, rejected } = sanitizeFrameStyles({
      fontSize: '16px',
      'font-weight': '600',
      color: 'oklch(0.3 0.05 250)',
      letterSpacing: '0',
      backgroundImage: 'url(https://evil.example/leak)',
      fontFamily: '"Inter", sans-serif',
      lineHeight: '1.5',
      fontStyle: 'italic',
      textShadow: '0 1px 2px rgba(0, 0, 0, 0.2)',
      WebkitTextFillColor: '#101010',
      webkitFontSmoothing: 'antialiased',
      position: 'fixed',
      caretColor: 'url(x)',
    });
    expect(styles).toEqual({
      'font-size': '16px',
      'font-weight': '600',
      color: 'oklch(0.3 0.05 250)',
      'letter-spacing': '0',
      'font-family': '"Inter", sans-serif',
      'line-height': '1.5',
      'font-style': 'italic',
      'text-shadow': '0 1px 2px rgba(0, 0, 0, 0.2)',
      '-webkit-text-fill-color': '#101010',
      '-webkit-font-smoothing': 'antialiased',
    });
    expect(rejected.sort()).toEqual(['backgroundImage', 'caretColor', 'position']);
  });

  it('drops attack strings: declaration breaks, loads, expressions, variables, markup, overlong values', () => {
    const attacks = [
      '16px;color:red',
      '16px; background: url(https://evil.example/x)',
      '16px !important',
      '16px}body{display:none',
      '16px{',
      'calc(1px + 2px)',
      'expression(alert(1))',
      'var(--leak)',
      'env(safe-area-inset-top)',
      'attr(value)',
      'url(https://evil.example/x)',
      'image-set("x.png" 1x)',
      '</style><script>alert(1)</script>',
      '16px\\3b color:red',
      '16px/*x*/',
      '1e3px',
      '',
      '   ',
      `${'1'.repeat(301)}px`,
    ];
    for (const value of attacks) {
      for (const property of ['fontSize', 'color', 'caretColor', 'textShadow', 'fontFamily', 'lineHeight']) {
        expect(sanitizeFrameStyles({ [property]: value }).styles, `${property}: ${value}`).toEqual({});
      }
    }
    for (const value of ['Arial}', 'Arial\\,x', '"Arial', "Arial'", 'Arial;', 'url(a)', 'a'.repeat(400)]) {
      expect(sanitizeFrameStyles({ fontFamily: value }).styles, value).toEqual({});
    }
    // Non-strings and prototype tricks are ignored, not applied.
    expect(sanitizeFrameStyles({ color: { toString: () => 'red' }, fontSize: 16 }).styles).toEqual({});
    expect(sanitizeFrameStyles(JSON.parse('{"__proto__": {"color": "red"}}')).styles).toEqual({});
    expect(sanitizeFrameStyles(['color', 'red']).styles).toEqual({});
    expect(sanitizeFrameStyles(null).styles).toEqual({});
    // Custom properties cannot be set either (the frame's stylesheet must not be steered).
    expect(sanitizeFrameStyles({ '--sf-placeholder-color': '#000' }).rejected).toEqual([
      '--sf-placeholder-color',
    ]);
  });

  it('turns camelCase and vendor-prefixed names into CSS names', () => {
    expect(kebabProperty('fontSize')).toBe('font-size');
    expect(kebabProperty('webkitTextFillColor')).toBe('-webkit-text-fill-color');
    expect(kebabProperty('MozOsxFontSmoothing')).toBe('-moz-osx-font-smoothing');
    expect(kebabProperty('font-size')).toBe('font-size');
  });
});

describe('sanitizeFieldStyles (base, error, validated, placeholder)', () => {
  it('keeps the four groups, drops unknown groups and names what it dropped', () => {
    const { styles, rejected } = sanitizeFieldStyles({
      base: { color: '#1d1d1f', fontSize: '16px', background: 'red' },
      error: { color: '#b3261e' },
      validated: { color: '#146c2e' },
      placeholder: { color: '#8a8d93', fontStyle: 'italic' },
      hover: { color: 'red' },
      focus: 'color: red',
    });
    expect(styles).toEqual({
      base: { color: '#1d1d1f', 'font-size': '16px' },
      error: { color: '#b3261e' },
      validated: { color: '#146c2e' },
      placeholder: { color: '#8a8d93', 'font-style': 'italic' },
    });
    expect(rejected.sort()).toEqual(['base.background', 'focus', 'hover']);
  });

  it('takes a flat object of declarations as base and leaves out empty groups', () => {
    expect(sanitizeFieldStyles({ color: '#000', fontSize: '15px' }).styles).toEqual({
      base: { color: '#000', 'font-size': '15px' },
    });
    expect(sanitizeFieldStyles({ base: { color: 'url(x)' }, error: {} }).styles).toEqual({});
    expect(sanitizeFieldStyles('color: red').styles).toEqual({});
  });

  it('merges layers per group and property, the later winning', () => {
    expect(
      mergeFieldStyles({ base: { color: '#111', fontSize: '14px' }, error: { color: '#a00' } }, undefined, {
        base: { color: '#222' },
        error: { color: 'expression(x)' },
      }),
    ).toEqual({ base: { color: '#222', 'font-size': '14px' }, error: { color: '#a00' } });
  });
});
