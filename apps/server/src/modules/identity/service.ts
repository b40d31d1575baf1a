import { createHash, randomBytes, randomInt } from 'node:crypto';
import { checkPassword, type ErrorCode, isEmail, isPhone, type Locale, pickLocale, type TUser } from '@liftguard/contract';
import { writeAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { type Bus, Channels } from '../../platform/bus.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { blockedUntil, clearCounter, consumeQuota, purgeCounters, recordFailure } from '../../platform/rate-limit.ts';
import { maskTarget, type Sender } from '../../platform/sender.ts';
import { hashToken, newToken, sameHash } from '../../platform/tokens.ts';
import { codeMessage } from './messages.ts';
import {
  ACCOUNT_FAILURES,
  ADDRESS_FAILURES,
  CODE_ADDRESS_FAILURES,
  CODE_FAILURES,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  keys,
  SEND_PER_ADDRESS,
  SEND_PER_TARGET,
  TICKET_TTL_MS,
} from './policy.ts';
import * as repo from './repo.ts';
import { buildUserView, chainOf, communityIdsOf, mayUseNode } from './user-view.ts';

export const E = {
  PASSWORD_TOO_SIMPLE: 413,
  BAD_CREDENTIALS: 4012,
  PASSWORD_RULES: 4013,
  OLD_PASSWORD: 4024,
  PASSWORD_NO_USER: 4025,
  AUTHORIZATION: 4035,
  DAILY_MAX: 4081,
  SMS_TOO_FREQUENT: 4082,
  WRONG_CODE: 4086,
  CODE_EXPIRED: 4087,
  TOO_FREQUENT: 4097,
  BAD_PHONE: 4098,
  BAD_EMAIL: 4099,
  EMAIL_TOO_FREQUENT: 4100,
  MISSING_CODE: 4103,
  BAD_TICKET: 4110,
} as const satisfies Record<string, ErrorCode>;

export type CodeChannel = 'sms' | 'email';

/** Why a session ended, as published on Channels.sessionEnded and stored in session.ended_reason. */
export type SessionEndReason = 'replaced' | 'logout' | 'password_changed' | 'password_reset';
export type SessionEndedMessage = { userId: number; sessionId: number; reason: SessionEndReason };

/** A user's password no longer meets the rules: the 413 carries a ticket that only changes it. */
export type WeakPasswordDetail = { ticket: string; ticket_end_time: string };

export type IdentityDeps = {
  db: Database;
  bus: Bus;
  sessionTtlHours: number;
  now: () => Date;
  sender: () => Sender;
};

/** Normalise a code target and check its format (4098 phone / 4099 email). */
export function normaliseTarget(channel: CodeChannel, raw: string): string {
  const target = raw.trim();
  if (channel === 'sms') {
    if (!isPhone(target)) throw new AppError(E.BAD_PHONE);
    return target;
  }
  if (!isEmail(target)) throw new AppError(E.BAD_EMAIL);
  return target.toLowerCase();
}

/** A 6-digit code, uniformly drawn. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored as `salt:sha256(salt:code)`, never in clear. */
export function hashCode(code: string, salt = randomBytes(8).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const salt = stored.split(':')[0] ?? '';
  return sameHash(stored, hashCode(code, salt));
}

const retryAfter = (until: Date, now: Date) => ({ retry_after_s: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) });

export function createIdentityService(deps: IdentityDeps) {
  const { db, bus } = deps;

  async function publishEnded(userId: number, sessionIds: number[], reason: SessionEndReason): Promise<void> {
    for (const sessionId of sessionIds) {
      const msg: SessionEndedMessage = { userId, sessionId, reason };
      await bus.publish(Channels.sessionEnded, msg);
    }
  }

  /** The user object of SPEC.md §3 for `userId`, with the current node only when the user may use it. */
  async function userView(userId: number): Promise<TUser> {
    const profile = await repo.findProfile(db, userId);
    if (!profile) throw new AppError(403);
    const memberships = await repo.listMemberships(db, userId);
    const nodeId = profile.current_company_id;
    const current = nodeId !== null && mayUseNode(profile, memberships, nodeId) ? ((await repo.findNode(db, nodeId)) ?? null) : null;
    const membership = current ? memberships.find((m) => m.company_id === current.id) : undefined;
    const [logos, communities] = await Promise.all([
      repo.findLogos(db, current ? chainOf(current.path) : []),
      repo.findCommunities(db, communityIdsOf(current, membership)),
    ]);
    return buildUserView({ profile, memberships, current, logos, communities });
  }

  /** A user with exactly one membership and no usable current node gets that one. */
  async function settleCurrentNode(user: repo.LoginUserRow, now: Date): Promise<void> {
    const memberships = await repo.listMemberships(db, user.id);
    const current = user.current_company_id;
    if (current !== null && mayUseNode(user, memberships, current)) return;
    const only = memberships.length === 1 ? memberships[0] : undefined;
    if (only) await repo.setCurrentCompany(db, user.id, only.company_id, now);
  }

  async function issueTicket(userId: number, now: Date): Promise<WeakPasswordDetail> {
    const ticket = newToken();
    const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
    const target = `user:${userId}`;
    await repo.retireCodes(db, 'ticket', target, now);
    await repo.insertCode(db, { channel: 'ticket', target, userId, codeHash: hashToken(ticket), expiresAt, ip: null });
    return { ticket, ticket_end_time: expiresAt.toISOString() };
  }

  /** Set a new password and end the user's sessions (all, or all but `keepSessionId`). */
  async function replacePassword(
    userId: number,
    plain: string,
    reason: SessionEndReason,
    now: Date,
    keepSessionId?: number,
  ): Promise<void> {
    await repo.setPasswordHash(db, userId, await hashPassword(plain), now);
    const ended = await repo.endSessions(db, { userId, reason, now, ...(keepSessionId !== undefined ? { exceptId: keepSessionId } : {}) });
    await publishEnded(userId, ended, reason);
  }

  function requireRules(password: string): void {
    if (checkPassword(password) !== null) throw new AppError(E.PASSWORD_RULES);
  }

  return {
    userView,

    /**
     * Sign in with a username or phone number. Unknown accounts and wrong passwords answer the
     * same 4012 after the same argon2id work; blocked accounts or addresses answer 4097 before any.
     */
    async login(input: { username: string; password: string; client: string }, ip: string): Promise<TUser> {
      const now = deps.now();
      const identifier = input.username.trim();
      const user = await repo.findUserForLogin(db, identifier);
      const accountKey = user ? keys.loginAccount(user.id) : keys.loginName(identifier);
      const addressKey = keys.loginAddress(ip);
      const audit = (result: string, reason: string) =>
        writeAudit(db, {
          action: 'login',
          result,
          userId: user?.id ?? null,
          username: identifier.slice(0, 64),
          companyId: user?.current_company_id ?? null,
          ip,
          detail: { reason, client: input.client },
        });

      const blocked = await blockedUntil(db, [accountKey, addressKey], now);
      if (blocked) {
        await audit('denied', 'blocked');
        throw new AppError(E.TOO_FREQUENT, retryAfter(blocked, now));
      }
      const matches = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);
      if (!user || !matches) {
        await recordFailure(db, accountKey, ACCOUNT_FAILURES, now);
        await recordFailure(db, addressKey, ADDRESS_FAILURES, now);
        await audit('failed', user ? 'bad_password' : 'unknown_user');
        throw new AppError(E.BAD_CREDENTIALS);
      }
      await clearCounter(db, accountKey);

      if (checkPassword(input.password) !== null) {
        await audit('denied', 'weak_password');
        throw new AppError(E.PASSWORD_TOO_SIMPLE, await issueTicket(user.id, now));
      }

      const token = newToken();
      const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
      const { replaced } = await repo.openSession(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        client: input.client,
        ip,
        expiresAt,
        now,
      });
      await publishEnded(user.id, replaced, 'replaced');
      await settleCurrentNode(user, now);
      await audit('ok', replaced.length ? 'replaced_older_session' : 'signed_in');
      return { ...(await userView(user.id)), token, token_end_time: expiresAt.toISOString() };
    },

    async logout(auth: AuthContext, ip: string): Promise<void> {
      const now = deps.now();
      const ended = await repo.endSessions(db, { userId: auth.userId, onlyId: auth.sessionId, reason: 'logout', now });
      await publishEnded(auth.userId, ended, 'logout');
      await writeAudit(db, { action: 'logout', result: 'ok', userId: auth.userId, username: auth.username, companyId: auth.companyId, ip });
    },

    /** Make `nodeId` the user's current company or department (4035 unless it is theirs, or they are root). */
    async setCompany(auth: AuthContext, nodeId: number, ip: string): Promise<TUser> {
      const profile = await repo.findProfile(db, auth.userId);
      if (!profile) throw new AppError(403);
      const memberships = await repo.listMemberships(db, auth.userId);
      const node = await repo.findNode(db, nodeId);
      if (!node || !mayUseNode(profile, memberships, nodeId)) {
        await writeAudit(db, {
          action: 'user.setcompany',
          result: 'denied',
          userId: auth.userId,
          username: auth.username,
          companyId: auth.companyId,
          target: String(nodeId),
          ip,
        });
        throw new AppError(E.AUTHORIZATION);
      }
      await repo.setCurrentCompany(db, auth.userId, nodeId, deps.now());
      return userView(auth.userId);
    },

    /** Store the language of a signed-in user; without a session the choice stays in the browser. */
    async changeLanguage(auth: AuthContext | null, language: Locale): Promise<{ language: Locale; stored: boolean }> {
      if (!auth) return { language, stored: false };
      await repo.setLanguage(db, auth.userId, language, deps.now());
      return { language, stored: true };
    },

    /** Change one's own password; every other session of the user ends. */
    async updatePassword(auth: AuthContext, input: { oldPassword: string; newPassword: string }, ip: string): Promise<void> {
      const now = deps.now();
      requireRules(input.newPassword);
      const user = await repo.findUserById(db, auth.userId);
      if (!user) throw new AppError(E.PASSWORD_NO_USER);
      const accountKey = keys.loginAccount(user.id);
      const blocked = await blockedUntil(db, [accountKey], now);
      if (blocked) throw new AppError(E.TOO_FREQUENT, retryAfter(blocked, now));
      const base = { action: 'user.updatepwd', userId: user.id, username: user.username, companyId: auth.companyId, ip };
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
        await recordFailure(db, accountKey, ACCOUNT_FAILURES, now);
        await writeAudit(db, { ...base, result: 'failed', detail: { reason: 'old_password' } });
        throw new AppError(E.OLD_PASSWORD);
      }
      await replacePassword(user.id, input.newPassword, 'password_changed', now, auth.sessionId);
      await clearCounter(db, accountKey);
      await writeAudit(db, { ...base, result: 'ok' });
    },

    /**
     * Send a password-reset code. The answer, the limits and the timing do not depend on whether an
     * account uses the target; only a real account gets a code row and a message.
     */
    async sendCode(input: { channel: CodeChannel; target: string }, ip: string, locale: Locale) {
      const now = deps.now();
      const { channel } = input;
      const target = normaliseTarget(channel, input.target);
      const perAddress = await consumeQuota(db, keys.sendAddress(ip), SEND_PER_ADDRESS, now);
      if (!perAddress.ok) throw new AppError(E.TOO_FREQUENT, retryAfter(perAddress.retryAt, now));
      const perTarget = await consumeQuota(db, keys.sendTarget(channel, target), SEND_PER_TARGET, now);
      if (!perTarget.ok) {
        if (perTarget.reason === 'limit') throw new AppError(E.DAILY_MAX);
        throw new AppError(channel === 'sms' ? E.SMS_TOO_FREQUENT : E.EMAIL_TOO_FREQUENT, retryAfter(perTarget.retryAt, now));
      }
      const user = await repo.findUserByContact(db, channel, target);
      if (user) {
        const code = newCode();
        await repo.retireCodes(db, channel, target, now);
        await repo.insertCode(db, {
          channel,
          target,
          userId: user.id,
          codeHash: hashCode(code),
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          ip,
        });
        const text = codeMessage(user.language ? pickLocale(user.language) : locale, code, Math.round(CODE_TTL_MS / 60_000));
        await deps
          .sender()
          .send({ channel, target, subject: text.subject, body: text.body, kind: 'verification_code', companyId: user.current_company_id });
      }
      await writeAudit(db, {
        action: 'code.send',
        result: user ? 'ok' : 'ignored',
        userId: user?.id ?? null,
        username: user?.username ?? null,
        target: `${channel}:${maskTarget(target)}`,
        ip,
      });
      return {
        sent: true as const,
        resend_after_s: Math.round(SEND_PER_TARGET.minGapMs / 1000),
        expires_in_s: Math.round(CODE_TTL_MS / 1000),
      };
    },

    /** Reset a password with a code sent by sendCode: single use, 10 minutes, 5 wrong tries at most. */
    async resetPassword(
      input: { channel: CodeChannel; target: string; code?: string | undefined; newPassword: string },
      ip: string,
    ): Promise<void> {
      const now = deps.now();
      const { channel } = input;
      const target = normaliseTarget(channel, input.target);
      const code = (input.code ?? '').trim();
      if (!code) throw new AppError(E.MISSING_CODE);
      const targetKey = keys.codeTarget(channel, target);
      const addressKey = keys.codeAddress(ip);
      const blocked = await blockedUntil(db, [targetKey, addressKey], now);
      if (blocked) throw new AppError(E.TOO_FREQUENT, retryAfter(blocked, now));
      requireRules(input.newPassword);

      const row = await repo.latestCode(db, channel, target);
      const matches = row ? codeMatches(row.code_hash, code) : false;
      const audit = (result: string, reason: string, userId: number | null) =>
        writeAudit(db, { action: 'password.reset', result, userId, target: `${channel}:${maskTarget(target)}`, ip, detail: { reason } });
      if (!row || !matches) {
        if (row && (await repo.countWrongAttempt(db, row.id)) >= CODE_MAX_ATTEMPTS) await repo.useCode(db, row.id, now);
        await recordFailure(db, targetKey, CODE_FAILURES, now);
        await recordFailure(db, addressKey, CODE_ADDRESS_FAILURES, now);
        await audit('failed', 'wrong_code', row?.user_id ?? null);
        throw new AppError(E.WRONG_CODE);
      }
      // Only the holder of the right code learns it has expired; a guess at an expired code is just wrong.
      if (row.expires_at.getTime() <= now.getTime()) {
        await repo.useCode(db, row.id, now);
        await audit('failed', 'expired', row.user_id);
        throw new AppError(E.CODE_EXPIRED);
      }
      if (row.user_id === null || !(await repo.useCode(db, row.id, now))) throw new AppError(E.WRONG_CODE);
      const user = await repo.findUserById(db, row.user_id);
      if (!user) throw new AppError(E.WRONG_CODE);
      await replacePassword(user.id, input.newPassword, 'password_reset', now);
      await clearCounter(db, targetKey);
      await clearCounter(db, keys.loginAccount(user.id));
      await audit('ok', 'code', user.id);
    },

    /** Change a password that no longer meets the rules, with the ticket of the 413 answer at sign-in. */
    async renewPassword(input: { ticket: string; newPassword: string }, ip: string): Promise<void> {
      const now = deps.now();
      const addressKey = keys.codeAddress(ip);
      const blocked = await blockedUntil(db, [addressKey], now);
      if (blocked) throw new AppError(E.TOO_FREQUENT, retryAfter(blocked, now));
      requireRules(input.newPassword);
      const row = await repo.findTicket(db, hashToken(input.ticket));
      if (!row || row.user_id === null || row.expires_at.getTime() <= now.getTime() || !(await repo.useCode(db, row.id, now))) {
        await recordFailure(db, addressKey, CODE_ADDRESS_FAILURES, now);
        throw new AppError(E.BAD_TICKET);
      }
      const user = await repo.findUserById(db, row.user_id);
      if (!user) throw new AppError(E.BAD_TICKET);
      await replacePassword(user.id, input.newPassword, 'password_reset', now);
      await writeAudit(db, {
        action: 'password.reset',
        result: 'ok',
        userId: user.id,
        username: user.username,
        companyId: user.current_company_id,
        ip,
        detail: { reason: 'weak_password_ticket' },
      });
    },

    /** Drop what no longer serves: long-expired sessions, codes and idle rate counters. */
    async housekeep(): Promise<{ sessions: number; codes: number; counters: number }> {
      const now = deps.now();
      const day = 86_400_000;
      const [sessions, codes, counters] = [
        await repo.purgeSessions(db, new Date(now.getTime() - 7 * day)),
        await repo.purgeCodes(db, new Date(now.getTime() - day)),
        await purgeCounters(db, now, new Date(now.getTime() - day)),
      ];
      return { sessions, codes, counters };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
