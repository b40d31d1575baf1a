import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '@liftguard/contract';
import type { FailurePolicy, QuotaPolicy } from '../../platform/rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Sign-in failures of one account: 5 in an hour block it for 1 minute, then 2, 4, 8 and at most
 * 15 minutes per further failure. Short on purpose: an attacker cannot keep a real user out for
 * long, and a success (after the block) clears the count.
 */
export const ACCOUNT_FAILURES: FailurePolicy = { limit: 5, windowMs: HOUR, blockMs: MINUTE, maxBlockMs: 15 * MINUTE };

/** Sign-in failures from one address, over all accounts (password spraying): looser, longer. */
export const ADDRESS_FAILURES: FailurePolicy = { limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE, maxBlockMs: HOUR };

/**
 * Wrong verification codes for one target: 5 block further tries for 5 minutes, growing to at most
 * 15. With a code burnt after 5 wrong tries and 10 sends a day, a guess succeeds with odds of
 * about 1 in 20 000 a day; the short block keeps an attacker from shutting a user out of resets.
 */
export const CODE_FAILURES: FailurePolicy = { limit: 5, windowMs: HOUR, blockMs: 5 * MINUTE, maxBlockMs: 15 * MINUTE };

/** Wrong codes and password tickets from one address, over all targets. */
export const CODE_ADDRESS_FAILURES: FailurePolicy = { limit: 20, windowMs: HOUR, blockMs: 15 * MINUTE, maxBlockMs: HOUR };

/** Wrong guesses on one code before it is burnt (the target counter above blocks earlier anyway). */
export const CODE_MAX_ATTEMPTS = 5;

/** Code sends to one target: 60 s apart (SPEC.md §9), 10 in 24 hours. */
export const SEND_PER_TARGET: QuotaPolicy = { limit: 10, windowMs: 24 * HOUR, minGapMs: CODE_RESEND_SECONDS * 1000 };

/** Code sends from one address, over all targets (SMS pumping). */
export const SEND_PER_ADDRESS: QuotaPolicy = { limit: 30, windowMs: HOUR, minGapMs: 0 };

export const CODE_TTL_MS = CODE_TTL_SECONDS * 1000;

/** Life of the password-change ticket handed out with a 413 at sign-in. */
export const TICKET_TTL_MS = 10 * MINUTE;

export const keys = {
  loginAccount: (userId: number) => `login:user:${userId}`,
  loginName: (identifier: string) => `login:name:${identifier.toLowerCase()}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  codeTarget: (channel: string, target: string) => `code:fail:${channel}:${target}`,
  codeAddress: (ip: string) => `code:fail:ip:${ip}`,
  sendTarget: (channel: string, target: string) => `code:send:${channel}:${target}`,
  sendAddress: (ip: string) => `code:send:ip:${ip}`,
};
