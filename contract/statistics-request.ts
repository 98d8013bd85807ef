import type { TLoadContext } from './load-context';
import { isUuid } from './input';
import { getStatistics, getStatisticsScope } from './statistics';
import { readStatisticsQuery } from './statistics-period';

/**
 * What /statistics shows for its address's parameters, read through the callables as the caller: the page's
 * loader (its load context's `call`) and its CSV and XLSX downloads (server/features/statistics/
 * statistics.routes.ts) use this one function, so a file holds the figures the page showed. The space
 * asked (else the viewer's one space, else every space they manage), "today" from the service (in that
 * space's zone), a room only when it is the space's; members are refused by the callables.
 */
export async function readStatistics(call: TLoadContext['call'], params: URLSearchParams) {
  const asked = params.get('space');
  const scope = await call(getStatisticsScope, isUuid(asked) ? { spaceId: asked } : {});
  const only = scope.spaces.length === 1 && !scope.allSpaces ? scope.spaces[0]!.id : null;
  const spaceId = isUuid(asked) ? asked : only;
  const read = readStatisticsQuery(params, scope.today);
  const roomId = spaceId && scope.rooms.some((room) => room.id === read.room) ? read.room : null;
  const query = { ...read, space: spaceId, room: roomId };
  const statistics = await call(getStatistics, {
    spaceId: spaceId ?? undefined,
    roomId: roomId ?? undefined,
    from: query.from,
    to: query.to,
  });
  return { scope, query, statistics };
}
