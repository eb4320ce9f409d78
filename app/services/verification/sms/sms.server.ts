import path from "node:path";
import { getConfig, type Config } from "../../../config.server.ts";
import { createAfricasTalkingProvider } from "./africastalking.server.ts";
import type { SmsProvider } from "./provider.server.ts";
import { createSandboxSmsProvider, type SandboxSmsProvider } from "./sandbox.server.ts";
import { createTwilioProvider } from "./twilio.server.ts";

/**
 * The gateway SMS_PROVIDER names, made once per configuration (the tests start apps with their
 * own data folders one after another). Null when the site has none (production without
 * SMS_PROVIDER): the phone step then says it is unavailable.
 */
export function smsProviderFor(config: Config): SmsProvider | null {
  const sms = config.sms;
  switch (sms?.provider) {
    case undefined:
      return null;
    case "sandbox":
      return createSandboxSmsProvider(path.join(config.dataDir, "sms"));
    case "africastalking":
      return createAfricasTalkingProvider(sms);
    case "twilio":
      return createTwilioProvider(sms);
  }
}

let current: { config: Config; provider: SmsProvider | null } | undefined;

export function getSmsProvider(): SmsProvider | null {
  const config = getConfig();
  if (current?.config !== config) current = { config, provider: smsProviderFor(config) };
  return current.provider;
}

/** The sandbox, when texts go there (the /dev/sms page reads it). */
export function getSmsSandbox(): SandboxSmsProvider | undefined {
  const provider = getSmsProvider();
  return provider?.id === "sandbox" ? (provider as SandboxSmsProvider) : undefined;
}
