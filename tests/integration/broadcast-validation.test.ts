import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validate } from "#shared/forms.ts";
import { broadcastFormInput, broadcastSchema } from "#shared/schemas/admin.ts";
import { IMAGE_MAX_BYTES } from "#shared/upload-rules.ts";

import { queryRows } from "../../server/db/client.ts";
import { broadcastContent } from "../../server/domain/broadcasts/broadcast-content.ts";
import type { Actor } from "../../server/domain/errors.ts";
import { untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 17 item 1: an image or video post needs a file, a link post a link; refused by the one
// schema (browser and server) and by the domain function, with nothing stored or sent.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin");
  const owner = await createUser(s, "Olli Owner");
  await untaggedFigure(s.db, { name: "Besessen", status: "Found", ownerId: owner.id });
});
afterAll(async () => s.close());

const rows = async () => {
  const [r] = await queryRows<{ content: number; notes: number }>(
    s.db,
    sql`select (select count(*)::int from exclusive_content) as content, (select count(*)::int from notifications) as notes`,
  );
  return r;
};
const form = (fields: Record<string, string>, file?: File) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    title: "Neues Bild",
    message: "Schaut euch das an, Leute!",
    audience: "all",
    ...fields,
  }))
    f.set(k, v);
  if (file) f.set("file", file);
  return f;
};

describe(`broadcast validation on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("the schema refuses an image or video post without a file and a link post without a link", () => {
    const empty = new File([], "", { type: "application/octet-stream" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "image" }, empty)))).toMatchObject({
      ok: false,
      errors: { file: "broadcast.error.imageRequired" },
    });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "video" })))).toMatchObject({
      ok: false,
      errors: { file: "broadcast.error.videoRequired" },
    });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "link", linkUrl: "   " })))).toMatchObject({
      ok: false,
      errors: { linkUrl: "broadcast.error.linkRequired" },
    });
    // a posted "hasFile" is not believed: the file itself decides
    expect(
      validate(broadcastSchema, broadcastFormInput(form({ contentType: "image", hasFile: "true" }))),
    ).toMatchObject({
      ok: false,
      errors: { file: "broadcast.error.imageRequired" },
    });
    const picked = new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "image" }, picked))).ok).toBe(true);
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "news" }))).ok).toBe(true);
    expect(
      validate(broadcastSchema, broadcastFormInput(form({ contentType: "link", linkUrl: "https://example.org/x" }))).ok,
    ).toBe(true);
  });

  it("the schema names why a picked file cannot go: which types are allowed, or the limit (issue 35 item 8)", () => {
    const text = new File(["nur Text"], "notiz.txt", { type: "text/plain" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "image" }, text)))).toMatchObject({
      ok: false,
      errors: { file: "admin.upload.reason.notImage" },
    });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "video" }, text)))).toMatchObject({
      ok: false,
      errors: { file: "admin.upload.reason.notVideo" },
    });
    const big = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], "gross.png", { type: "image/png" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "image" }, big)))).toMatchObject({
      ok: false,
      errors: { file: "admin.upload.reason.imageTooLarge" },
    });
    // as large as allowed, or of a type the browser does not name: left to the check by content
    const atLimit = new File([new Uint8Array(IMAGE_MAX_BYTES)], "genau.png", { type: "image/png" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "image" }, atLimit))).ok).toBe(true);
    const unnamed = new File([new Uint8Array([1, 2, 3])], "ohne-endung", { type: "" });
    expect(validate(broadcastSchema, broadcastFormInput(form({ contentType: "video" }, unnamed))).ok).toBe(true);
  });

  it("the server refuses them too and stores and sends nothing", async () => {
    const before = await rows();
    const base = {
      title: "Leer",
      message: "Ein leerer Beitrag, bitte nicht.",
      audience: "all" as const,
      rarity: null,
      series: null,
      figureId: null,
    };
    await expect(broadcastContent(s.db, admin, { ...base, contentType: "image" })).rejects.toMatchObject({
      code: "imageRequired",
      status: 400,
    });
    await expect(broadcastContent(s.db, admin, { ...base, contentType: "video" })).rejects.toMatchObject({
      code: "videoRequired",
      status: 400,
    });
    await expect(broadcastContent(s.db, admin, { ...base, contentType: "link", linkUrl: null })).rejects.toMatchObject({
      code: "linkRequired",
      status: 400,
    });
    expect(await rows()).toEqual(before);
    // the same post with its file goes out
    const sent = await broadcastContent(
      s.db,
      admin,
      { ...base, contentType: "image" },
      { storeFile: async () => "/uploads/exclusive/ok.webp" },
    );
    expect(sent).toMatchObject({ count: 1, url: "/uploads/exclusive/ok.webp" });
  });
});
