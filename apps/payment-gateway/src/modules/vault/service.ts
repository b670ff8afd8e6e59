import type { Database, Executor } from '@actuate/service-kit';
import { type GatewayKeys, seal, unseal } from '../crypto/service.ts';
import { newPspReference } from '../payments/references.ts';
import { findStoredMethod, insertStoredMethod, listStoredMethods } from './repository.ts';

/** What the vault keeps about a stored card: never the number or the security code. */
export interface StoredCardDetails {
  brand: string;
  lastFour: string;
  expiryMonth: string;
  expiryYear: string;
  holderName?: string | undefined;
}

export interface StoredCard extends StoredCardDetails {
  id: string;
}

/** What the vault keeps about a stored bank account (ACH): the account number only masked. */
export interface StoredBankAccountDetails {
  kind: 'bankAccount';
  paymentMethodType: string;
  bankAccountType: string;
  /** The account number's last four digits. */
  lastFour: string;
  bankLocationId: string;
  ownerName: string;
}

export interface StoredBankAccount extends StoredBankAccountDetails {
  id: string;
}

/**
 * What the vault keeps about a stored Blik: only that the shopper's bank gave an alias for later
 * payments; the bank keeps the alias itself, and each payment is still approved in the app.
 */
export interface StoredBlikAliasDetails {
  kind: 'blikAlias';
}

export interface StoredBlikAlias extends StoredBlikAliasDetails {
  id: string;
}

/**
 * What the vault keeps about a stored payment-account wallet (PayPal billing agreement): the payer who
 * approved it in the wallet's pop-up; empty until the shopper approves the tokenising payment.
 */
export interface StoredWalletAgreementDetails {
  kind: 'walletAgreement';
  wallet: string;
  payerId?: string | undefined;
  payerEmail?: string | undefined;
}

export interface StoredWalletAgreement extends StoredWalletAgreementDetails {
  id: string;
}

/** What the vault keeps about a stored Cash App Pay account: the customer and cashtag of its on-file grant. */
export interface StoredCashAppDetails {
  kind: 'cashapp';
  customerId: string;
  cashtag: string;
  /** The simulated acquirer's trigger the account carries (sandbox test accounts); absent: approved. */
  trigger?: string | undefined;
}

export interface StoredCashApp extends StoredCashAppDetails {
  id: string;
}

type SealedDetails =
  | StoredCardDetails
  | StoredBankAccountDetails
  | StoredBlikAliasDetails
  | StoredWalletAgreementDetails
  | StoredCashAppDetails;
const isCard = (details: SealedDetails): details is StoredCardDetails => !('kind' in details);
const isBankAccount = (details: SealedDetails): details is StoredBankAccountDetails =>
  'kind' in details && details.kind === 'bankAccount';
const isBlikAlias = (details: SealedDetails): details is StoredBlikAliasDetails =>
  'kind' in details && details.kind === 'blikAlias';
const isWalletAgreement = (details: SealedDetails): details is StoredWalletAgreementDetails =>
  'kind' in details && details.kind === 'walletAgreement';
const isCashApp = (details: SealedDetails): details is StoredCashAppDetails =>
  'kind' in details && details.kind === 'cashapp';

export class VaultService {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
  ) {}

  /** Seals card facts for a later store (e.g. across a 3DS challenge) without keeping them in clear. */
  sealDraft(details: StoredCardDetails): string {
    return seal(this.keys.vaultKey, JSON.stringify(details));
  }

  /** Seals a bank account for storing once the payment is authorised. */
  sealBankAccount(details: StoredBankAccountDetails): string {
    return seal(this.keys.vaultKey, JSON.stringify(details));
  }

  /** Seals a Blik alias for storing once the shopper approves the payment. */
  sealBlikAlias(): string {
    return seal(this.keys.vaultKey, JSON.stringify({ kind: 'blikAlias' } satisfies StoredBlikAliasDetails));
  }

  /** Seals a wallet agreement for storing once the shopper approves the tokenising payment. */
  sealWalletAgreement(details: Omit<StoredWalletAgreementDetails, 'kind'>): string {
    const sealed: StoredWalletAgreementDetails = { kind: 'walletAgreement', ...details };
    return seal(this.keys.vaultKey, JSON.stringify(sealed));
  }

  async listWalletAgreements(
    merchantAccount: string,
    shopperReference: string,
    wallet: string,
  ): Promise<StoredWalletAgreement[]> {
    const all = await this.listOfKind(isWalletAgreement, merchantAccount, shopperReference);
    return all.filter((agreement) => agreement.wallet === wallet);
  }

  async findWalletAgreement(
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<StoredWalletAgreement | undefined> {
    return this.findOfKind(isWalletAgreement, merchantAccount, shopperReference, id);
  }

  /** Seals a Cash App Pay account (its on-file grant) for storing once the payment is authorised. */
  sealCashApp(details: StoredCashAppDetails): string {
    return seal(this.keys.vaultKey, JSON.stringify(details));
  }

  async storeSealed(tx: Executor, merchantAccount: string, shopperReference: string, sealedDetails: string) {
    const id = newPspReference();
    await insertStoredMethod(tx, { id, merchantAccount, shopperReference, sealedDetails });
    return id;
  }

  /** A stored card (bank accounts and Blik aliases are found with their own finders). */
  find(merchantAccount: string, shopperReference: string, id: string): Promise<StoredCard | undefined> {
    return this.findOfKind(isCard, merchantAccount, shopperReference, id);
  }

  list(merchantAccount: string, shopperReference: string): Promise<StoredCard[]> {
    return this.listOfKind(isCard, merchantAccount, shopperReference);
  }

  findBankAccount(
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<StoredBankAccount | undefined> {
    return this.findOfKind(isBankAccount, merchantAccount, shopperReference, id);
  }

  listBankAccounts(merchantAccount: string, shopperReference: string): Promise<StoredBankAccount[]> {
    return this.listOfKind(isBankAccount, merchantAccount, shopperReference);
  }

  findBlikAlias(
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<StoredBlikAlias | undefined> {
    return this.findOfKind(isBlikAlias, merchantAccount, shopperReference, id);
  }

  listBlikAliases(merchantAccount: string, shopperReference: string): Promise<StoredBlikAlias[]> {
    return this.listOfKind(isBlikAlias, merchantAccount, shopperReference);
  }

  findCashApp(
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<StoredCashApp | undefined> {
    return this.findOfKind(isCashApp, merchantAccount, shopperReference, id);
  }

  listCashApps(merchantAccount: string, shopperReference: string): Promise<StoredCashApp[]> {
    return this.listOfKind(isCashApp, merchantAccount, shopperReference);
  }

  private async findOfKind<Details extends SealedDetails>(
    isKind: (details: SealedDetails) => details is Details,
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<(Details & { id: string }) | undefined> {
    const row = await findStoredMethod(this.db, merchantAccount, shopperReference, id);
    const details = row ? this.open(row.sealedDetails) : undefined;
    return row && details && isKind(details) ? { id: row.id, ...details } : undefined;
  }

  private async listOfKind<Details extends SealedDetails>(
    isKind: (details: SealedDetails) => details is Details,
    merchantAccount: string,
    shopperReference: string,
  ): Promise<(Details & { id: string })[]> {
    const rows = await listStoredMethods(this.db, merchantAccount, shopperReference);
    return rows.flatMap((row) => {
      const details = this.open(row.sealedDetails);
      return isKind(details) ? [{ id: row.id, ...details }] : [];
    });
  }

  private open(sealedDetails: string): SealedDetails {
    return JSON.parse(unseal(this.keys.vaultKey, sealedDetails)) as SealedDetails;
  }
}
