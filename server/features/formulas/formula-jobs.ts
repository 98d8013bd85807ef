import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { systemContext } from '../../platform/service-context';
import { formulaMailJob } from './formula-mails';
import { sweepPlans } from './plans-sweep.service';

/** Renewals, expiries and reminders are checked every minute, in one process at a time. */
export const PLAN_SWEEP_EVERY_MS = 60_000;

export const planSweepJob = defineJob({
  kind: 'plans.sweep',
  payload: z.object({}),
  everyMs: PLAN_SWEEP_EVERY_MS,
  async handle(_payload, ctx) {
    const result = await sweepPlans(systemContext(ctx));
    if (Object.values(result).some((count) => count > 0)) ctx.log.info('plans swept', { ...result });
  },
});

/** Every job of the formulas feature. */
export const formulaJobs = [formulaMailJob, planSweepJob];
