import {
  checkInAtDisplay,
  createDisplay,
  getDisplayState,
  listDisplays,
  revokeDisplay,
  updateDisplaySettings,
} from '#contract/door-displays';
import { implement } from '../../platform/callables';
import * as displayState from './display-state.service';
import type { DisplayDeps } from './display-state.service';
import * as links from './door-displays.service';

/**
 * The door displays' API: managers' operations check the caller's role in the service; a display's own
 * two (its state, "Je suis là") are public and authorised by the link's secret.
 */
export function createDoorDisplayCallables(deps: DisplayDeps) {
  return [
    implement(listDisplays, ({ spaceId }, ctx) => links.listDisplays(ctx, spaceId)),
    implement(createDisplay, (input, ctx) =>
      links.createDisplay(ctx, { ...input, baseUrl: ctx.config.baseUrl }),
    ),
    implement(revokeDisplay, (input, ctx) => links.revokeDisplay(ctx, input)),
    implement(updateDisplaySettings, (input, ctx) => links.updateDisplaySettings(ctx, input)),
    implement(getDisplayState, ({ token }, ctx) =>
      displayState.readDisplay(ctx, deps, { token, baseUrl: ctx.config.baseUrl }),
    ),
    implement(checkInAtDisplay, (input, ctx) =>
      displayState.checkInAtDisplay(ctx, deps, { ...input, baseUrl: ctx.config.baseUrl }),
    ),
  ];
}
