import {
  answerMessage,
  closeAd,
  contactMember,
  countOpenReports,
  createAd,
  decideReport,
  getAd,
  getDirectorySettings,
  getReceivedMessage,
  listAds,
  listReports,
  replyToAd,
  reinstateContent,
  reportContent,
  searchDirectory,
  updateAd,
  updateDirectorySettings,
} from '#contract/community';
import { implement, implementByName } from '../../platform/callables';
import type { FileStore } from '../../platform/storage';
import * as adReads from './ad-reads.service';
import * as adsService from './ads.service';
import * as directory from './directory.service';
import * as messages from './messages.service';
import * as moderation from './moderation.service';

/**
 * The community's API (docs/decisions/023): who may see and do what is decided in the services. The file
 * store erases an ad's replaced or removed image (without one, only its database row goes).
 */
export function createCommunityCallables(deps: { fileStore?: FileStore }) {
  return [
    ...implementByName(directory, { getDirectorySettings, updateDirectorySettings, searchDirectory }),
    ...implementByName(messages, { contactMember, getReceivedMessage, answerMessage, replyToAd }),
    ...implementByName(adReads, { listAds, getAd }),
    implement(createAd, (input, ctx) => adsService.createAd(ctx, input)),
    implement(updateAd, (input, ctx) => adsService.updateAd(ctx, input, deps.fileStore)),
    implement(closeAd, (input, ctx) => adsService.closeAd(ctx, input)),
    ...implementByName(moderation, {
      reportContent,
      listReports,
      countOpenReports,
      decideReport,
      reinstateContent,
    }),
  ];
}

/** The same, without the file store (benchmarks). */
export const communityCallables = createCommunityCallables({});
