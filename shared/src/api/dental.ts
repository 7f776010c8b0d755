import { z } from 'zod';
import { ORAL_APPLIANCE_STAGES, type OralApplianceStage } from '../lists/dental.js';
import { defineCall } from './contract.js';
import { okAnswer } from './envelope.js';
import { recordId } from './ids.js';

/** The Dental Dashboard's calls (000 §2.4 'dentalDashboard'), ours (decisions.md "Dental Dashboard stages"). */

const stage = z.enum(ORAL_APPLIANCE_STAGES as [OralApplianceStage, ...OralApplianceStage[]]);

export const getDentalStageCounts = defineCall({
  method: 'GET',
  path: 'rpm/dental/getStageCounts',
  spec: 'issue 15 §3 Dental Dashboard (ours)',
  summary: 'How many oral-appliance cases in the caller scope are at each stage',
  access: { page: 'Dental Dashboard' },
  response: z.object({
    status: z.number().int(),
    data: z.array(z.object({ stage, count: z.number().int() })),
  }),
});

export const advanceDentalStage = defineCall({
  method: 'POST',
  path: 'rpm/dental/advanceStage',
  spec: 'issue 15 §3 Dental Dashboard (ours): stages only in order',
  summary: 'Moves an oral-appliance case to its next stage, dated today; `to_stage` must be the next one',
  access: { page: 'Dental Dashboard' },
  body: z.object({ case_id: recordId, to_stage: stage }),
  response: okAnswer,
});
