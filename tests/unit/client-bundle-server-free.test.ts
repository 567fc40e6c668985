import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Server-only code never reaches the browser: a route module may import server code for its loader and
// action (React Router drops both from the browser's copy), but a constant from a server module used by
// the page itself pulled that module in whole, with the database schema and Drizzle (the city page's
// checklist did, 7 KB). Each marker is a string only that library's code carries.
const MARKERS = {
  "drizzle-orm": "drizzle:entityKind",
  "better-auth": "better-auth",
  nodemailer: "nodemailer",
  "web-push": "web-push",
  "node-postgres": "pg-protocol",
  "a Node built-in": '"node:',
};

const assets = path.join(import.meta.dirname, "../../", process.env.BUILD_DIR ?? "build", "client/assets");

describe.skipIf(!existsSync(assets) && !process.env.CI)("the browser's JavaScript", () => {
  it("holds no server library", () => {
    const found: string[] = [];
    for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(path.join(assets, file), "utf8");
      for (const [library, marker] of Object.entries(MARKERS))
        if (text.includes(marker)) found.push(`${file}: ${library}`);
    }
    expect(found).toEqual([]);
  });
});
