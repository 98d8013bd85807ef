import { getRoom } from '#contract/rooms';
import { featuredSpaces, getSpace, listCities, listSitemapEntries, listSpaces } from '#contract/spaces';
import { implement, type CallContext } from '../../platform/callables';
import { may } from '../../platform/policy';
import { getRoomDetail } from './rooms.service';
import * as catalogue from './spaces.service';
import type { Visibility } from './spaces.service';

/** The public sees published spaces only; a space's owners, managers and admins may preview the others. */
function visibilityFor(ctx: CallContext): Visibility {
  if (!ctx.actor) return {};
  return { canPreview: (spaceId) => may(ctx, 'preview', spaceId) };
}

/** The public catalogue: published spaces and their rooms, for anyone. */
export const spacesCallables = [
  implement(getSpace, ({ ref }, ctx) =>
    catalogue.getSpaceDetail(ctx.db, ref, ctx.locale, visibilityFor(ctx)),
  ),
  implement(listSpaces, (input, { db, locale }) => catalogue.listPublishedSpaces(db, input, locale)),
  implement(featuredSpaces, ({ limit }, { db, locale }) => catalogue.findFeaturedSpaces(db, limit, locale)),
  implement(listCities, (_input, { db }) => catalogue.listCitiesWithSpaces(db)),
  implement(listSitemapEntries, (_input, { db }) => catalogue.listSitemapEntries(db)),
  implement(getRoom, (input, ctx) => getRoomDetail(ctx.db, input, ctx.locale, visibilityFor(ctx))),
];
