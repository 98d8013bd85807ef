import { setEventCover } from '#contract/event-cover';
import { implement } from '../../platform/callables';
import type { FileStore } from '../../platform/storage';
import { setEventCover as setCover } from './event-cover.service';

/** The event cover's operation: it erases a replaced cover's bytes, so it needs the file store. */
export function createEventCoverCallables(deps: { fileStore?: FileStore }) {
  return [implement(setEventCover, (input, ctx) => setCover(ctx, deps.fileStore, input))];
}
