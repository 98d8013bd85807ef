import { eventJobs } from './features/events/event-jobs';
import { formulaJobs } from './features/formulas/formula-jobs';
import { communityJobs } from './features/community/community-mails';
import { invitationMailJob } from './features/back-office/invitation-mail';
import { invoiceJobs } from './features/invoices/invoice-jobs';
import { reservationJobs } from './features/reservations/reservation-jobs';
import { accountMailJob } from './platform/account-mails';
import type { JobDefinition } from './platform/jobs';

/** Every kind of background job the app runs (server/platform/jobs.ts): a feature adds its list here. */
export const JOBS: readonly JobDefinition[] = [
  accountMailJob,
  invitationMailJob,
  ...reservationJobs,
  ...formulaJobs,
  ...communityJobs,
  ...invoiceJobs,
  ...eventJobs,
];
