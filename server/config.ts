import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

import { DEFAULT_TIME_ZONE, isTimeZone } from "#shared/dates.ts";

import { parseTrustedProxies } from "./client-address.ts";
import { parsePushHostPatterns, parsePushTestHosts } from "./notify/push-endpoint-policy.ts";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** deploy/env.example's SESSION_SECRET is "change-me-…": start-up refuses it rather than sign cookies with it. */
const isPlaceholderSecret = (value: string) => value.toLowerCase().startsWith("change-me");

/** A comma-separated list parsed by `parse`; a bad entry is a configuration error naming it. */
const hostList = (parse: (value: string) => string[]) =>
  z
    .string()
    .default("")
    .transform((v, ctx) => {
      try {
        return parse(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
        return z.NEVER;
      }
    });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  // PostgreSQL connections each instance keeps at most; a request beyond them waits for one (decision 060).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6).max(128).optional()),
  // Unset: one secret kept in PostgreSQL for every instance, or a file in DATA_DIR (server/auth/session-secret.ts).
  SESSION_SECRET: optionalString.refine((v) => !v || !isPlaceholderSecret(v), {
    message:
      "is still the placeholder of deploy/env.example; set a random value (openssl rand -hex 32) or leave it unset",
  }),
  SMTP_URL: optionalString,
  // The master key of SUN tags (NTAG 424 DNA) programmed with derived keys: 32+ hex characters
  // (openssl rand -hex 16). Unset: tags can only be bound with explicit keys.
  SUN_MASTER_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^([0-9a-fA-F]{2}){16,}$/, "must be at least 32 hex characters")
      .optional(),
  ),
  MAIL_FROM: z.string().default("Boonees <no-reply@boonees.local>"),
  // Demo figures on an empty database. Unset: on for the embedded database (a laptop), off on PostgreSQL.
  SEED_DEMO: z.enum(["true", "false", "1", "0", ""]).optional(),
  // The name of a header set by a trusted reverse proxy that carries the client address
  // (e.g. "x-real-ip"), read only from TRUSTED_PROXIES. Unset: the socket address is used.
  CLIENT_IP_HEADER: optionalString,
  // Every date and time is shown in this zone, on the server and in the browser alike.
  TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, "not an IANA time zone name (e.g. Europe/Berlin)"),
  // The socket peers whose CLIENT_IP_HEADER is believed (addresses or CIDR ranges, comma-separated).
  TRUSTED_PROXIES: z
    .string()
    .default("127.0.0.0/8,::1")
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
      }
    }),
  DROP_CITY: z.string().default("Kiel"),
  CREATOR_PROFILE_URL: z.url({ protocol: /^https?$/ }).default("https://www.instagram.com/boonees.placeholder/"),
  OPERATOR_NAME: z.string().default("Boonees (Platzhalter-Betreiber)"),
  OPERATOR_ADDRESS: z.string().default("Musterstraße 1, 24103 Kiel"),
  OPERATOR_EMAIL: z.string().default("kontakt@boonees.example"),
  OPERATOR_REPRESENTATIVE: z.string().default("Max Mustermann"),
  OPERATOR_CITY: z.string().default("Kiel"),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  // Web push keys; unset: a pair generated once and kept in the database for every instance.
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  // Push service hosts beyond the browsers' own (docs/decisions/021): exact names or *.suffix
  // wildcards, comma-separated. Their addresses must still be public.
  PUSH_SERVICE_HOSTS: hostList(parsePushHostPatterns),
  // Tests only: exact hosts (e.g. 127.0.0.1) accepted as push endpoints although local, unchecked.
  PUSH_TEST_HOSTS: hostList(parsePushTestHosts),
  // Tests only: accept push endpoints over plain http (real push services are https).
  PUSH_ALLOW_HTTP: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  // Tests only: exact hosts (e.g. 127.0.0.1) accepted as webhook endpoints although local, unchecked
  // (docs/decisions/051); and webhook endpoints over plain http. Real endpoints are https on public addresses.
  WEBHOOK_TEST_HOSTS: hostList(parsePushTestHosts),
  WEBHOOK_ALLOW_HTTP: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  // How often the delivery worker looks for due push/e-mail jobs (milliseconds).
  DELIVERY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // Push and e-mail jobs one instance sends at the same time, and its open SMTP connections (decision 057).
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  // The bearer token a Prometheus scraper sends to /metrics (Authorization: Bearer …); unset: /metrics is off (404).
  METRICS_TOKEN: optionalString
    .pipe(z.string().min(16, "must be at least 16 characters (openssl rand -hex 32)").optional())
    .refine((v) => !v || !isPlaceholderSecret(v), {
      message: "is still the placeholder of deploy/env.example; set a random value (openssl rand -hex 32)",
    }),
  // Scheduled backups (docs/deploy.md): a folder per backup in BACKUP_DIR (unset: none), every
  // BACKUP_EVERY_HOURS, the newest BACKUP_KEEP kept. Database and uploads, for both databases.
  BACKUP_DIR: optionalString,
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // The public read API (/api/v1, /drops.ics, decision 050): requests per minute per client address, shared by
  // every instance (rate_limits).
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
  // A personal token's own budget on /api/v1/me/* (decision 051): requests per minute per token, every instance.
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO"> & { SEED_DEMO: boolean; dataDir: string };

/** Parses the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const seedDemo = parsed.data.SEED_DEMO
    ? parsed.data.SEED_DEMO === "true" || parsed.data.SEED_DEMO === "1"
    : !parsed.data.DATABASE_URL;
  return { ...parsed.data, SEED_DEMO: seedDemo, dataDir };
}

/** The public settings the pages may show (never secrets). */
export function publicSettings(config: Config) {
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/$/, ""),
    dropCity: config.DROP_CITY,
    timeZone: config.TIME_ZONE,
    creatorProfileUrl: config.CREATOR_PROFILE_URL,
    operator: {
      name: config.OPERATOR_NAME,
      address: config.OPERATOR_ADDRESS,
      email: config.OPERATOR_EMAIL,
      representative: config.OPERATOR_REPRESENTATIVE,
      city: config.OPERATOR_CITY,
    },
  };
}
export type PublicSettings = ReturnType<typeof publicSettings>;
