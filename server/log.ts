import pino from "pino";

/** Structured JSON logs (pino). Callers never pass secrets, claim codes, e-mails or passwords. */
export type Logger = Pick<pino.Logger, "debug" | "info" | "warn" | "error">;

export function createLogger(level: "debug" | "info" | "warn" | "error" | "silent" = "info"): Logger {
  return pino({
    level,
    base: { app: "boonees" },
    redact: { paths: ["password", "*.password", "secretCode", "*.secretCode", "code", "token", "email", "*.email", "cookie", "*.cookie"], censor: "[redacted]" },
  });
}
