import { getRoom } from '#contract/rooms';
import { featuredSpaces, getSpace, listCities, listSitemapEntries, listSpaces } from '#contract/spaces';
import { spaceRoleOf } from '../../platform/authorization';
import { implement, type CallContext } from '../../platform/callables';
import { getRoomDetail } from './rooms.service';
import * as catalogue from './spaces.service';
import type { Visibility } from './spaces.service';

/** The public sees published spaces only; a space's owners, managers and admins may preview the others. */
function visibilityFor(ctx: CallContext): Visibility {
  const user = ctx.session?.user;
  if (!user) return {};
  return {
    canPreview: async (spaceId) => {
      if (user.isAdmin) return true;
      const role = await spaceRoleOf(ctx.db, user.id, spaceId);
      return role === 'owner' || role === 'manager';
    },
  };
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
