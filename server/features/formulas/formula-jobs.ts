import { defineSweepJob } from '../../platform/jobs';
import { formulaMailJob } from './formula-mails';
import { sweepPlans } from './plans-sweep.service';

export const planSweepJob = defineSweepJob({
  kind: 'plans.sweep',
  // Renewals, expiries and reminders are checked every minute, in one process at a time.
  everyMs: 60_000,
  sweep: sweepPlans,
  done: 'plans swept',
});

/** Every job of the formulas feature. */
export const formulaJobs = [formulaMailJob, planSweepJob];
