import type { loadConfig } from "./config.ts";
import { closeServices, createServices } from "./services.ts";

export type CliConfig = ReturnType<typeof loadConfig>;

/** The app's services for one CLI command (no admin bootstrap, quiet log), closed afterwards. */
export async function withServices(
  config: CliConfig,
  fn: (s: Awaited<ReturnType<typeof createServices>>) => Promise<unknown>,
) {
  const services = await createServices({
    ...config,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    LOG_LEVEL: "warn",
  });
  try {
    await fn(services);
  } finally {
    await closeServices(services);
  }
}
