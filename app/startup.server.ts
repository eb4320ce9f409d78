import path from "node:path";
import { getConfig, setConfig, type Config } from "./config.server.ts";
import {
  getDatabaseHandle,
  openDatabase,
  setDatabase,
  targetFromConfig,
  type DatabaseHandle,
} from "./db/client.server.ts";
import { seedReferenceData } from "./db/reference/reference-seed.server.ts";
import { createAuth, setAuth } from "./auth/auth.server.ts";
import { routeGoogleTokenExchange } from "./auth/google-endpoints.server.ts";
import { registerPaymentPurposes } from "./services/payment-purposes.server.ts";
import { startScheduledJobs } from "./services/scheduled-jobs.server.ts";
import { startPayments } from "./services/payments/payments-setup.server.ts";
import {
  createOutboxMailer,
  createSmtpMailer,
  outboxNotice,
  setMailer,
} from "./email/mailer.server.ts";
import {
  createDiskStorage,
  getMediaStorage,
  setMediaStorage,
  type MediaStorage,
} from "./storage/media-storage.server.ts";
import { logger, setLogLevel } from "./lib/logger.server.ts";

/**
 * Loads the demo catalogue into an empty marketplace. It lives in scripts/demo, outside the
 * server's bundle (thousands of lines of demo text and artwork code that production never
 * needs); the process entry passes it in when SEED_DEMO is on.
 */
export type DemoSeeder = (
  db: DatabaseHandle["db"],
  storage: MediaStorage,
) => Promise<{ created: false } | { created: true; listings: number }>;

export interface StartOptions {
  seedDemo?: DemoSeeder;
}

/**
 * Opens the database (applying migrations), sets up media storage and loads reference and demo
 * data. Kept on globalThis so the dev server's module reloads never open PGlite twice.
 */
const started = globalThis as {
  __gatewayStartup?: Promise<DatabaseHandle>;
  __gatewayJobs?: { stop(): Promise<void> };
  __gatewayPayments?: { stop(): Promise<void> };
};

export function startApp(
  config: Config = getConfig(),
  options: StartOptions = {},
): Promise<DatabaseHandle> {
  started.__gatewayStartup ??= (async () => {
    setConfig(config);
    if (config.logLevel) setLogLevel(config.logLevel);
    const handle = await openDatabase(targetFromConfig(config));
    try {
      setDatabase(handle);
      setMediaStorage(createDiskStorage(path.join(config.dataDir, "media")));
      const mailer = config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(path.join(config.dataDir, "outbox"));
      setMailer(mailer);
      if (mailer.kind === "outbox") logger.info(outboxNotice(config));
      setAuth(createAuth({ config, db: handle.db, mailer }));
      if (config.google) routeGoogleTokenExchange(config.google);
      await seedReferenceData(handle.db);
      if (config.seedDemo && options.seedDemo) {
        const result = await options.seedDemo(handle.db, getMediaStorage());
        if (result.created) logger.info(`Loaded demo data: ${result.listings} listings.`);
      }
      registerPaymentPurposes();
      started.__gatewayPayments = await startPayments(config);
      started.__gatewayJobs = startScheduledJobs();
    } catch (error) {
      // A failed start leaves nothing open: the embedded database's lock goes with its handle.
      setDatabase(undefined);
      await handle.close();
      throw error;
    }
    return handle;
  })();
  return started.__gatewayStartup.then((handle) => {
    setDatabase(handle);
    return handle;
  });
}

export async function stopApp(): Promise<void> {
  if (!started.__gatewayStartup) return;
  const handle = await getDatabaseHandle();
  await started.__gatewayJobs?.stop();
  started.__gatewayJobs = undefined;
  await started.__gatewayPayments?.stop();
  started.__gatewayPayments = undefined;
  started.__gatewayStartup = undefined;
  setDatabase(undefined);
  await handle.close();
}
