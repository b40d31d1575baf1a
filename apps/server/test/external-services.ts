import { execFileSync } from 'node:child_process';
import net from 'node:net';

/**
 * Tests against the machine's Mosquitto and Redis run when those services answer. On a
 * developer machine without them they are skipped with a note; in CI (CI=true) they must run.
 */
export async function serviceAvailable(url: string, what: string): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol.startsWith('redis') ? 6379 : 1883));
  const ok = await new Promise<boolean>((resolve) => {
    const s = net.connect({ host: u.hostname, port, timeout: 1500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
  return gate(ok, `${what} at ${u.host}`);
}

/** Whether a program is on the PATH (the private Mosquitto of the ACL test). */
export function programAvailable(name: string): boolean {
  let ok = true;
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
  } catch {
    ok = false;
  }
  return gate(ok, `the ${name} program`);
}

function gate(ok: boolean, what: string): boolean {
  if (ok) return true;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`CI needs ${what}`);
  console.warn(`skipping tests that need ${what} (not available here)`);
  return false;
}
