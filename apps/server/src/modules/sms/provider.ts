import type { AppContext } from '../../platform/context.ts';
import { senderFor } from '../../platform/sender.ts';

/** One SMS handed to a provider. `idempotencyKey` is stable per sms_record, so a retry after an unknown outcome is not billed twice. */
export type SmsMessage = { to: string; text: string; signature: string; idempotencyKey: string; companyId: number };
export type SmsProvider = { name: string; send: (m: SmsMessage) => Promise<{ providerId: string }> };

export class ProviderError extends Error {}

/**
 * HTTP adapter: POST JSON {to, text, signature} to SMS_PROVIDER_URL with the bearer token and
 * an Idempotency-Key header; any 2xx is accepted (its JSON `id`, when present, is kept).
 */
export function createHttpSmsProvider(url: string, token: string | undefined, timeoutMs = 10_000): SmsProvider {
  return {
    name: 'http',
    async send(m) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': m.idempotencyKey,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: m.to, text: m.text, signature: m.signature }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ProviderError(`provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      const body = await res.text().catch(() => '');
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
      ? createHttpSmsProvider(ctx.config.SMS_PROVIDER_URL, ctx.config.SMS_PROVIDER_TOKEN)
      : createOutboxSmsProvider(ctx);
    providers.set(ctx, p);
  }
  return p;
}

/** Install a provider (tests, or a vendor SDK adapter) for one running app. */
export function useSmsProvider(ctx: AppContext, provider: SmsProvider): void {
  providers.set(ctx, provider);
}
