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

/** The months the Sales Practice Dashboard's trend covers, this one last (decisions.md "Sales Practice Dashboard"). */
export const SALES_TREND_MONTHS = 6;

/** A practice the rep brought in, with its patients enrolled now by program and this month's billable revenue. */
const broughtInPractice = z.object({
  practice_id: z.number().int(),
  practice_name: z.string(),
  organization_name: z.string(),
  /** Patients enrolled or active in each program now, in ENROLMENT_PROGRAMS' order. */
  enrolled: z.array(z.object({ program: z.string(), patients: z.number().int() })),
  /** Patients enrolled in at least one program. */
  enrolled_total: z.number().int(),
  /** Dollars: the billing engine's total of the practice's billed codes this month. */
  revenue: z.number(),
});

export const salesPracticeDashboard = z.object({
  /** The month of the figures, 'YYYY-MM'. */
  month: z.string(),
  practices: z.array(broughtInPractice),
  /** Dollars: the billing engine's total over the practices this month. */
  revenue: z.number(),
  /** One entry per month, the oldest first, this month last. */
  trend: z
    .array(
      z.object({
        /** 'YYYY-MM'. */
        month: z.string(),
        /** Patients of the practices on a program billing report of the month (billable, blocked or not yet). */
        patients: z.number().int(),
        /** Dollars billed in the month over the practices, as the billing dashboard totals it. */
        revenue: z.number(),
      }),
    )
    .length(SALES_TREND_MONTHS),
});
export type SalesPracticeDashboard = z.infer<typeof salesPracticeDashboard>;

export const getSalesPracticeDashboard = defineCall({
  method: 'GET',
  path: 'rpm/sales/getSalesPracticeDashboard',
  spec: '000 §2.4 Sales Practice Dashboard (ours; issue 42)',
  summary:
    "The practices the signed-in sales rep brought in: each one's enrolled patients by program and this month's billable revenue, and six months of patients and revenue",
  access: { page: 'Sales Practice Dashboard' },
  response: z.object({ status: z.number().int(), data: salesPracticeDashboard }),
});
