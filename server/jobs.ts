import { eventJobs } from './features/events/event-jobs';
import { formulaJobs } from './features/formulas/formula-jobs';
import { communityJobs } from './features/community/community-mails';
import { invitationMailJob } from './features/back-office/invitation-mail';
import { invoiceJobs } from './features/invoices/invoice-jobs';
import { bankStatementJobs } from './features/bank-statements/bank-statements.callables';
import { sepaJobs } from './features/sepa/sepa-mails';
import { reservationJobs } from './features/reservations/reservation-jobs';
import { accountMailJob } from './platform/account-mails';
import { orphanFilesSweepJob } from './features/files/file-jobs';
import type { JobDefinition } from './platform/jobs';
import type { FileStore } from './platform/storage';

/** Every kind of background job the app runs (server/platform/jobs.ts): a feature adds its list here. */
export const JOBS: readonly JobDefinition[] = [
  accountMailJob,
  invitationMailJob,
  ...reservationJobs,
  ...formulaJobs,
  ...communityJobs,
  ...invoiceJobs,
  ...bankStatementJobs,
  ...sepaJobs,
  ...eventJobs,
];

/** Every kind, with those that need the file store (the sweep of unused uploads): what a server runs. */
export function appJobs(fileStore: FileStore): readonly JobDefinition[] {
  return [...JOBS, orphanFilesSweepJob(fileStore)];
}
