import type { AppContext } from '../../platform/context.ts';
import { senderFor } from '../../platform/sender.ts';

/** One SMS handed to a provider. `idempotencyKey` is stable per sms_record, so a retry after an unknown outcome is not billed twice. */
export type SmsMessage = { to: string; text: string; signature: string; idempotencyKey: string; companyId: number };
export type SmsProvider = { name: string; send: (m: SmsMessage) => Promise<{ providerId: string }> };

/**
 * A send that did not end in "accepted". `unknown`: the request may have reached the provider
 * (no answer in time, connection cut after sending) — it may or may not deliver the SMS, so the
 * retry must carry the same idempotency key. `rejected`: the provider answered with an error, or
 * was never reached (connection refused, name not found).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly outcome: 'rejected' | 'unknown' = 'rejected',
  ) {
    super(message);
  }
}

/** Errors of fetch that prove the request never left (nothing can have been delivered). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Classify a failed fetch: timeouts and cut connections are unknown outcomes. */
export function fetchFailure(err: unknown, timeoutMs: number): ProviderError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return new ProviderError(`no answer within ${timeoutMs} ms (outcome unknown)`, 'unknown');
  const code = e?.cause?.code;
  const detail = `${e?.message ?? String(err)}${code ? ` (${code})` : ''}`;
  if (code && NOT_SENT.has(code)) return new ProviderError(`provider unreachable: ${detail}`, 'rejected');
  return new ProviderError(`connection failed during the request: ${detail} (outcome unknown)`, 'unknown');
}

/**
 * HTTP adapter: POST JSON {to, text, signature, idempotency_key} to SMS_PROVIDER_URL with the
 * bearer token and an `Idempotency-Key` header (the same value on every attempt of one SMS);
 * any 2xx is accepted (its JSON `id`, when present, is kept). No answer within `timeoutMs`
 * (SMS_PROVIDER_TIMEOUT_MS) is an unknown outcome.
 */
export function createHttpSmsProvider(url: string, token: string | undefined, timeoutMs = 60_000): SmsProvider {
  return {
    name: 'http',
    async send(m) {
      let res: Response;
      let body: string;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': m.idempotencyKey,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: m.to, text: m.text, signature: m.signature, idempotency_key: m.idempotencyKey }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await res.text().catch(() => '');
      } catch (err) {
        throw fetchFailure(err, timeoutMs);
      }
      if (res.status < 200 || res.status >= 300) throw new ProviderError(`provider answered ${res.status}`);
      let id: string = m.idempotencyKey;
      try {
        const parsed = JSON.parse(body) as { id?: unknown };
        if (typeof parsed.id === 'string' || typeof parsed.id === 'number') id = String(parsed.id);
      } catch {
        /* a 2xx without JSON is still accepted */
      }
      return { providerId: id };
    },
  };
}

/** Default: the message goes to the outbox (platform/sender.ts), so alerts work with no provider configured. */
export function createOutboxSmsProvider(ctx: AppContext): SmsProvider {
  return {
    name: 'outbox',
    async send(m) {
      const receipt = await senderFor(ctx).send({
        channel: 'sms',
        target: m.to,
        body: m.text,
        kind: 'fault_alert',
        companyId: m.companyId,
      });
      return { providerId: `outbox:${receipt.id}` };
    },
  };
}

const providers = new WeakMap<AppContext, SmsProvider>();

export function smsProviderFor(ctx: AppContext): SmsProvider {
  let p = providers.get(ctx);
  if (!p) {
    p = ctx.config.SMS_PROVIDER_URL
      ? createHttpSmsProvider(ctx.config.SMS_PROVIDER_URL, ctx.config.SMS_PROVIDER_TOKEN, ctx.config.SMS_PROVIDER_TIMEOUT_MS)
      : createOutboxSmsProvider(ctx);
    providers.set(ctx, p);
  }
  return p;
}

/** Install a provider (tests, or a vendor SDK adapter) for one running app. */
export function useSmsProvider(ctx: AppContext, provider: SmsProvider): void {
  providers.set(ctx, provider);
}
