import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { systemContext } from '../../platform/service-context';
import { sweepReservations } from './lifecycle.service';
import { managerMailJob, reservationMailJob } from './reservation-mails';

/** The sweep (expiry, completion, reminders) runs every minute, in one process at a time. */
export const RESERVATION_SWEEP_EVERY_MS = 60_000;

export const reservationSweepJob = defineJob({
  kind: 'reservations.sweep',
  payload: z.object({}),
  everyMs: RESERVATION_SWEEP_EVERY_MS,
  async handle(_payload, ctx) {
    const result = await sweepReservations(systemContext(ctx));
    if (result.expired + result.completed + result.reminded > 0)
      ctx.log.info('reservations swept', { ...result });
  },
});

/** Every job of the reservations feature. */
export const reservationJobs = [reservationMailJob, managerMailJob, reservationSweepJob];
