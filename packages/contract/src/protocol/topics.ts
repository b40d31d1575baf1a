/**
 * MQTT topics of the terminal protocol (docs/protocol.md). Every terminal owns exactly two
 * subtrees: it publishes under `{root}/t/{terminalId}/up/{code}` and subscribes to
 * `{root}/t/{terminalId}/down`. The root is `lg` in production; tests use a private one.
 */
export const DEFAULT_TOPIC_ROOT = 'lg';

/** Upstream message codes a terminal may publish, plus `ack` for downstream commands. */
export const UP_CODES = ['U01', 'U02', 'U03', 'U04', 'U05', 'U06', 'U07', 'U08', 'U09', 'U0A', 'ack'] as const;
export type TUpCode = (typeof UP_CODES)[number];

/** Upper bound of a payload in bytes; larger messages are recorded as terminal exceptions and dropped. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/** Terminal ids: letters, digits, `_` and `-`, 1–64 characters (never MQTT wildcards or `/`). */
export const TERMINAL_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const upTopic = (terminalId: string, code: TUpCode, root = DEFAULT_TOPIC_ROOT): string => `${root}/t/${terminalId}/up/${code}`;
export const downTopic = (terminalId: string, root = DEFAULT_TOPIC_ROOT): string => `${root}/t/${terminalId}/down`;
/** What the server subscribes to (as a shared subscription on an external broker). */
export const upWildcard = (root = DEFAULT_TOPIC_ROOT): string => `${root}/t/+/up/+`;

export type TParsedTopic = { terminalId: string; code: string };

/** Split an upstream topic; null when it is not one. The code is returned unchecked. */
export function parseUpTopic(topic: string, root = DEFAULT_TOPIC_ROOT): TParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== root || parts[1] !== 't' || parts[3] !== 'up') return null;
  const terminalId = parts[2] ?? '';
  if (!TERMINAL_ID_RE.test(terminalId)) return null;
  return { terminalId, code: parts[4] ?? '' };
}

/** May `terminalId` publish on `topic`? Only its own upstream topics. */
export const mayPublish = (terminalId: string, topic: string, root = DEFAULT_TOPIC_ROOT): boolean =>
  parseUpTopic(topic, root)?.terminalId === terminalId;

/** May `terminalId` subscribe to `filter`? Only its own downstream topic, no wildcards. */
export const maySubscribe = (terminalId: string, filter: string, root = DEFAULT_TOPIC_ROOT): boolean =>
  filter === downTopic(terminalId, root);
