import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import type { Database } from './db.ts';

/**
 * Outgoing messages to people (verification codes, fault alerts, notices). Modules hand a
 * message to a Sender and do not care how it travels. The default writes it to the `outbox`
 * table and the log, so every flow works with no provider; a provider-backed sender (the SMS
 * gateway, an SMTP relay) is installed with `useSender` and keeps the same shape.
 */
export type OutgoingMessage = {
  /** 'sms' | 'email' today; a sender refuses channels it cannot carry */
  channel: string;
  /** phone number or email address */
  target: string;
  subject?: string | null;
  body: string;
  /** what the message is for: 'verification_code', 'fault_alert', … (accounting, templates, filters) */
  kind: string;
  /** the company billed / counted for it (SMS quotas), null for platform messages */
  companyId?: number | null;
};

export type SendReceipt = { id: number; status: string };

export type Sender = { send: (message: OutgoingMessage) => Promise<SendReceipt> };

/** Mask a phone number or address for logs: keeps enough to recognise it, not enough to use it. */
export function maskTarget(target: string): string {
  const at = target.indexOf('@');
  if (at > 0) return `${target.slice(0, 1)}***${target.slice(at)}`;
  return target.length > 7 ? `${target.slice(0, 3)}****${target.slice(-4)}` : '***';
}

/**
 * The default sender: one outbox row per message (status 'written') and a log line. Outside
 * production the log line carries the body, so a developer can read a code from the console.
 */
export function createOutboxSender(db: Database, log?: FastifyBaseLogger, opts: { logBody?: boolean } = {}): Sender {
  return {
    async send(m) {
      const row = await db
        .insertInto('outbox')
        .values({
          channel: m.channel,
          target: m.target,
          subject: m.subject ?? null,
          body: m.body,
          kind: m.kind,
          company_id: m.companyId ?? null,
        })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      log?.info(
        {
          outbox: row.id,
          channel: m.channel,
          target: maskTarget(m.target),
          kind: m.kind,
          ...(opts.logBody ? { text: m.body } : {}),
        },
        'message written to the outbox',
      );
      return { id: Number(row.id), status: row.status };
    },
  };
}

const senders = new WeakMap<AppContext, Sender>();

/** The sender of one running app: the installed one, else the outbox sender (created on first use). */
export function senderFor(ctx: AppContext, log?: FastifyBaseLogger): Sender {
  let s = senders.get(ctx);
  if (!s) {
    s = createOutboxSender(ctx.db, log, { logBody: ctx.config.NODE_ENV !== 'production' });
    senders.set(ctx, s);
  }
  return s;
}

/** Install a sender (a provider, or a test double) for one running app. */
export function useSender(ctx: AppContext, sender: Sender): void {
  senders.set(ctx, sender);
}
