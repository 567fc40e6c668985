import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";

import { loadConfig } from "../../server/config.ts";
import { databaseErrorCode, describeError, logError, redactPath, safeMessage } from "../../server/log-error.ts";
import { createLogger } from "../../server/log.ts";

/** A failed query as Drizzle reports it on node-postgres: its message lists the parameters. */
function failedQuery() {
  const pgError = Object.assign(new Error('invalid input syntax for type uuid: "SECRETCODE42"'), {
    name: "error",
    code: "22P02",
    detail: "Key (email)=(someone@example.test) already exists.",
    table: "tags",
  });
  return new DrizzleQueryError(
    "select * from tags where secret_code = $1 and email = $2",
    ["SECRETCODE42", "someone@example.test"],
    pgError,
  );
}

describe("error logging", () => {
  it("keeps the name, codes, table and stack frames of a failed query, never its message or parameters", () => {
    const described = JSON.stringify(describeError(failedQuery()));
    expect(described).not.toMatch(/SECRETCODE42|someone@example|secret_code|params/);
    expect(describeError(failedQuery())).toMatchObject({
      name: "DrizzleQueryError",
      cause: { name: "error", code: "22P02", table: "tags" },
    });
    expect(describeError(failedQuery()).stack?.[0]).toMatch(/^at /);
    expect(databaseErrorCode(failedQuery())).toBe("22P02");
  });

  it("keeps the driver's message under Drizzle's, with anything quoted or secret-shaped cut out", () => {
    expect(describeError(failedQuery()).message).toBeUndefined();
    expect(describeError(failedQuery()).cause?.message).toBe('invalid input syntax for type uuid: "…"');
    // the pool's own timeout, as node-postgres words it: the cause of a 500 under load must be readable
    const timeout = new DrizzleQueryError(
      "select 1 where $1",
      ["tok"],
      new Error("timeout exceeded when trying to connect"),
    );
    expect(describeError(timeout).cause?.message).toBe("timeout exceeded when trying to connect");
    for (const secret of [
      "connect to postgres://app:hunter2@db:5432/x failed",
      "token abcdefghijklmnopqrstuvwxyzABCDEF refused",
      "no user someone@example.test",
      "code K7Q2Z9 taken",
    ])
      expect(safeMessage(secret)).not.toMatch(/hunter2|abcdefghijklmnop|someone|K7Q2Z9/);
    expect(
      describeError(new SyntaxError("Unexpected token 'x', \"secret\" is not valid JSON")).message,
    ).toBeUndefined();
  });

  it("logs through pino without the message, with the route redacted and the request id", () => {
    let out = "";
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => ((out += chunk), true)) as typeof process.stdout.write;
    try {
      const log = createLogger("info");
      const request = new Request("http://x/c/SECRETCODE42?token=abc", { headers: { "x-boonees-request-id": "r-1" } });
      logError(log, failedQuery(), { request });
      log.error({ err: failedQuery() }, "a stray err field"); // the serializer, not the caller, keeps it clean
    } finally {
      process.stdout.write = write;
    }
    expect(out).not.toMatch(/SECRETCODE42|someone@example|abc/);
    expect(out).toMatch(/"pgCode":"22P02"/);
    expect(out).toMatch(/"route":"\/c\/\[code\]"/);
    expect(out).toMatch(/"requestId":"r-1"/);
    expect(redactPath("/claim/ABC/x")).toBe("/claim/[code]/x");
  });

  it("refuses the placeholder session secret of deploy/env.example", () => {
    expect(() =>
      loadConfig({
        DATA_DIR: "/tmp/boonees-unit",
        SESSION_SECRET: "change-me-to-64-random-hex-characters",
      } as NodeJS.ProcessEnv),
    ).toThrow(/SESSION_SECRET: is still the placeholder/);
  });
});
