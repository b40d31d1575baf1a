import { ErrorCodes, errorText, type Locale, pickLocale } from '@liftguard/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The caller's language: their stored setting (set by auth), else `x-lang`, else Accept-Language. */
function localeOf(req: FastifyRequest): Locale {
  const header = req.headers['x-lang'];
  return pickLocale((typeof header === 'string' ? header : undefined) ?? req.headers['accept-language']);
}

function sendFailure(reply: FastifyReply, code: number, status: number, extra?: Record<string, unknown>) {
  return reply.status(status).send({ code, msg: errorText(code, reply.request.locale), ...extra });
}

/**
 * Form-encoded bodies carry object values as JSON text (SPEC.md §7). Parse such values back
 * so one zod schema serves JSON and form callers alike.
 */
function parseJsonTextValues(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v);
        continue;
      } catch {
        /* not JSON: keep the text */
      }
    }
    out[k] = v;
  }
  return out;
}

export function registerHttpContract(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req, reply) => {
    req.locale = localeOf(req);
    reply.header('x-request-id', req.id);
  });
  app.addHook('preValidation', async (req) => {
    if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      req.body = parseJsonTextValues(req.body);
    }
  });

  app.setNotFoundHandler((_req, reply) => sendFailure(reply, ErrorCodes.NO_ROUTE, 404));

  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof AppError) {
      const err = error;
      return sendFailure(reply, err.code, err.status, err.detail ? { detail: err.detail } : undefined);
    }
    const err = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return sendFailure(reply, ErrorCodes.PARAMETER, 400, { detail });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      return sendFailure(reply, ErrorCodes.BODY_TOO_LARGE, 413);
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError ||
      err.code?.startsWith('FST_ERR_CTP')
    ) {
      return sendFailure(reply, ErrorCodes.MALFORMED_BODY, 400);
    }
    if (err.statusCode === 429) return sendFailure(reply, ErrorCodes.TOO_FREQUENT, 429);
    if (err.validation) return sendFailure(reply, ErrorCodes.PARAMETER, 400);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendFailure(reply, ErrorCodes.PARAMETER, err.statusCode);
    }
    req.log.error({ err }, 'unhandled error');
    app.reportException?.(req, err);
    return sendFailure(reply, ErrorCodes.UNKNOWN, 500);
  });
}
