/**
 * A colleague a buyer administrator invited (storefront Account → Users) is created on the platform
 * without an extension: the CRM and the ERP do not know them, so the pre-submit check refuses their
 * orders. When they first accept the terms, this makes them complete: the back office's CRM adds
 * the contact to the company's account and has the ERP create its contact, then the user gets the
 * complete extension (`Kind: Complete`) with those ids and the accepted versions. Idempotent: a
 * repeated acceptance finds the same contact and writes the same extension.
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type RequestContext, type Result } from '@actuate/service-kit';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CrmSettings } from './registration-model.ts';

export interface AcceptedVersions {
  termsVersionApproved: number;
  privacyVersionApproved: number;
}

export interface CompletedColleague {
  UserID: string;
  BuyerID: string;
  CrmId: string;
  ErpId: string;
}

export type ColleagueRefusal =
  /** The token is not a platform buyer's. */
  | 'invalid-token'
  /** Inactive, or not a buyer user. */
  | 'not-a-buyer'
  /** A registration (Pending) or another kind of user: the registration flow or the directory owns them. */
  | 'not-invited'
  /** The versions sent are not the ones in force. */
  | 'terms-outdated'
  /** The company has no CRM or ERP account yet (a registration still pending). */
  | 'company-incomplete'
  /** The CRM has the e-mail as a contact of another company. */
  | 'contact-of-other-account';

const LANGUAGES = new Set(['en', 'da', 'de']);

interface CompanyXp {
  CrmId?: string;
  ErpId?: string;
  SalesCompanyId?: string;
}

export class InvitedColleagues {
  constructor(
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
    private readonly settings: Pick<CrmSettings, 'termsVersion' | 'privacyVersion'>,
  ) {}

  /** The caller (by their platform token) accepts the terms and becomes a complete buyer user. */
  async accept(
    context: RequestContext,
    token: string,
    accepted: AcceptedVersions,
  ): Promise<Result<CompletedColleague, ColleagueRefusal>> {
    const me = await this.platform.getMe(token);
    if (!me) return err('invalid-token');
    const buyerId = me.Buyer?.ID;
    if (!buyerId || me.Active === false) return err('not-a-buyer');
    const userXp = me.xp ?? {};
    if (userXp.Kind === 'Complete') return ok(completed(me.ID, buyerId, userXp));
    if (userXp.Kind !== undefined) return err('not-invited');
    if (
      accepted.termsVersionApproved !== this.settings.termsVersion ||
      accepted.privacyVersionApproved !== this.settings.privacyVersion
    ) {
      return err('terms-outdated');
    }

    const buyerPath = `/v1/buyers/${encodeURIComponent(buyerId)}`;
    const company = (await this.platform.expect<{ xp?: CompanyXp }>('GET', buyerPath)).xp ?? {};
    if (!company.CrmId || !company.ErpId || !company.SalesCompanyId) return err('company-incomplete');

    const language = me.Locale?.Language ?? undefined;
    const contact = await this.backoffice.addCrmContact(company.CrmId, {
      email: me.Email ?? '',
      firstName: me.FirstName || '-',
      lastName: me.LastName || '-',
      ...(me.Phone?.trim() ? { phone: me.Phone.trim() } : {}),
      ...(language && LANGUAGES.has(language) ? { language } : {}),
      webShopUserId: me.ID,
    });
    if (!contact.ok) {
      if (contact.error.status === 409 && isOtherAccount(contact.error.body)) {
        return err('contact-of-other-account');
      }
      if (contact.error.status === 409) return err('company-incomplete');
      throw new UpstreamError('backoffice', `back office answered ${contact.error.status} adding a contact`);
    }
    const { crmId, erpContactId } = contact.value;
    if (!erpContactId)
      throw new UpstreamError('backoffice', 'the back office added a contact without ERP id');

    await this.platform.expect('PATCH', `${buyerPath}/users/${encodeURIComponent(me.ID)}`, {
      xp: {
        Kind: 'Complete',
        AzureObjectId: typeof userXp.AzureObjectId === 'string' ? userXp.AzureObjectId : randomUUID(),
        CrmId: crmId,
        ErpId: erpContactId,
        SalesCompanyId: company.SalesCompanyId,
        TermsVersionApproved: accepted.termsVersionApproved,
        PrivacyVersionApproved: accepted.privacyVersionApproved,
      },
    });
    context.log.info({ userId: me.ID, buyerId, crmId, erpContactId }, 'invited colleague complete');
    return ok({ UserID: me.ID, BuyerID: buyerId, CrmId: crmId, ErpId: erpContactId });
  }
}

const completed = (userId: string, buyerId: string, xp: Record<string, unknown>): CompletedColleague => ({
  UserID: userId,
  BuyerID: buyerId,
  CrmId: String(xp.CrmId ?? ''),
  ErpId: String(xp.ErpId ?? ''),
});

const isOtherAccount = (body: unknown) =>
  typeof (body as { type?: unknown } | undefined)?.type === 'string' &&
  (body as { type: string }).type.endsWith(':contact-of-other-account');
