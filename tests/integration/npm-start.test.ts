import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { BUILD_STAMP, buildInputsHash } from "#server/build-inputs.ts";

import { freePort, ROOT, startInstance, type Instance } from "../support/instances.ts";

// Issue 35 item 7: `npm start` (server/start.ts) checks the configuration before it builds, and does not
// build again when nothing the build reads has changed.
const hasBuild = existsSync(path.join(ROOT, "build/server/index.js"));
let instance: Instance | undefined;
afterAll(async () => {
  await instance?.stop();
});

describe("npm start", () => {
  it("stops at once on a bad variable, naming it, before anything is built", () => {
    const buildDir = path.join(mkdtempSync(path.join(tmpdir(), "boonees-start-")), "build");
    const run = spawnSync(process.execPath, ["server/start.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        BUILD_DIR: buildDir,
        PORT: "not-a-port",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "boonees-start-data-")),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid configuration");
    expect(run.stderr).toContain("PORT");
    expect(existsSync(buildDir)).toBe(false); // no build was started
  });

  it.skipIf(!hasBuild)(
    "starts a build made from the same inputs without building again",
    async () => {
      // a build directory whose stamp says it was made from the checkout as it is now
      const buildDir = path.join(mkdtempSync(path.join(tmpdir(), "boonees-start-")), "build");
      mkdirSync(buildDir);
      for (const part of ["server", "client"]) symlinkSync(path.join(ROOT, "build", part), path.join(buildDir, part));
      writeFileSync(path.join(buildDir, BUILD_STAMP), `${buildInputsHash(ROOT)}\n`);

      instance = await startInstance({
        port: await freePort(),
        script: "server/start.ts",
        env: { BUILD_DIR: buildDir, LOG_LEVEL: "info" },
      });
      expect((await fetch(`${instance.base}/`)).status).toBe(200);
      expect(instance.output()).toContain("The build is up to date");
      expect(instance.output()).not.toMatch(/vite v\d|built in|transforming/i); // what a build prints
    },
    180_000,
  );

  it("knows a build is out of date once a file the build reads changes", () => {
    const root = mkdtempSync(path.join(tmpdir(), "boonees-inputs-"));
    mkdirSync(path.join(root, "app"));
    writeFileSync(path.join(root, "app/root.tsx"), "export default 1;");
    writeFileSync(path.join(root, "package-lock.json"), "{}");
    const before = buildInputsHash(root);
    expect(buildInputsHash(root)).toBe(before);
    writeFileSync(path.join(root, "app/root.tsx"), "export default 2;");
    expect(buildInputsHash(root)).not.toBe(before);
    const edited = buildInputsHash(root);
    writeFileSync(path.join(root, "app/new-page.tsx"), "");
    expect(buildInputsHash(root)).not.toBe(edited);
  });
});
