/**
 * The ERP's tax groups: whether an invoice charges VAT (domestic, at the standard rate of the group's
 * country), shifts it to the buyer (EU reverse charge) or charges none (export outside the EU). A
 * customer carries one group; the invoice takes its VAT rate from it.
 */
import { z } from 'zod';

export const TaxGroupView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['domestic', 'reverseCharge', 'export']),
  /** Standard VAT rate in basis points (2,500 = 25 %); 0 unless domestic. */
  vatRateBasisPoints: z.int().min(0),
});
export type TaxGroupView = z.infer<typeof TaxGroupView>;

export const TAX_GROUPS: readonly TaxGroupView[] = [
  { id: 'DK-DOM', name: 'Denmark, domestic', kind: 'domestic', vatRateBasisPoints: 2500 },
  { id: 'DE-DOM', name: 'Germany, domestic', kind: 'domestic', vatRateBasisPoints: 1900 },
  { id: 'NL-DOM', name: 'Netherlands, domestic', kind: 'domestic', vatRateBasisPoints: 2100 },
  { id: 'SE-DOM', name: 'Sweden, domestic', kind: 'domestic', vatRateBasisPoints: 2500 },
  { id: 'EU-RC', name: 'EU reverse charge', kind: 'reverseCharge', vatRateBasisPoints: 0 },
  { id: 'EXPORT', name: 'Export outside the EU', kind: 'export', vatRateBasisPoints: 0 },
];

/** The VAT rate an invoice of a customer in this tax group charges; a group the ERP does not know charges none. */
export function vatRateBasisPointsOf(taxGroupId: string): number {
  return TAX_GROUPS.find((group) => group.id === taxGroupId)?.vatRateBasisPoints ?? 0;
}
