import type { TLiveEvent } from '@liftguard/contract';
import { type Bus, Channels } from '../platform/bus.ts';
import type { TerminalEntry } from './directory.ts';

/** A live event on the bus: the browser message plus the company path that decides who may see it. */
export type LiveEnvelope = TLiveEvent & { scope: string | null };

export function publishLive(
  bus: Bus,
  entry: TerminalEntry,
  action: TLiveEvent['action'],
  data: Record<string, unknown>,
  code?: string,
): Promise<void> {
  const event: LiveEnvelope = {
    action,
    ...(code ? { code } : {}),
    terminal_id: entry.terminalId,
    lift_id: entry.liftId,
    deviceName: entry.liftName,
    timestamp: Date.now(),
    data,
    scope: entry.scope,
  };
  return bus.publish(Channels.live, event);
}
