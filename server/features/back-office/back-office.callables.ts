import * as contract from '#contract/back-office';
import { implement } from '../../platform/callables';
import type { FileStore } from '../../platform/storage';
import * as photos from './managed-photos.service';
import * as roomsService from './managed-rooms.service';
import * as space from './managed-space.service';
import * as team from './team.service';

export interface BackOfficeDeps {
  /** To delete a photo's file once nothing shows it (absent in tests that do not upload). */
  fileStore?: FileStore;
}

/** /start and /myspaces: every operation checks the caller's role in the space it touches (services). */
export function createBackOfficeCallables(deps: BackOfficeDeps = {}) {
  return [
    implement(contract.listMySpaces, (_input, ctx) => team.listMySpaces(ctx)),
    implement(contract.getManagedSpace, ({ spaceId }, ctx) => space.getManagedSpace(ctx, spaceId)),
    implement(contract.createSpace, ({ name }, ctx) => space.createSpace(ctx, name)),
    implement(contract.updateIdentity, ({ spaceId, identity }, ctx) =>
      space.updateIdentity(ctx, spaceId, identity),
    ),
    implement(contract.updateAddress, ({ spaceId, address }, ctx) =>
      space.updateAddress(ctx, spaceId, address),
    ),
    implement(contract.setOpeningHours, ({ spaceId, hours }, ctx) =>
      space.setOpeningHours(ctx, spaceId, hours),
    ),
    implement(contract.setClosures, ({ spaceId, closures }, ctx) =>
      space.setClosures(ctx, spaceId, closures),
    ),
    implement(contract.updateBranding, ({ spaceId, branding }, ctx) =>
      space.updateBranding(ctx, spaceId, branding),
    ),
    implement(contract.checkSubdomain, ({ spaceId, subdomain }, ctx) =>
      space.checkSubdomain(ctx, spaceId, subdomain),
    ),
    implement(contract.publishSpace, ({ spaceId }, ctx) => space.publishSpace(ctx, spaceId)),
    implement(contract.archiveSpace, ({ spaceId }, ctx) => space.archiveSpace(ctx, spaceId)),
    implement(contract.createRoom, ({ spaceId, room }, ctx) => roomsService.createRoom(ctx, spaceId, room)),
    implement(contract.updateRoom, ({ roomId, room }, ctx) => roomsService.updateRoom(ctx, roomId, room)),
    implement(contract.setRoomArchived, ({ roomId, archived }, ctx) =>
      roomsService.setRoomArchived(ctx, roomId, archived),
    ),
    implement(contract.addPhoto, (input, ctx) => photos.addPhoto(ctx, input)),
    implement(contract.updatePhoto, (input, ctx) => photos.updatePhoto(ctx, input)),
    implement(contract.reorderPhotos, (input, ctx) => photos.reorderPhotos(ctx, input)),
    implement(contract.removePhoto, ({ photoId }, ctx) => photos.removePhoto(ctx, deps.fileStore, photoId)),
    implement(contract.listTeam, ({ spaceId }, ctx) => team.listTeam(ctx, spaceId)),
    implement(contract.inviteToSpace, (input, ctx) => team.invite(ctx, input)),
    implement(contract.cancelInvitation, ({ invitationId }, ctx) => team.cancelInvitation(ctx, invitationId)),
    implement(contract.acceptInvitation, ({ invitationId }, ctx) => team.acceptInvitation(ctx, invitationId)),
    implement(contract.removeFromTeam, (input, ctx) => team.removeFromTeam(ctx, input)),
  ];
}
