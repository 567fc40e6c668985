/** Where the end-to-end server runs and with what (tests/e2e/start-server.sh reads the same). */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3100),
  get baseURL() {
    return `http://localhost:${this.port}`;
  },
  /** The SMTP server a test runs: tests/e2e/start-server.sh sends mail to it. */
  get smtpPort() {
    return this.port + 1;
  },
  databaseUrl: process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/boonees_e2e",
  adminEmail: "admin@boonees.test",
  adminPassword: "admin-pass-123",
};
