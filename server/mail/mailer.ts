import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

import type { Logger } from "../log.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}
export type SendMail = (mail: Mail) => Promise<void>;

/**
 * SMTP_URL with pooled connections (kept open instead of a new one and a new greeting per mail), as
 * many as the delivery worker sends at once (`connections`; nodemailer's default is 5), unless it says otherwise.
 */
export function pooledSmtpUrl(smtpUrl: string, connections?: number): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (connections && !url.searchParams.has("maxConnections"))
    url.searchParams.set("maxConnections", String(connections));
  return url.toString();
}

/**
 * SMTP when SMTP_URL is set; otherwise each message goes to the log and to DATA_DIR/outbox/,
 * so that a password reset works on a laptop.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
  /** open SMTP connections at most (the delivery worker's concurrency) */
  connections?: number;
}): SendMail {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(pooledSmtpUrl(opts.smtpUrl, opts.connections));
    return async (mail) => {
      await transport.sendMail({ from: opts.from, ...mail });
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  return async (mail) => {
    mkdirSync(outbox, { recursive: true, mode: 0o700 });
    const file = path.join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    const extra = Object.entries(mail.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\n`)
      .join("");
    writeFileSync(file, `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra}\n${mail.text}\n`, {
      mode: 0o600,
    });
    opts.log.info({ file, subject: mail.subject }, "mail written to outbox (no SMTP_URL set)");
  };
}
