import type { TCommand } from '@liftguard/contract/command/index';
import { describe, expect, it } from 'vitest';
import { applyCommandState, readCommandState } from './command-state.ts';

const row = (id: string, state: TCommand['state']): TCommand => ({
  id,
  lift_id: 1,
  terminal_id: 'T1',
  company_id: 1,
  action: 'lock',
  params: {},
  user_id: 1,
  username: 'admin',
  state,
  reason: null,
  progress: null,
  created_at: '2026-11-22T04:00:00Z',
  sent_at: null,
  delivered_at: null,
  finished_at: null,
  expires_at: '2026-11-22T04:00:30Z',
});
const meta = { terminalId: 'T1', liftId: 1, at: 0 };

describe('command lifecycle', () => {
  it('moves a command forward and never back', () => {
    let list = [row('c1', 'sent')];
    list = applyCommandState(
      list,
      { cmd_id: 'c1', action: 'lock', state: 'delivered', reason: null, progress: null, username: null },
      meta,
    );
    expect(list[0]?.state).toBe('delivered');
    list = applyCommandState(
      list,
      { cmd_id: 'c1', action: 'lock', state: 'succeeded', reason: null, progress: null, username: null },
      meta,
    );
    list = applyCommandState(list, { cmd_id: 'c1', action: 'lock', state: 'sent', reason: null, progress: null, username: null }, meta);
    expect(list[0]?.state).toBe('succeeded');
  });

  it('puts an unknown command on top and reads only well-formed events', () => {
    const list = applyCommandState(
      [row('c1', 'succeeded')],
      { cmd_id: 'c2', action: 'stop', state: 'expired', reason: 'offline', progress: null, username: 'x' },
      meta,
    );
    expect(list.map((c) => [c.id, c.state])).toEqual([
      ['c2', 'expired'],
      ['c1', 'succeeded'],
    ]);
    expect(readCommandState({ cmd_id: 'c', action: 'lock', state: 'weird' })).toBeNull();
    expect(readCommandState({ cmd_id: 'c', action: 'lock', state: 'failed', reason: 'door blocked' })?.reason).toBe('door blocked');
  });
});
