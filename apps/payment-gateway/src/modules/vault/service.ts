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

export class VaultService {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
  ) {}

  /** Seals card facts for a later store (e.g. across a 3DS challenge) without keeping them in clear. */
  sealDraft(details: StoredCardDetails): string {
    return seal(this.keys.vaultKey, JSON.stringify(details));
  }

  async storeSealed(tx: Executor, merchantAccount: string, shopperReference: string, sealedDetails: string) {
    const id = newPspReference();
    await insertStoredMethod(tx, { id, merchantAccount, shopperReference, sealedDetails });
    return id;
  }

  async find(merchantAccount: string, shopperReference: string, id: string): Promise<StoredCard | undefined> {
    const row = await findStoredMethod(this.db, merchantAccount, shopperReference, id);
    return row ? { id: row.id, ...this.open(row.sealedDetails) } : undefined;
  }

  async list(merchantAccount: string, shopperReference: string): Promise<StoredCard[]> {
    const rows = await listStoredMethods(this.db, merchantAccount, shopperReference);
    return rows.map((row) => ({ id: row.id, ...this.open(row.sealedDetails) }));
  }

  private open(sealedDetails: string): StoredCardDetails {
    return JSON.parse(unseal(this.keys.vaultKey, sealedDetails)) as StoredCardDetails;
  }
}
