/**
 * Reads the storefront's own pages the way a browser without JavaScript uses them: the families the
 * catalogue links to, the configurator's radio choices, whether one sales item is resolved, and the
 * add-to-cart form with the hidden fields Next.js renders for a server action's progressive
 * enhancement. Only for the storefront's HTML (attributes in double quotes, as React writes them).
 */

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&amp;': '&',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const decodeEntities = (value: string) =>
  value.replace(/&quot;|&amp;|&#x27;|&lt;|&gt;/g, (entity) => ENTITIES[entity] ?? entity);

/** The attributes of one tag (`<input a="b" c>`): valueless ones map to ''. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/\s([\w:$-]+)(?:="([^"]*)")?/g))
    attributes.set(match[1] as string, decodeEntities(match[2] ?? ''));
  return attributes;
}

/** The family ids the catalogue page links to, in page order, once each. */
export function familiesOf(html: string, locale: string): string[] {
  const families = new Set<string>();
  for (const match of html.matchAll(/href="\/([a-z]{2})\/catalog\/([A-Za-z0-9_-]+)"/g))
    if (match[1] === locale) families.add(match[2] as string);
  return [...families];
}

/** True when the configurator shows one resolved sales item. */
export const isResolved = (html: string) => html.includes('data-testid="resolved-sales-item"');

/**
 * The next choice a buyer makes: in the first facet still on "Any" (its radio with value '' checked)
 * that offers more than one enabled value, the first of them.
 */
export function choiceToMake(html: string): { name: string; value: string } | undefined {
  const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((match) => attributesOf(match[0]));
  const names = [...new Set(radios.map((radio) => radio.get('name') ?? ''))];
  for (const name of names) {
    const ofFacet = radios.filter((radio) => radio.get('name') === name);
    const any = ofFacet.find((radio) => radio.get('value') === '');
    const enabled = ofFacet.filter((radio) => radio.get('value') && !radio.has('disabled'));
    if (any?.has('checked') && enabled.length > 1) return { name, value: enabled[0]?.get('value') as string };
  }
  return undefined;
}

/** The add-to-cart form's fields (hidden server-action fields, product id, quantity 1) as multipart data. */
export function addToCartForm(html: string): FormData | undefined {
  const start = html.indexOf('id="add-to-cart-form"');
  if (start < 0) return undefined;
  const formStart = html.lastIndexOf('<form', start);
  const formEnd = html.indexOf('</form>', start);
  if (formStart < 0 || formEnd < 0) return undefined;
  const form = new FormData();
  for (const match of html.slice(formStart, formEnd).matchAll(/<input[^>]*>/g)) {
    const input = attributesOf(match[0]);
    const name = input.get('name');
    if (name) form.append(name, name === 'quantity' ? '1' : (input.get('value') ?? ''));
  }
  return form.has('productId') ? form : undefined;
}
