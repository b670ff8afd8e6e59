/** OrderCloud ApprovalRule and OrderApproval (docs/domain.md, Orders). */
import { z } from 'zod';
import { ApprovalStatus } from '../enums.ts';
import { Id, IsoDateTime, NonEmptyString } from '../validation.ts';
import { BuyerUser } from './buyer-user.ts';
import { AnyXp } from './common.ts';
import { ELIGIBLE_EXPRESSION_MAX_LENGTH } from './promotion.ts';

/** A buyer's rule: orders for which RuleExpression is true wait for the approving group. */
export const ApprovalRule = z.object({
  ID: Id.optional(),
  Name: z.string().nullish(),
  Description: z.string().nullish(),
  ApprovingGroupID: Id,
  RuleExpression: NonEmptyString.max(ELIGIBLE_EXPRESSION_MAX_LENGTH),
  xp: AnyXp.nullish(),
});
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** One approval step of an order (read-only). */
export const OrderApproval = z.object({
  ApprovalRuleID: Id,
  ApprovingGroupID: Id,
  Status: ApprovalStatus,
  AllowResubmit: z.boolean().optional(),
  DateCreated: IsoDateTime.nullish(),
  DateCompleted: IsoDateTime.nullish(),
  Approver: BuyerUser.nullish(),
  Comments: z.string().nullish(),
});
export type OrderApproval = z.infer<typeof OrderApproval>;

/** Body of `…/approve` and `…/decline`. AllowResubmit on decline returns the order to Unsubmitted. */
export const OrderApprovalInfo = z.object({
  Comments: z.string().nullish(),
  AllowResubmit: z.boolean().optional(),
});
export type OrderApprovalInfo = z.infer<typeof OrderApprovalInfo>;
