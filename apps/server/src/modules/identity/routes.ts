import {
  dataOf,
  ZChangeLangQuery,
  ZChangeLangResult,
  ZFlushCacheResult,
  ZGetUserQuery,
  ZLoginRequest,
  ZOk,
  ZRenewPasswordRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
  ZSendCodeResult,
  ZSetCompanyRequest,
  ZUpdatePasswordRequest,
  ZUser,
} from '@liftguard/contract';
import { authOf } from '../../platform/auth.ts';
import { clockFor } from '../../platform/clock.ts';
import type { Module } from '../../platform/context.ts';
import { dummyHash } from '../../platform/passwords.ts';
import { senderFor } from '../../platform/sender.ts';
import { createIdentityService } from './service.ts';

/** Channel on which flushcache asks every module holding a cache to drop it: { byUserId }. */
export const CACHE_FLUSH_CHANNEL = 'cache.flush';

const tags = ['identity'];

export const identityModule: Module = {
  name: 'identity',
  register(api, ctx) {
    const service = createIdentityService({
      db: ctx.db,
      bus: ctx.bus,
      sessionTtlHours: ctx.config.SESSION_TTL_HOURS,
      now: () => clockFor(ctx).now(),
      sender: () => senderFor(ctx, api.log),
    });

    // Compute the unknown-user hash now, so the first failed sign-in costs what every later one does.
    void dummyHash();

    const timer = setInterval(
      () => void service.housekeep().catch((err) => api.log.warn({ err }, 'identity housekeeping failed')),
      3_600_000,
    );
    timer.unref();
    ctx.onClose(() => clearInterval(timer));

    api.post(
      '/login',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Sign in with a username or phone number',
          security: [],
          body: ZLoginRequest,
          response: { 200: dataOf(ZUser) },
        },
      },
      async (req) => ({ data: await service.login(req.body, req.ip) }),
    );

    api.post('/logout', { schema: { tags, summary: 'End the current session', response: { 200: ZOk } } }, async (req) => {
      await service.logout(authOf(req), req.ip);
      return { data: true as const };
    });

    api.get(
      '/getuser',
      {
        schema: {
          tags,
          summary: 'The signed-in user with memberships and permissions',
          querystring: ZGetUserQuery,
          response: { 200: dataOf(ZUser) },
        },
      },
      async (req) => ({ data: await service.userView(authOf(req).userId) }),
    );

    api.put(
      '/user/setcompany',
      {
        config: { auth: 'self' },
        schema: { tags, summary: 'Choose the current company or department', body: ZSetCompanyRequest, response: { 200: dataOf(ZUser) } },
      },
      async (req) => ({ data: await service.setCompany(authOf(req), req.body.id, req.ip) }),
    );

    api.get(
      '/changelang',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: "Report (and, when signed in, store) the user's language",
          querystring: ZChangeLangQuery,
          response: { 200: dataOf(ZChangeLangResult) },
        },
      },
      async (req) => {
        const result = await service.changeLanguage(req.auth, req.query.language);
        req.locale = result.language;
        return { data: result };
      },
    );

    api.post(
      '/user/updatepwd',
      {
        config: { auth: 'self' },
        schema: { tags, summary: 'Change one’s own password (other sessions end)', body: ZUpdatePasswordRequest, response: { 200: ZOk } },
      },
      async (req) => {
        await service.updatePassword(authOf(req), req.body, req.ip);
        return { data: true as const };
      },
    );

    api.get(
      '/flushcache',
      {
        config: { auth: 'root' },
        schema: { tags, summary: 'Drop caches and stale identity rows (root)', response: { 200: dataOf(ZFlushCacheResult) } },
      },
      async (req) => {
        const auth = authOf(req);
        const result = await service.housekeep();
        await ctx.bus.publish(CACHE_FLUSH_CHANNEL, { byUserId: auth.userId });
        return { data: result };
      },
    );

    api.post(
      '/code/send',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Send a password-reset code by SMS or email',
          security: [],
          body: ZSendCodeRequest,
          response: { 200: dataOf(ZSendCodeResult) },
        },
      },
      async (req) => ({ data: await service.sendCode(req.body, req.ip, req.locale) }),
    );

    api.post(
      '/code/resetpwd',
      {
        config: { auth: 'public' },
        schema: { tags, summary: 'Reset a password with a code', security: [], body: ZResetPasswordRequest, response: { 200: ZOk } },
      },
      async (req) => {
        await service.resetPassword(req.body, req.ip);
        return { data: true as const };
      },
    );

    api.post(
      '/user/renewpwd',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Replace a too-simple password with the ticket of a 413 sign-in',
          security: [],
          body: ZRenewPasswordRequest,
          response: { 200: ZOk },
        },
      },
      async (req) => {
        await service.renewPassword(req.body, req.ip);
        return { data: true as const };
      },
    );
  },
};
