import { z } from 'zod';
import { defineCall } from './contract.js';

/** Follow-ups the Sales Rep Dashboard lists, the soonest first (decisions.md "Leads"). */
export const SALES_FOLLOW_UPS = 10;

/** A lead whose follow-up is due, as the dashboard lists it. */
const followUp = z.object({
  lead_id: z.number().int(),
  practice_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  stage: z.string(),
  /** 'YYYY-MM-DD'. */
  next_follow_up: z.string(),
});

export const salesDashboard = z.object({
  /** The day the figures are of ('YYYY-MM-DD'). */
  today: z.string(),
  /** Active leads by stage, every stage of LEAD_STAGES in its order. */
  stages: z.array(z.object({ stage: z.string(), count: z.number().int() })),
  /** Active leads still being worked whose follow-up day has passed. */
  overdue: z.number().int(),
  /** Of those still being worked, follow-ups due from today through the next six days. */
  due_this_week: z.number().int(),
  /** The next follow-ups of leads still being worked, overdue ones first. */
  follow_ups: z.array(followUp).max(SALES_FOLLOW_UPS),
});
export type SalesDashboard = z.infer<typeof salesDashboard>;

export const getSalesDashboard = defineCall({
  method: 'GET',
  path: 'rpm/sales/getSalesDashboard',
  spec: '000 §2.4 Sales Rep Dashboard, §6.1 (ours)',
  summary:
    "The sales rep's pipeline: the leads of the user's organisations by stage, follow-ups overdue and due this week, and the next follow-ups",
  access: { page: 'Sales Rep Dashboard' },
  response: z.object({ status: z.number().int(), data: salesDashboard }),
});
