import { describe, expect, it } from 'vitest';
import { FAMILY_DEFINITIONS, FAMILY_IDS } from './families.ts';
import { familyImageSvg } from './images.ts';

describe('familyImageSvg', () => {
  it('returns a small, self-contained SVG with a title for every family', () => {
    for (const familyId of FAMILY_IDS) {
      const svg = familyImageSvg(familyId);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('<title');
      expect(svg).toContain(familyId);
      expect(svg.length).toBeLessThan(4000);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // no external references
      // Balanced elements: every opened tag is closed or self-closing.
      const opened = (svg.match(/<[a-z]+[^>]*[^/]>/g) ?? []).length;
      const closed = (svg.match(/<\/[a-z]+>/g) ?? []).length;
      expect(opened).toBe(closed);
    }
  });

  it('draws each kind differently', () => {
    const byKind = new Map<string, string>();
    for (const family of FAMILY_DEFINITIONS)
      byKind.set(family.kind, familyImageSvg(family.id).replace(/<title.*?<\/title>|<text.*?<\/text>/g, ''));
    expect(new Set(byKind.values()).size).toBe(byKind.size);
    expect(familyImageSvg('DL2')).not.toBe(familyImageSvg('DL3').replaceAll('DL3', 'DL2'));
  });

  it('throws for an unknown family', () => {
    expect(() => familyImageSvg('NOPE')).toThrow(RangeError);
  });
});
