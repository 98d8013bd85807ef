import { eventMailJob } from './event-mails';
import { eventSweepJob, refillJob } from './registrations.service';

/** Every job of the events feature: its e-mails, the offers of freed places, the minute sweep. */
export const eventJobs = [eventMailJob, refillJob, eventSweepJob];
