import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_PORT } from '../playwright.config.ts';
import { apiCall, type apiLogin } from './api.ts';

/** Credentials of a simulated terminal of the demo fleet. */
export type Cred = { id: string; secret: string };

const DATA_DIR = path.join(os.tmpdir(), `liftguard-e2e-${E2E_PORT}`);

/** The simulated terminals of the demo fleet (written by the server at start). */
export async function simulatedTerminals(): Promise<Cred[]> {
  const file = path.join(DATA_DIR, 'simulator-credentials.json');
  await expect.poll(() => fs.existsSync(file), { timeout: 60_000 }).toBe(true);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Cred[];
}

/** The `index`-th lift (by id) driven by a simulated terminal, found through the API, with its credentials. */
export async function simulatedLift(request: Parameters<typeof apiLogin>[0], token: string, index: number) {
  const creds = await simulatedTerminals();
  const res = await apiCall<{ list: { id: number; name: string; terminal_id: string | null }[] }>(
    request,
    token,
    'GET',
    '/api/device/list?page=1&size=24&orderKey=id&orderMethod=asc',
  );
  const lift = (res.body.data?.list ?? []).filter((l) => creds.some((c) => c.id === l.terminal_id))[index];
  if (!lift?.terminal_id) throw new Error(`no simulated lift #${index}`);
  return { ...lift, terminal_id: lift.terminal_id, cred: creds.find((c) => c.id === lift.terminal_id) as Cred };
}

/** Publish one upstream message as the terminal itself: its own credentials, its own topic, QoS 1. */
export async function publishAsTerminal(cred: Cred, code: string, payload: Record<string, unknown>): Promise<void> {
  const tag = `e2e-${cred.id}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${E2E_PORT + 1}`, {
    clientId: tag,
    username: cred.id,
    password: cred.secret,
    reconnectPeriod: 0,
  });
  await client.publishAsync(`lg/t/${cred.id}/up/${code}`, JSON.stringify({ mid: tag, ts: Date.now(), ...payload }), { qos: 1 });
  await client.endAsync();
}
