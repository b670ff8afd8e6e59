import { describe, expect, it } from 'vitest';
import { SELLABLE_LIFECYCLE_STATES } from './lifecycle.ts';
import { findSalesItem, generateDemoWorld } from './world.ts';

const world = generateDemoWorld();
const { factories, salesCompanies } = world.itemLifecycleStates;

function factoryState(salesItemNumber: string) {
  return factories.find((record) => record.salesItemNumber === salesItemNumber);
}

function salesCompanyState(salesItemNumber: string, salesCompanyId: string) {
  return salesCompanies.find(
    (record) => record.salesItemNumber === salesItemNumber && record.salesCompanyId === salesCompanyId,
  );
}

/** The line-item issue the ERP would report for an item sold by a sales company, or null. */
function erpIssue(salesItemNumber: string, salesCompanyId: string): string | null {
  const atSalesCompany = salesCompanyState(salesItemNumber, salesCompanyId);
  if (!atSalesCompany) return 'MissingItemSalesCompany';
  if (!SELLABLE_LIFECYCLE_STATES.includes(factoryState(salesItemNumber)!.lifecycleState)) {
    return 'InvalidItemLifecycleStateFactory';
  }
  if (!SELLABLE_LIFECYCLE_STATES.includes(atSalesCompany.lifecycleState))
    return 'InvalidItemLifecycleStateSalesCompany';
  if (atSalesCompany.itemState !== 'Active') return 'InvalidItemStateSalesCompany';
  return null;
}

describe('item lifecycle states', () => {
  it('one factory record per item, at the family factory', () => {
    expect(factories).toHaveLength(world.salesItems.length);
    const ids = new Set(world.factories.map((factory) => factory.id));
    for (const record of factories) {
      const item = findSalesItem(world, record.salesItemNumber)!;
      expect(record.factoryId).toBe(item.factoryId);
      expect(ids.has(record.factoryId)).toBe(true);
    }
  });

  it('mostly released, with some items missing or blocked per sales company and factory', () => {
    const released = salesCompanies.filter((record) => record.lifecycleState === 'Released').length;
    expect(released / salesCompanies.length).toBeGreaterThan(0.85);
    expect(salesCompanies.length).toBeLessThan(world.salesItems.length * world.salesCompanies.length);
    expect(factories.some((record) => record.lifecycleState === 'Blocked')).toBe(true);
    expect(salesCompanies.some((record) => record.lifecycleState === 'Blocked')).toBe(true);
    expect(salesCompanies.some((record) => record.itemState === 'Stopped')).toBe(true);
    const keys = new Set(
      salesCompanies.map((record) => `${record.salesItemNumber}|${record.salesCompanyId}`),
    );
    expect(keys.size).toBe(salesCompanies.length);
  });

  it('follows the product state: discontinued items are obsolete, coming-soon items in engineering', () => {
    for (const record of factories) {
      const item = findSalesItem(world, record.salesItemNumber)!;
      if (item.productState === 'Discontinued') expect(record.lifecycleState).toBe('Obsolete');
      if (item.productState === 'ComingSoon') expect(record.lifecycleState).toBe('Engineering');
      if (item.productState === 'Blocked') expect(record.lifecycleState).toBe('Blocked');
    }
  });
});

describe('ERP scenarios', () => {
  const scenarios = world.erpScenarios;

  it('happy-path items are active and released everywhere', () => {
    expect(scenarios.orderableSalesItemNumbers.length).toBeGreaterThanOrEqual(5);
    for (const number of scenarios.orderableSalesItemNumbers) {
      expect(findSalesItem(world, number)?.productState).toBe('Active');
      for (const salesCompany of world.salesCompanies) expect(erpIssue(number, salesCompany.id)).toBeNull();
    }
  });

  it('each line-item scenario item is active in the shop and reproduces exactly its issue', () => {
    const issues = Object.entries(scenarios.lineItemIssues);
    expect(issues.map(([issue]) => issue).sort()).toEqual([
      'InvalidItemLifecycleStateFactory',
      'InvalidItemLifecycleStateSalesCompany',
      'InvalidItemStateSalesCompany',
      'MissingItemSalesCompany',
    ]);
    for (const [issue, scenario] of issues) {
      expect(scenario.issue).toBe(issue);
      const item = findSalesItem(world, scenario.salesItemNumber);
      expect(item?.productState).toBe('Active');
      expect(scenario.factoryId).toBe(item?.factoryId);
      expect(erpIssue(scenario.salesItemNumber, scenario.salesCompanyId)).toBe(issue);
      // The item is fine for the other sales companies, unless the factory blocks it.
      const elsewhere = issue === 'InvalidItemLifecycleStateFactory' ? issue : null;
      expect(erpIssue(scenario.salesItemNumber, 'ADE')).toBe(elsewhere);
    }
    expect(new Set(issues.map(([, scenario]) => scenario.salesItemNumber)).size).toBe(4);
  });

  it('the missing customer, contact and delivery address exist in the shop but not in the ERP', () => {
    const company = world.companies.find(
      (candidate) => candidate.id === scenarios.missingCustomer.companyId,
    )!;
    expect(company.erpId).toBe(scenarios.missingCustomer.erpId);
    expect(company.presentInCrm).toBe(true);
    expect(company.presentInErp).toBe(false);
    expect(
      world.companies.filter(
        (candidate) => candidate.registrationStatus === 'complete' && !candidate.presentInErp,
      ),
    ).toEqual([company]);
    expect(world.users.find((user) => user.username === scenarios.missingCustomer.username)?.companyId).toBe(
      company.id,
    );

    const user = world.users.find((candidate) => candidate.id === scenarios.missingContact.userId)!;
    expect(user.username).toBe(scenarios.missingContact.username);
    expect(user.erpId).toBe(scenarios.missingContact.erpId);
    const contact = world.contacts.find(
      (candidate) => candidate.id === scenarios.missingContact.crmContactId,
    )!;
    expect(contact.userId).toBe(user.id);
    expect(contact.presentInErp).toBe(false);

    const address = world.addresses.find(
      (candidate) => candidate.id === scenarios.missingDeliveryAddress.addressId,
    )!;
    expect(address.erpId).toBeNull();
    expect(address.shipping).toBe(true);
    expect(world.users.find((candidate) => candidate.id === address.userId)?.username).toBe(
      scenarios.missingDeliveryAddress.username,
    );
  });

  it('the partial submission mixes an accepted and a refused line for an ACME user', () => {
    const { partialSubmission } = scenarios;
    const user = world.users.find((candidate) => candidate.username === partialSubmission.username)!;
    expect(user.companyId).toBe(partialSubmission.companyId);
    const salesCompanyId = world.companies.find(
      (candidate) => candidate.id === user.companyId,
    )!.salesCompanyId;
    const outcomes = partialSubmission.lines.map((line) => erpIssue(line.salesItemNumber, salesCompanyId));
    expect(outcomes).toEqual(partialSubmission.lines.map((line) => line.expectedLineIssue));
    expect(outcomes).toContain(null);
    expect(outcomes.some((outcome) => outcome !== null)).toBe(true);
  });

  it('credit hold, approval and pending registration refer to existing users', () => {
    for (const username of [
      scenarios.creditHold.username,
      scenarios.approvalRequired.username,
      scenarios.approvalRequired.approverUsername,
      scenarios.pendingRegistration.username,
    ]) {
      expect(
        world.users.some((user) => user.username === username),
        username,
      ).toBe(true);
    }
    expect(world.approvalRules.some((rule) => rule.id === scenarios.approvalRequired.approvalRuleId)).toBe(
      true,
    );
    expect(scenarios.approvalRequired.explanation).toContain('50,000.00 DKK');
  });

  it('keeps the scenarios for another seed and for the smallest world', () => {
    for (const options of [{ seed: 99 }, { salesItems: 100 }]) {
      const other = generateDemoWorld(options);
      for (const scenario of Object.values(other.erpScenarios.lineItemIssues)) {
        expect(findSalesItem(other, scenario.salesItemNumber)?.productState).toBe('Active');
      }
    }
  });
});
