import { EventEmitter } from 'node:events';

/**
 * Pub/sub between the parts of the server (gateway → live channel, sessions → forced_offline,
 * faults → alerts). In-process by default; with REDIS_URL the real-time module swaps in a
 * Redis-backed bus with the same shape so several instances share events.
 */
export type Bus = {
  publish: (channel: string, message: unknown) => Promise<void>;
  /** returns an unsubscribe function */
  subscribe: (channel: string, handler: (message: unknown) => void) => () => void;
  close: () => Promise<void>;
};

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (channel, message) => {
      emitter.emit(channel, message);
    },
    subscribe: (channel, handler) => {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** Channel names, so publishers and subscribers cannot drift apart. */
export const Channels = {
  /** a session was ended by a newer sign-in: { userId, sessionId, reason } */
  sessionEnded: 'session.ended',
  /** a terminal raised a fault (U03), after it is stored: { faultId, liftId, companyId, terminalId, code, trapped, repeat, occurredAt } */
  faultRaised: 'fault.raised',
  /** a terminal reported a fault solved (U04): { faultId, liftId, companyId, terminalId, code, solvedAt } */
  faultSolved: 'fault.solved',
  /** a help call (U05) was stored: { helpId, liftId, companyId, terminalId, roomId, floor } */
  helpRaised: 'help.raised',
  /** an acknowledgement of a downstream command arrived: { terminalId, cmdId, result, reason } */
  commandAck: 'command.ack',
  /** the registry changed a terminal or lift binding or secret: { terminalId } — gateway drops its caches */
  terminalChanged: 'terminal.changed',
  /** a live-channel event for browsers (TLiveEvent plus the company path of the lift, `scope`) */
  live: 'live.event',
} as const;
