import { defineSweepJob, type JobDefinition } from '../../platform/jobs';
import type { FileStore } from '../../platform/storage';
import { sweepOrphanFiles } from '../../platform/stored-files';

/** Unused uploads are looked for hourly (they go once a day old: `ORPHAN_FILE_AGE_MS`). */
export const ORPHAN_SWEEP_EVERY_MS = 3_600_000;

/**
 * The sweep of uploads nothing uses (a photo uploaded, then the form left): rows and bytes, in batches.
 * Housekeeping of the system on files no one sees, so no activity entry (like the cleanup of old jobs).
 */
export function orphanFilesSweepJob(store: FileStore): JobDefinition {
  return defineSweepJob({
    kind: 'files.sweepOrphans',
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    sweep: async (ctx) => ({ count: await sweepOrphanFiles(ctx.db, store, ctx.now) }),
    done: 'unused uploads deleted',
  });
}
