import { activityCallables } from './features/activity/activity.callables';
import { eventsCallables } from './features/events/events.callables';
import { formulasCallables } from './features/formulas/formulas.callables';
import { createCommunityCallables } from './features/community/community.callables';
import { createEventCoverCallables } from './features/events/event-cover.callables';
import { blogCallables } from './features/blog/blog.callables';
import { invoicesCallables } from './features/invoices/invoices.callables';
import { bankStatementsCallables } from './features/bank-statements/bank-statements.callables';
import { createBackOfficeCallables } from './features/back-office/back-office.callables';
import { sepaCallables } from './features/sepa/sepa.callables';
import { searchCallables } from './features/search/search.callables';
import { statisticsCallables } from './features/statistics/statistics.callables';
import { siteContentCallables } from './features/site-content/site-content.callables';
import { spacesCallables } from './features/spaces/spaces.callables';
import { createProfileCallables, type ProfileDeps } from './features/profile/profile.callables';
import { reservationsCallables } from './features/reservations/reservations.callables';
import { tenancyCallables } from './features/tenancy/tenancy.callables';
import { createCallableRouter } from './platform/callables';
import { createDoorDisplayCallables } from './features/door-displays/door-displays.callables';
import { doorDisplayDeps } from './door-display-deps';

/** What some features' operations need besides the database: better-auth, the file store. */
export type RouterDeps = ProfileDeps;

/** Every operation of `/api/fn/:name`: a feature adds its list here. */
export function createRouter(deps: RouterDeps) {
  return createCallableRouter([
    ...tenancyCallables,
    ...spacesCallables,
    ...searchCallables,
    ...createProfileCallables(deps),
    ...reservationsCallables,
    ...createBackOfficeCallables({ fileStore: deps.fileStore }),
    ...activityCallables,
    ...formulasCallables,
    ...createCommunityCallables({ fileStore: deps.fileStore }),
    ...blogCallables,
    ...siteContentCallables,
    ...invoicesCallables,
    ...bankStatementsCallables,
    ...sepaCallables,
    ...eventsCallables,
    ...createEventCoverCallables({ fileStore: deps.fileStore }),
    ...statisticsCallables,
    ...createDoorDisplayCallables(doorDisplayDeps),
  ]);
}
