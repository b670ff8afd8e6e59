import { afterAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buyerToken, call, emptyCarts, placeOrder } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import { prepareCheckout, quickOrder, useSignedInBrowser } from './shop-helpers.ts';

/*
 * The buyer admin's approval rules, budgets and cost centers end to end: bo sets them up in the account
 * area, and they act on anna's orders (a rule stops an order, a budget refuses a payment above it, a
 * cost center is offered at checkout). Whatever bo creates is removed again, since later files share
 * the stack.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;
const admin = 'bo@acme-dk.example';
const shopper = 'anna@acme-dk.example';
const company = 'acme-dk';

describe('buyer admin: approval rules, budgets, cost centers', () => {
  const bo = useSignedInBrowser(base, admin);
  const anna = useSignedInBrowser(base, shopper);
  const created: { rules: string[]; budgets: string[] } = { rules: [], budgets: [] };

  afterAll(async () => {
    const token = await buyerToken(platform, admin);
    for (const id of created.rules)
      await call(platform, token, 'DELETE', `/v1/buyers/${company}/approvalrules/${id}`).catch(
        () => undefined,
      );
    for (const id of created.budgets)
      await call(platform, token, 'DELETE', `/v1/buyers/${company}/spendingaccounts/${id}`).catch(
        () => undefined,
      );
  });

  it('a shopper sees none of it, and the platform refuses her', async () => {
    const { page } = anna;
    await page.goto(`${base}/en/account`);
    const nav = page.getByRole('navigation', { name: 'Your account' });
    expect(await nav.getByRole('link', { name: 'Approval rules' }).count()).toBe(0);
    await page.goto(`${base}/en/account/approval-rules`);
    await page.getByText('Only a buyer administrator can manage approval rules.').waitFor();
    const token = await buyerToken(platform, shopper);
    const refused = await fetch(`${platform}/v1/buyers/${company}/approvalrules`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);
  });

  it('creates a family rule in plain terms; it stops an order and lists it', async () => {
    const { page } = bo;
    const annaToken = await buyerToken(platform, shopper);
    const product = await call<{ xp: { FamilyID: string } }>(
      platform,
      annaToken,
      'GET',
      '/v1/me/products/B10001',
    );
    const family = product.xp.FamilyID;

    await page.goto(`${base}/en/account/approval-rules`);
    // The seeded rule reads as a sentence.
    await page.getByTestId('rule-sentence').filter({ hasText: 'Orders over DKK' }).first().waitFor();
    await page.getByRole('link', { name: 'Add a rule' }).click();
    await page.getByTestId('rule-form').waitFor();
    await page.getByLabel('The order has lines of a product family').check();
    await page.locator('#new-family').fill('no such family!');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByTestId('rules-error').filter({ hasText: 'Enter a product family' }).waitFor();
    await page.getByLabel('The order has lines of a product family').check();
    await page.locator('#new-family').fill(family);
    await page.locator('#new-group').selectOption('order-approvers');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByTestId('rules-done').waitFor();
    const rule = page
      .locator('li[data-rule-id]')
      .filter({ hasText: `Orders with lines of the family ${family} need approval by` });
    await rule.waitFor();
    const ruleId = (await rule.getAttribute('data-rule-id')) ?? '';
    created.rules.push(ruleId);
    const saved = await call<{ RuleExpression: string }>(
      platform,
      await buyerToken(platform, admin),
      'GET',
      `/v1/buyers/${company}/approvalrules/${ruleId}`,
    );
    expect(saved.RuleExpression).toBe(`items.any(Product.xp.FamilyID = '${family}')`);

    await emptyCarts(platform, annaToken);
    const order = await placeOrder(platform, annaToken, { productId: 'B10001' });
    expect(order.Status).toBe('AwaitingApproval');
    await page.reload();
    await rule.locator(`[data-order-id="${String(order.ID)}"]`).waitFor();
    expect(await rule.locator(`[data-order-id="${String(order.ID)}"]`).textContent()).toContain(
      'Waiting for approval',
    );
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'buyer-admin-approval-rules');

    await rule.getByRole('button', { name: /^Delete the rule/ }).click();
    await page.getByTestId('rules-done').filter({ hasText: 'deleted' }).waitFor();
    expect(await page.locator(`li[data-rule-id="${ruleId}"]`).count()).toBe(0);
  });

  it('sets a budget that may not be exceeded; the checkout shows what is left and refuses more', async () => {
    await bo.page.goto(`${base}/en/account/budgets`);
    await bo.page.getByRole('link', { name: 'Add a budget' }).click();
    await bo.page.locator('#new-name').fill('E2E tools budget');
    await bo.page.locator('#new-holder').selectOption('user:acme-dk-anna');
    await bo.page.locator('#new-balance').fill('10');
    await bo.page.getByRole('button', { name: 'Save budget' }).click();
    await bo.page.getByTestId('budgets-done').waitFor();
    const budget = bo.page.locator('li[data-budget-id]').filter({ hasText: 'E2E tools budget' });
    expect(await budget.textContent()).toContain('No, orders above it are refused');
    const budgetId = (await budget.getAttribute('data-budget-id')) ?? '';
    created.budgets.push(budgetId);
    expect(await axeViolations(bo.page)).toEqual([]);

    const { page } = anna;
    await emptyCarts(platform, await buyerToken(platform, shopper));
    await quickOrder(page, base, 'en', 'A10001');
    await prepareCheckout(page, base, 'en');
    const left = page.getByTestId('checkout-budget').filter({ hasText: 'E2E tools budget' });
    expect(await left.textContent()).toContain('10.00');
    await page.locator('#customer-reference').fill('PO-E2E-BUDGET');
    await page.locator('#pay-SpendingAccount').check();
    // The option reads "E2E tools budget (DKK 10.00)": chosen by its id.
    await page.locator('#spending-account').selectOption(budgetId);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page
      .getByTestId('checkout-refusal')
      .filter({ hasText: 'Your budget does not cover this order' })
      .waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('adds a cost center that the shopper then picks at checkout', async () => {
    const name = `E2E assembly ${Date.now() % 100000}`;
    await bo.page.goto(`${base}/en/account/cost-centers`);
    await bo.page.locator('#cost-center-new').fill(name);
    await bo.page.getByRole('button', { name: 'Add', exact: true }).click();
    await bo.page.getByTestId('cost-centers-done').waitFor();
    await bo.page.locator(`li[data-cost-center="${name}"]`).waitFor();
    expect(await axeViolations(bo.page)).toEqual([]);

    const { page } = anna;
    // The cart of the refused budget payment is still there.
    await prepareCheckout(page, base, 'en');
    const listId = await page.locator('#order-cost-center').getAttribute('list');
    const offered = await page
      .locator(`datalist[id="${listId}"] option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toContain(name);
    await page.locator('#order-cost-center').fill(name);
    await page.locator('#order-fields button[type="submit"]').click();
    await page.getByRole('status').filter({ hasText: 'Order details saved.' }).waitFor({ timeout: 30_000 });
    await page.locator('#customer-reference').fill('PO-E2E-COSTCENTER');
    await page.locator('#pay-PurchaseOrder').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    expect(await page.getByTestId('order-line-fields').first().textContent()).toContain(name);

    await bo.page.goto(`${base}/en/account/cost-centers`);
    await bo.page.getByRole('button', { name: `Remove ${name}` }).click();
    await bo.page.getByTestId('cost-centers-done').waitFor();
    expect(await bo.page.locator(`li[data-cost-center="${name}"]`).count()).toBe(0);
  });
});
