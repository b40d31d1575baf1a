import type { BuiltApp } from '../../app.ts';
import { registeredRoutes, writeUris } from '../resource/registry.ts';
import { type DemoOrg, findDemoOrganisation, seedDemoOrganisation } from './demo-org.ts';

export { type DemoOrg, findDemoOrganisation, seedDemoOrganisation } from './demo-org.ts';

/**
 * Start-up seed (services.ts): with SEED_DEMO, create the demo organisation once and print its
 * generated passwords once, like the root password. Answers the demo ids (also when it existed
 * already) for the seeds of later modules, or null when demo data is off.
 */
export async function seedDemo(built: BuiltApp): Promise<DemoOrg | null> {
  const { config, db } = built.ctx;
  if (!config.SEED_DEMO) return null;
  const created = await seedDemoOrganisation(db, {
    writeUris: writeUris(registeredRoutes(built.ctx)).map((u) => u.uri),
    password: config.DEMO_PASSWORD,
  });
  if (!created) return findDemoOrganisation(db);
  built.app.log.info({ companies: 5, communities: created.org.communities.length }, 'demo organisation seeded');
  if (!config.DEMO_PASSWORD) {
    const lines = created.accounts.map((a) => `    ${a.username.padEnd(12)} ${a.role.padEnd(20)} ${a.password}`);
    process.stdout.write(`\n  Demo accounts created (shown once, not stored in clear):\n${lines.join('\n')}\n\n`);
  }
  return created.org;
}
