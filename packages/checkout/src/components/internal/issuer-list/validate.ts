export interface IssuerItem {
  id: string;
  name: string;
  disabled?: boolean;
}

/**
 * An issuer must be chosen when the list has any, and it must be a selectable one; returns the
 * error's translation key, or undefined when the choice is valid.
 */
export function issuerError(issuers: readonly IssuerItem[], selected: string): string | undefined {
  if (issuers.length === 0) return undefined;
  const issuer = issuers.find((entry) => entry.id === selected);
  return issuer && !issuer.disabled ? undefined : 'issuerList.selectField.contextualText';
}

/** The issuers the merchant wants as buttons, in the merchant's order, skipping unknown or disabled ones. */
export function highlighted(
  issuers: readonly IssuerItem[],
  ids: readonly string[] | undefined,
): IssuerItem[] {
  return (ids ?? []).flatMap((id) => {
    const issuer = issuers.find((entry) => entry.id === id && !entry.disabled);
    return issuer ? [issuer] : [];
  });
}
