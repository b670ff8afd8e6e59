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

type SealedDetails = StoredCardDetails | StoredBankAccountDetails;
const isBankAccount = (details: SealedDetails): details is StoredBankAccountDetails =>
  'kind' in details && details.kind === 'bankAccount';

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

  async storeSealed(tx: Executor, merchantAccount: string, shopperReference: string, sealedDetails: string) {
    const id = newPspReference();
    await insertStoredMethod(tx, { id, merchantAccount, shopperReference, sealedDetails });
    return id;
  }

  /** A stored card (bank accounts are not cards: they are found with findBankAccount). */
  async find(merchantAccount: string, shopperReference: string, id: string): Promise<StoredCard | undefined> {
    const row = await findStoredMethod(this.db, merchantAccount, shopperReference, id);
    const details = row ? this.open(row.sealedDetails) : undefined;
    return row && details && !isBankAccount(details) ? { id: row.id, ...details } : undefined;
  }

  async list(merchantAccount: string, shopperReference: string): Promise<StoredCard[]> {
    const rows = await listStoredMethods(this.db, merchantAccount, shopperReference);
    return rows.flatMap((row) => {
      const details = this.open(row.sealedDetails);
      return isBankAccount(details) ? [] : [{ id: row.id, ...details }];
    });
  }

  async findBankAccount(
    merchantAccount: string,
    shopperReference: string,
    id: string,
  ): Promise<StoredBankAccount | undefined> {
    const row = await findStoredMethod(this.db, merchantAccount, shopperReference, id);
    const details = row ? this.open(row.sealedDetails) : undefined;
    return row && details && isBankAccount(details) ? { id: row.id, ...details } : undefined;
  }

  async listBankAccounts(merchantAccount: string, shopperReference: string): Promise<StoredBankAccount[]> {
    const rows = await listStoredMethods(this.db, merchantAccount, shopperReference);
    return rows.flatMap((row) => {
      const details = this.open(row.sealedDetails);
      return isBankAccount(details) ? [{ id: row.id, ...details }] : [];
    });
  }

  private open(sealedDetails: string): SealedDetails {
    return JSON.parse(unseal(this.keys.vaultKey, sealedDetails)) as SealedDetails;
  }
}
