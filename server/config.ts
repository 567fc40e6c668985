import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustedProxies } from "./client-address.ts";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6).max(128).optional()),
  SESSION_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Boonees <no-reply@boonees.local>"),
  // Demo figures on an empty database. Unset: on for the embedded database (a laptop), off on PostgreSQL.
  SEED_DEMO: z.enum(["true", "false", "1", "0", ""]).optional(),
  // The name of a header set by a trusted reverse proxy that carries the client address
  // (e.g. "x-real-ip"), read only from TRUSTED_PROXIES. Unset: the socket address is used.
  CLIENT_IP_HEADER: optionalString,
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
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO"> & { SEED_DEMO: boolean; sessionSecret: string; dataDir: string };

/** Parses the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const seedDemo = parsed.data.SEED_DEMO ? parsed.data.SEED_DEMO === "true" || parsed.data.SEED_DEMO === "1" : !parsed.data.DATABASE_URL;
  return { ...parsed.data, SEED_DEMO: seedDemo, dataDir, sessionSecret: parsed.data.SESSION_SECRET ?? readOrCreateSecret(dataDir) };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The public settings the pages may show (never secrets). */
export function publicSettings(config: Config) {
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/$/, ""),
    dropCity: config.DROP_CITY,
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
