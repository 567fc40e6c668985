import pino from "pino";

import { describeError } from "./log-error.ts";

/** Structured JSON logs (pino). Callers never pass secrets, claim codes, e-mails or passwords. */
export type Logger = Pick<pino.Logger, "debug" | "info" | "warn" | "error">;

export function createLogger(level: "debug" | "info" | "warn" | "error" | "silent" = "info"): Logger {
  return pino({
    level,
    base: { app: "boonees" },
    // pino's own err serializer copies every property (a Drizzle error's .params, its message with the query's values)
    serializers: { err: describeError, error: describeError },
    redact: {
      paths: [
        "password",
        "*.password",
        "secretCode",
        "*.secretCode",
        "code",
        "token",
        "email",
        "*.email",
        "cookie",
        "*.cookie",
      ],
      censor: "[redacted]",
    },
  });
}
