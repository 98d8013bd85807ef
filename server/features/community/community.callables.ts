import {
  answerMessage,
  closeAd,
  contactMember,
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
import { implement } from '../../platform/callables';
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
    implement(getDirectorySettings, (_input, ctx) => directory.getDirectorySettings(ctx)),
    implement(updateDirectorySettings, (input, ctx) => directory.updateDirectorySettings(ctx, input)),
    implement(searchDirectory, (input, ctx) => directory.searchDirectory(ctx, input)),
    implement(contactMember, (input, ctx) => messages.contactMember(ctx, input)),
    implement(getReceivedMessage, (input, ctx) => messages.getReceivedMessage(ctx, input)),
    implement(answerMessage, (input, ctx) => messages.answerMessage(ctx, input)),
    implement(listAds, (input, ctx) => adReads.listAds(ctx, input)),
    implement(getAd, (input, ctx) => adReads.getAd(ctx, input)),
    implement(createAd, (input, ctx) => adsService.createAd(ctx, input)),
    implement(updateAd, (input, ctx) => adsService.updateAd(ctx, input, deps.fileStore)),
    implement(closeAd, (input, ctx) => adsService.closeAd(ctx, input)),
    implement(replyToAd, (input, ctx) => messages.replyToAd(ctx, input)),
    implement(reportContent, (input, ctx) => moderation.reportContent(ctx, input)),
    implement(listReports, (input, ctx) => moderation.listReports(ctx, input)),
    implement(decideReport, (input, ctx) => moderation.decideReport(ctx, input)),
    implement(reinstateContent, (input, ctx) => moderation.reinstateContent(ctx, input)),
  ];
}

/** The same, without the file store (benchmarks). */
export const communityCallables = createCommunityCallables({});
