import { defineSweepJob } from '../../platform/jobs';
import { sweepReservations } from './lifecycle.service';
import { managerMailJob, reservationMailJob } from './reservation-mails';

export const reservationSweepJob = defineSweepJob({
  kind: 'reservations.sweep',
  // Expiry, completion and reminders, every minute, in one process at a time.
  everyMs: 60_000,
  sweep: sweepReservations,
  done: 'reservations swept',
});

/** Every job of the reservations feature. */
export const reservationJobs = [reservationMailJob, managerMailJob, reservationSweepJob];
