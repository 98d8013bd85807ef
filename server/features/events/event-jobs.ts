import { eventMailJob } from './event-mails';
import { eventSweepJob } from './registrations.service';
import { refillJob } from './waitlist.service';

/** Every job of the events feature: its e-mails, the offers of freed places, the minute sweep. */
export const eventJobs = [eventMailJob, refillJob, eventSweepJob];
