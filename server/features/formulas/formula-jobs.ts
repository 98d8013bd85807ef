import { defineSweepJob } from '../../platform/jobs';
import { formulaMailJob } from './formula-mails';
import { sweepPlans } from './plans-sweep.service';

/** Renewals, expiries and reminders are checked every minute, in one process at a time. */
export const PLAN_SWEEP_EVERY_MS = 60_000;

export const planSweepJob = defineSweepJob({
  kind: 'plans.sweep',
  everyMs: PLAN_SWEEP_EVERY_MS,
  sweep: sweepPlans,
  done: 'plans swept',
});

/** Every job of the formulas feature. */
export const formulaJobs = [formulaMailJob, planSweepJob];
