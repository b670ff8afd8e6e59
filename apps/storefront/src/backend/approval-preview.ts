import { getConfig } from '../config';

/*
 * The approval rules that would stop the buyer's cart if it were submitted now: the platform's
 * `GET /v1/orders/Outgoing/{id}/approvalpreview` (an extension of ours; OrderCloud tells only at
 * submit), asked with the buyer's own token, so the checkout can warn before the buyer pays.
 */

export interface ApprovalPreviewRule {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
}

interface PreviewItem {
  ApprovalRuleID?: unknown;
  Name?: unknown;
  Description?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The rules that would fire; empty when none would, or when the platform cannot tell right now. */
export async function approvalPreview(token: string, orderId: string): Promise<ApprovalPreviewRule[]> {
  try {
    const response = await fetch(
      `${getConfig().platformUrl}/v1/orders/Outgoing/${encodeURIComponent(orderId)}/approvalpreview`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, cache: 'no-store' },
    );
    if (!response.ok) return [];
    const body = (await response.json()) as { Items?: PreviewItem[] };
    return (body.Items ?? []).flatMap((item) => {
      const id = text(item.ApprovalRuleID);
      if (!id) return [];
      const name = text(item.Name);
      const description = text(item.Description);
      return [{ id, ...(name ? { name } : {}), ...(description ? { description } : {}) }];
    });
  } catch {
    // A warning only: the submit itself still routes the order for approval.
    return [];
  }
}
