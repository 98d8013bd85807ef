import { AppError } from '#contract/errors';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  exportPersonalData,
  getProfile,
  removeAvatar,
  setAvatar,
  setProfileLocale,
  signOutEverywhere,
  updateProfile,
} from '#contract/profile';
import type { Auth } from '../../platform/auth';
import { appErrorOfAuthError } from '../../platform/auth-errors';
import { withRequestFacts } from '../../platform/auth-routes';
import type { RateRule } from '../../platform/auth-rate-limits';
import { implement, type CallContext } from '../../platform/callables';
import { requireSignedIn } from '../../platform/policy';
import { requireWithinRateLimit } from '../../platform/rate-limit';
import type { FileStore } from '../../platform/storage';
import * as profile from './profile.service';

export interface ProfileDeps {
  auth: Auth;
  fileStore: FileStore;
}

/** A signed-in caller guessing their current password, or spamming address changes, is slowed down too. */
const SENSITIVE_CHANGE_RULE: RateRule = { window: 600, max: 10 };

/** Every profile operation acts on the caller, and only on them ("self"): none takes a user id. */
function callerOf(ctx: CallContext) {
  return requireSignedIn(ctx.actor);
}

/** The request's headers as better-auth gets them: with this request's id and address, for its hooks. */
function authHeadersOf(ctx: CallContext): Headers {
  return withRequestFacts(ctx.headers, { clientAddress: ctx.clientAddress, requestId: ctx.requestId });
}

async function limitSensitiveChange(ctx: CallContext, what: string, userId: string) {
  await requireWithinRateLimit(ctx.db, `${what}|${userId}`, SENSITIVE_CHANGE_RULE);
}

export function createProfileCallables({ auth, fileStore }: ProfileDeps) {
  return [
    implement(getProfile, (_input, ctx) => profile.getProfile(ctx)),

    implement(updateProfile, (input, ctx) => profile.updateProfile(ctx, input)),

    implement(setProfileLocale, async (input, ctx) => {
      await profile.setLocale(ctx, input);
      return null;
    }),

    implement(changeEmail, async ({ newEmail }, ctx) => {
      const user = callerOf(ctx);
      if (newEmail === user.email.toLowerCase()) {
        throw new AppError('invalid-argument', 'This is already your address', {
          fields: [{ path: 'newEmail', message: 'emailSame' }],
        });
      }
      await limitSensitiveChange(ctx, 'change-email', user.id);
      try {
        // The same answer whether or not the new address already has an account (better-auth sends nothing then).
        await auth.api.changeEmail({
          headers: authHeadersOf(ctx),
          body: { newEmail, callbackURL: '/profile?email=confirmed' },
        });
      } catch (error) {
        throw appErrorOfAuthError(error, ctx.log, { fieldOf: { INVALID_EMAIL: 'newEmail' } });
      }
      await profile.recordEmailChangeRequest(ctx, { newEmail });
      return { sent: true as const };
    }),

    implement(changePassword, async (input, ctx) => {
      const user = callerOf(ctx);
      await limitSensitiveChange(ctx, 'change-password', user.id);
      try {
        // better-auth's hook logs `password.changed` with this request's id and address.
        await auth.api.changePassword({
          headers: authHeadersOf(ctx),
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: false,
          },
        });
      } catch (error) {
        throw appErrorOfAuthError(error, ctx.log, {
          fieldOf: { INVALID_PASSWORD: 'currentPassword', PASSWORD_TOO_SHORT: 'newPassword' },
        });
      }
      // Ended here rather than by better-auth, which would replace this session with one whose cookie a
      // callable cannot set.
      const sessionId = ctx.session?.id;
      if (input.signOutOtherDevices && sessionId) await profile.endOtherSessions(ctx, sessionId);
      return null;
    }),

    implement(signOutEverywhere, async (_input, ctx) => {
      await profile.endAllSessions(ctx);
      return null;
    }),

    implement(setAvatar, ({ key }, ctx) => profile.setAvatar(ctx, fileStore, key)),

    implement(removeAvatar, (_input, ctx) => profile.removeAvatar(ctx, fileStore)),

    implement(exportPersonalData, (_input, ctx) => profile.exportPersonalData(ctx)),

    implement(deleteAccount, async (input, ctx) => {
      const user = callerOf(ctx);
      await profile.deleteAccount(ctx, fileStore, input);
      ctx.log.info('account deleted', { userId: user.id });
      return null;
    }),
  ];
}
