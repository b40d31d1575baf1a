import {
  type CONFIG_STATES,
  dataOf,
  pageOf,
  ZPageQuery,
  ZSettingsPushRequest,
  ZSettingsPushResult,
  ZTerminalConfigState,
} from '@liftguard/contract';
import type { z } from 'zod';
import { actorOf, scopeOf } from '../../platform/auth.ts';
import type { Module } from '../../platform/context.ts';
import { auditWrite, callerOf } from '../lift/caller.ts';
import { revisionOf, states } from './repo.ts';
import { followSettings, pushSettings } from './service.ts';

const tags = ['terminal'];
const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

/** Push of the terminal default settings (issue 6) and each terminal's configuration state. */
export const settingsPushModule: Module = {
  name: 'settings-push',
  register(api, ctx) {
    followSettings(ctx);

    api.post(
      '/terminal/settings/push',
      {
        schema: {
          tags,
          summary: 'Push the terminal default settings to one terminal or every terminal of the company',
          body: ZSettingsPushRequest,
          response: { 200: dataOf(ZSettingsPushResult) },
        },
      },
      async (req) => {
        const s = scopeOf(req);
        const result = await pushSettings(ctx, actorOf(req), req.body.terminal_id);
        await auditWrite(
          ctx.db,
          req,
          callerOf(req),
          'terminal.settings.push',
          req.body.terminal_id ? `terminal:${req.body.terminal_id}` : `company:${s.companyId}`,
          {
            revision: result.revision,
            terminals: result.sent.length + result.pending.length,
          },
        );
        return { data: result };
      },
    );

    api.get(
      '/terminal/settings/states',
      {
        schema: {
          tags,
          summary: 'Configuration state of each terminal: not configured, sent, configured',
          querystring: ZPageQuery,
          response: { 200: dataOf(pageOf(ZTerminalConfigState)) },
        },
      },
      async (req) => {
        const { rows, total } = await states(ctx.db, scopeOf(req), req.query);
        const list = rows.map((r) => {
          const current = revisionOf(r.settings_at);
          const revision = r.revision === null ? null : Number(r.revision);
          let state: (typeof CONFIG_STATES)[number] = 'not_configured';
          if (r.state === 'sent') state = 'sent';
          else if (r.state === 'configured' && revision !== null && revision >= current) state = 'configured';
          return {
            terminal_id: r.terminal_id,
            state,
            revision,
            current_revision: current,
            sent_at: iso(r.sent_at),
            confirmed_at: iso(r.confirmed_at),
          } satisfies z.infer<typeof ZTerminalConfigState>;
        });
        return { data: { list, pageNumber: req.query.page, totalRow: total } };
      },
    );
  },
};
