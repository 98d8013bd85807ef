import { defineSweepJob } from '../../platform/jobs';
import { sweepReservations } from './lifecycle.service';
import { managerMailJob, reservationMailJob } from './reservation-mails';

/** The sweep (expiry, completion, reminders) runs every minute, in one process at a time. */
export const RESERVATION_SWEEP_EVERY_MS = 60_000;

export const reservationSweepJob = defineSweepJob({
  kind: 'reservations.sweep',
  everyMs: RESERVATION_SWEEP_EVERY_MS,
  sweep: sweepReservations,
  done: 'reservations swept',
});

/** Every job of the reservations feature. */
export const reservationJobs = [reservationMailJob, managerMailJob, reservationSweepJob];
