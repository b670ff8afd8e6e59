/** A registration in the back office's CRM: handed over once, then read back as the CRM has it. */
import type { Executor } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BackofficeClient, BackofficeRegistration } from '../../clients/backoffice-client.ts';
import type { RegistrationInput } from './registration-model.ts';
import { type RegistrationRow, updateRegistration } from './repository.ts';

export class CrmIntake {
  constructor(
    private readonly backoffice: BackofficeClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Registers company and contact in the CRM (once: the back office id is stored); undefined when the
   * CRM refused it (the registration is then Failed).
   */
  async register(executor: Executor, row: RegistrationRow): Promise<BackofficeRegistration | undefined> {
    const request = row.request as RegistrationInput;
    const response = await this.backoffice.createRegistration({
      webShopCompanyId: row.buyerId,
      webShopUserId: row.userId,
      company: { name: row.companyName, vatNumber: row.vatNumber, countryCode2: row.countryCode2 },
      contact: {
        email: row.email,
        firstName: request.firstName,
        lastName: request.lastName,
        ...(request.phone ? { phone: request.phone } : {}),
      },
      ...(row.expiresAt ? { joinRequest: true, expiresAt: row.expiresAt.toISOString() } : {}),
    });
    if (!response.ok) {
      await updateRegistration(executor, row.id, {
        state: 'Failed',
        lastError: `The CRM refused the registration: ${response.error.detail}`,
      });
      this.log.warn(
        { registrationId: row.id, status: response.error.status },
        'CRM refused the registration',
      );
      return undefined;
    }
    const registration = response.value;
    await updateRegistration(executor, row.id, {
      backofficeRegistrationId: registration.id,
      crmAccountId: registration.crmAccountId,
      crmContactId: registration.crmContactId,
    });
    return registration;
  }
}
