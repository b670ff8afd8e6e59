/**
 * The catalogue's product pictures: small schematic SVGs of each product family, so the storefront serves
 * product images without the internet (`/catalog-images/{FamilyID}.svg`, which the platform's products and
 * categories point to). A housing with motor and piston rod for actuators, a telescopic column for lifting
 * columns, a box with sockets for control boxes and a handset with buttons.
 */

type PictureGroup = 'Industrial' | 'Compact' | 'Medical' | 'Furniture' | 'Accessories';
type PictureKind = 'linear-actuator' | 'hatch-drive' | 'lifting-column' | 'control-box' | 'handset';

export interface FamilyPicture {
  /** The product family id, also the label under the drawing. */
  id: string;
  /** The picture's title (what a screen reader says). */
  name: string;
  group: PictureGroup;
  kind: PictureKind;
  /** Moving stages of a lifting column (more than one draws a three-part column). */
  movingStages: number;
}

interface Colours {
  body: string;
  dark: string;
  accent: string;
}

const picture = (
  id: string,
  name: string,
  group: PictureGroup,
  kind: PictureKind,
  movingStages = 1,
): FamilyPicture => ({ id, name, group, kind, movingStages });

export const FAMILY_PICTURES: readonly FamilyPicture[] = [
  picture('HD25', 'PowerLine HD25 heavy-duty actuator, 2.5 kN', 'Industrial', 'linear-actuator'),
  picture('HD60', 'PowerLine HD60 heavy-duty actuator, 6 kN', 'Industrial', 'linear-actuator'),
  picture('HD100', 'PowerLine HD100 heavy-duty actuator, 10 kN', 'Industrial', 'linear-actuator'),
  picture('SL80', 'SolarDrive SL80 tracker actuator, 8 kN', 'Industrial', 'linear-actuator'),
  picture('MX45', 'MobiLine MX45 mobile machinery actuator, 4.5 kN', 'Industrial', 'linear-actuator'),
  picture('CA10', 'CompactLine CA10 compact actuator, 1 kN', 'Compact', 'linear-actuator'),
  picture('CA30', 'CompactLine CA30 compact actuator, 3 kN', 'Compact', 'linear-actuator'),
  picture('RH15', 'HatchLine RH15 rotary hatch drive, 1.5 kN', 'Industrial', 'hatch-drive'),
  picture('MB40', 'CareLine MB40 hospital bed actuator, 4 kN', 'Medical', 'linear-actuator'),
  picture('MP60', 'CareLine MP60 patient lift actuator, 6 kN', 'Medical', 'linear-actuator'),
  picture('LC30', 'CareLine LC30 medical lifting column, 3 kN', 'Medical', 'lifting-column'),
  picture('FR25', 'HomeLine FR25 furniture actuator, 2.5 kN', 'Furniture', 'linear-actuator'),
  picture('DL2', 'DeskLine DL2 two-stage desk column', 'Furniture', 'lifting-column'),
  picture('DL3', 'DeskLine DL3 three-stage desk column', 'Furniture', 'lifting-column', 2),
  picture('CB20', 'CB20 control boxes', 'Accessories', 'control-box'),
  picture('HS10', 'HS10 handsets and operating panels', 'Accessories', 'handset'),
];

const COLOURS: Record<PictureGroup, Colours> = {
  Industrial: { body: '#1f4e79', dark: '#163a5a', accent: '#f2a900' },
  Compact: { body: '#2e7d32', dark: '#1f5a23', accent: '#c5e1a5' },
  Medical: { body: '#00838f', dark: '#005f67', accent: '#b2ebf2' },
  Furniture: { body: '#6d4c41', dark: '#4e342e', accent: '#d7ccc8' },
  Accessories: { body: '#455a64', dark: '#263238', accent: '#80cbc4' },
};

const STEEL = '#b0bec5';
const STEEL_DARK = '#78909c';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An eye (back fixture or rod eye) with its hole. */
function eye(cx: number, cy: number, colour: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="11" fill="${colour}"/><circle cx="${cx}" cy="${cy}" r="4.5" fill="#fff"/>`;
}

function linearActuator(colours: Colours, compact: boolean): string {
  const motorWidth = compact ? 50 : 70;
  return [
    eye(30, 92, STEEL_DARK),
    `<rect x="38" y="72" width="150" height="40" rx="8" fill="${colours.body}"/>`,
    `<rect x="62" y="${compact ? 40 : 30}" width="${motorWidth}" height="${compact ? 32 : 42}" rx="6" fill="${colours.dark}"/>`,
    `<rect x="68" y="${compact ? 46 : 36}" width="${motorWidth - 12}" height="4" rx="2" fill="${colours.accent}"/>`,
    `<rect x="188" y="80" width="52" height="24" rx="3" fill="${colours.dark}"/>`,
    `<rect x="240" y="86" width="42" height="12" rx="2" fill="${STEEL}"/>`,
    eye(292, 92, STEEL_DARK),
  ].join('');
}

function hatchDrive(colours: Colours): string {
  // Frame with a hinged hatch leaf; the drive pivots at the frame and pushes the leaf open.
  return [
    `<rect x="24" y="40" width="18" height="112" rx="3" fill="${STEEL_DARK}"/>`,
    `<polygon points="36,38 286,14 287,24 37,48" fill="${colours.accent}"/>`,
    `<circle cx="36" cy="43" r="7" fill="${colours.dark}"/>`,
    `<g transform="translate(62 140) rotate(-38)">`,
    `<rect x="8" y="-14" width="100" height="28" rx="7" fill="${colours.body}"/>`,
    `<rect x="108" y="-5" width="62" height="10" rx="2" fill="${STEEL}"/>`,
    eye(0, 0, STEEL_DARK),
    eye(176, 0, STEEL_DARK),
    `</g>`,
  ].join('');
}

function liftingColumn(colours: Colours, stages: number): string {
  const parts = [
    `<rect x="85" y="14" width="150" height="10" rx="3" fill="${colours.dark}"/>`,
    `<rect x="80" y="136" width="160" height="10" rx="3" fill="${colours.dark}"/>`,
    `<rect x="125" y="70" width="70" height="66" rx="4" fill="${colours.body}"/>`,
  ];
  if (stages >= 3) {
    parts.push(`<rect x="132" y="44" width="56" height="28" rx="3" fill="${colours.accent}"/>`);
    parts.push(`<rect x="139" y="24" width="42" height="22" rx="3" fill="${STEEL}"/>`);
  } else {
    parts.push(`<rect x="133" y="24" width="54" height="48" rx="3" fill="${colours.accent}"/>`);
  }
  parts.push(`<rect x="195" y="112" width="26" height="20" rx="4" fill="${colours.dark}"/>`);
  return parts.join('');
}

function controlBox(colours: Colours): string {
  const sockets = [0, 1, 2, 3]
    .map(
      (index) =>
        `<rect x="${104 + index * 30}" y="112" width="20" height="12" rx="2" fill="${colours.dark}"/>`,
    )
    .join('');
  return [
    `<rect x="80" y="30" width="160" height="100" rx="12" fill="${colours.body}"/>`,
    `<rect x="96" y="44" width="128" height="8" rx="4" fill="${colours.accent}"/>`,
    `<circle cx="218" cy="72" r="5" fill="#7cb342"/>`,
    sockets,
    `<path d="M80 80 C 50 80, 40 110, 20 112" stroke="${STEEL_DARK}" stroke-width="5" fill="none"/>`,
  ].join('');
}

function handset(colours: Colours): string {
  return [
    `<path d="M160 136 C 160 150, 200 150, 230 146" stroke="${STEEL_DARK}" stroke-width="4" fill="none"/>`,
    `<rect x="130" y="12" width="60" height="126" rx="20" fill="${colours.body}"/>`,
    `<circle cx="160" cy="48" r="14" fill="${colours.accent}"/>`,
    `<path d="M152 52 L160 41 L168 52 Z" fill="${colours.dark}"/>`,
    `<circle cx="160" cy="92" r="14" fill="${colours.accent}"/>`,
    `<path d="M152 88 L160 99 L168 88 Z" fill="${colours.dark}"/>`,
    `<rect x="148" y="116" width="24" height="6" rx="3" fill="${colours.dark}"/>`,
  ].join('');
}

function drawing(family: FamilyPicture): string {
  const colours = COLOURS[family.group];
  switch (family.kind) {
    case 'linear-actuator':
      return linearActuator(colours, family.group === 'Compact' || family.group === 'Furniture');
    case 'hatch-drive':
      return hatchDrive(colours);
    case 'lifting-column':
      return liftingColumn(colours, family.movingStages > 1 ? 3 : 2);
    case 'control-box':
      return controlBox(colours);
    case 'handset':
      return handset(colours);
  }
}

/**
 * The SVG picture of a family (about 1–2 kB, 320 × 180). Throws a RangeError for a family without a
 * picture; FAMILY_PICTURES lists them.
 */
export function familyPictureSvg(familyId: string): string {
  const family = FAMILY_PICTURES.find((candidate) => candidate.id === familyId);
  if (!family) throw new RangeError(`Unknown product family "${familyId}"`);
  const title = escapeXml(family.name);
  const label = escapeXml(family.id);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" role="img" aria-labelledby="title-${label}">` +
    `<title id="title-${label}">${title}</title>` +
    `<rect width="320" height="180" rx="12" fill="#f5f7f9"/>` +
    drawing(family) +
    `<text x="160" y="170" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="bold" fill="#37474f">${label}</text>` +
    `</svg>`
  );
}
