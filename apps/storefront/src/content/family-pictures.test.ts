import { FAMILY_IDS, generateDemoWorld } from '@actuate/catalog-data';
import { describe, expect, it } from 'vitest';
import { FAMILY_PICTURES, familyPictureSvg } from './family-pictures';

describe('familyPictureSvg', () => {
  it('has a picture of every family of the demo catalogue, titled and drawn as the family', () => {
    expect(FAMILY_PICTURES.map((family) => family.id)).toEqual(FAMILY_IDS);
    for (const family of generateDemoWorld({ salesItems: 100 }).families) {
      const picture = FAMILY_PICTURES.find((candidate) => candidate.id === family.id);
      expect(picture, family.id).toEqual({
        id: family.shortName,
        name: family.name,
        group: family.productFamilyGroup,
        kind: family.kind,
        movingStages: family.physics?.movingStages ?? 1,
      });
    }
  });

  it('returns a small, self-contained SVG with a title for every family', () => {
    for (const { id } of FAMILY_PICTURES) {
      const svg = familyPictureSvg(id);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('<title');
      expect(svg).toContain(id);
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
    for (const family of FAMILY_PICTURES)
      byKind.set(
        family.kind,
        familyPictureSvg(family.id).replace(/<title.*?<\/title>|<text.*?<\/text>/g, ''),
      );
    expect(new Set(byKind.values()).size).toBe(byKind.size);
    expect(familyPictureSvg('DL2')).not.toBe(familyPictureSvg('DL3').replaceAll('DL3', 'DL2'));
  });

  it('throws for an unknown family', () => {
    expect(() => familyPictureSvg('NOPE')).toThrow(RangeError);
  });
});
