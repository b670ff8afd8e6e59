import type { Database } from '@actuate/service-kit';
import { HttpError } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { CrudStore } from '../../shared/crud.ts';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import type { BuyersService } from '../buyers/service.ts';
import {
  compileExpression,
  type RuleLineItem,
  type RuleOrder,
  validateApprovalRuleExpression,
} from '../rules/index.ts';
import type { UsersService } from '../users/service.ts';
import { approvalRules } from './schema.ts';

export const ApprovalRule = z.object({
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  Name: z.string().nullish(),
  Description: z.string().nullish(),
  ApprovingGroupID: z.string().min(1),
  RuleExpression: z.string().min(1).max(400),
  xp: z.record(z.string(), z.unknown()).optional(),
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;

type RuleRow = typeof approvalRules.$inferSelect;

const toRule = (row: RuleRow) => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  ApprovingGroupID: row.approvingGroupId,
  RuleExpression: row.ruleExpression,
  xp: row.xp,
});

const ruleList: ListDefinition = {
  fields: {
    ID: { column: approvalRules.id, type: 'text' },
    Name: { column: approvalRules.name, type: 'text' },
    ApprovingGroupID: { column: approvalRules.approvingGroupId, type: 'text' },
  },
  xp: approvalRules.xp,
  searchOn: ['ID', 'Name'],
  defaultSort: ['ID'],
};

/** Approval rules per buyer, validated and evaluated by the rules engine (`src/modules/rules`). */
/** A rule that fires for an order; its name and description tell the submitter why. */
export interface FiredRule {
  ruleId: string;
  approvingGroupId: string;
  name: string | null;
  description: string | null;
  selfApproved: boolean;
}

export class ApprovalsService {
  readonly store: CrudStore<ApprovalRule, ReturnType<typeof toRule>>;

  constructor(
    private readonly db: Database,
    private readonly buyers: BuyersService,
    private readonly users: UsersService,
  ) {
    this.store = new CrudStore(db, {
      objectType: 'ApprovalRule',
      table: approvalRules,
      idColumn: approvalRules.id,
      idKey: 'id',
      parentColumn: approvalRules.buyerId,
      parentKey: 'buyerId',
      list: ruleList,
      schema: ApprovalRule,
      toEntity: (row) => toRule(row as RuleRow),
      toValues: (body) => {
        const valid = validateApprovalRuleExpression(body.RuleExpression);
        if (!valid.ok) {
          const [first] = valid.errors;
          throw new HttpError(
            400,
            first?.code ?? 'InvalidRequest',
            first?.message ?? 'Invalid RuleExpression.',
            {
              Field: 'RuleExpression',
              Position: first?.position ?? null,
            },
          );
        }
        return {
          name: body.Name ?? null,
          description: body.Description ?? null,
          approvingGroupId: body.ApprovingGroupID,
          ruleExpression: body.RuleExpression,
          xp: body.xp ?? {},
        };
      },
    });
  }

  /** Checks of nested routes: the buyer exists, and on writes the approving group too. */
  async assertBuyer(_context: PlatformContext, buyerId: string | undefined): Promise<void> {
    await this.buyers.assertExists(buyerId ?? '');
  }

  /**
   * The rules that fire for an order, each with whether the submitter belongs to its approving group
   * (then the rule approves itself, as OrderCloud does since 1.0.69). A rule that cannot be evaluated
   * fires: an approval is the safe side. Chained rules (`order.approved('ruleId')`) see the rules
   * approved so far: `approvedRuleIds`, plus the ones that approve themselves, until nothing changes.
   */
  async rulesThatFire(
    buyerId: string,
    submitterId: string,
    order: RuleOrder,
    items: RuleLineItem[],
    now: Date,
    approvedRuleIds: string[] = [],
  ): Promise<FiredRule[]> {
    const rules = await this.db.select().from(approvalRules).where(eq(approvalRules.buyerId, buyerId));
    if (rules.length === 0) return [];
    const groups = new Set(await this.users.groupIdsOf(buyerId, submitterId));
    const compiled = rules.map((rule) => ({
      rule,
      expression: compileExpression(rule.ruleExpression, { kind: 'approvalRule' }),
    }));
    const approved = new Set(approvedRuleIds);
    for (let round = 0; round <= rules.length; round++) {
      const fired = [];
      for (const { rule, expression } of compiled) {
        const outcome = expression.ok
          ? expression.expression.evaluate({ order, items, now, approvedRuleIds: [...approved] })
          : undefined;
        const fires = !outcome?.ok || outcome.value === true;
        if (fires)
          fired.push({
            ruleId: rule.id,
            approvingGroupId: rule.approvingGroupId,
            name: rule.name ?? null,
            description: rule.description ?? null,
            selfApproved: groups.has(rule.approvingGroupId),
          });
      }
      const selfApproved = fired.filter((rule) => rule.selfApproved && !approved.has(rule.ruleId));
      if (selfApproved.length === 0) return fired;
      for (const rule of selfApproved) approved.add(rule.ruleId);
    }
    return [];
  }
}
