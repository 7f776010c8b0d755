import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import type { Db } from '../db/schema.js';

/**
 * A vendor's webhook signing secret (decisions.md "Device vendor webhooks"): made here and given to the vendor once;
 * an older one stays live until revoked, so a vendor can rotate without a gap.
 */
export async function createVendorSecret(
  db: Db,
  vendor: string,
  organizationId: number | null,
  now: Date,
): Promise<string> {
  if (!/^[a-z0-9-]{2,40}$/.test(vendor))
    throw new Error('The vendor name is 2 to 40 lower-case letters, digits or hyphens.');
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('device_webhook_secrets')
    .values({ vendor_name: vendor, organization_id: organizationId, secret, created_at: now })
    .execute();
  return secret;
}

/** `npm run webhook:secret -- <vendor> [organization id]`: prints the new secret once. */
async function main(): Promise<void> {
  const [vendor, org] = process.argv.slice(2);
  if (!vendor) {
    process.stderr.write('usage: npm run webhook:secret -- <vendor> [organization id]\n');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const secret = await createVendorSecret(database.db, vendor, org ? Number(org) : null, new Date());
    process.stdout.write(`Webhook secret of ${vendor} (shown once): ${secret}\n`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
