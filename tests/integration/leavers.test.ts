import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { storyPhotos } from "../../server/db/schema.ts";
import { blockAccount, unblockAccount } from "../../server/domain/accounts/block-account.ts";
import { deleteAccount, exportUserData } from "../../server/domain/accounts/own-data.ts";
import { removeAccount } from "../../server/domain/accounts/remove-account.ts";
import { signIn } from "../../server/domain/accounts/sign-in.ts";
import { sunFigure } from "../../server/domain/codes/sun-figure.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { getFigureLife } from "../../server/domain/figures/figure-life.ts";
import { getFigureDetail } from "../../server/domain/figures/public-figure.ts";
import { reportFigure } from "../../server/domain/reports/report-figure.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../../server/domain/stats/public-stats.ts";
import { reportStoryPhoto } from "../../server/domain/stories/report-story-photo.ts";
import { addStoryPhotos, setPhotoHidden } from "../../server/domain/stories/story-photos.ts";
import { translator } from "../../server/notify/translate.ts";
import { finderStory, ownedFigure, untaggedFigure } from "../support/factories.ts";
import { createStaff, createTestServices, createUser, type TestServices } from "./harness.ts";

// Issue 35 items 9, 12 and 13: deleted and blocked accounts leave the leaderboards (and the counts
// that rank them), a blocked finder is 'Anonymous' on "found by", the blocked message names the
// operator's address, and the data download holds the person's finder photos and reports. Both databases.
let s: TestServices;
let admin: Actor;
beforeAll(async () => {
  s = await createTestServices();
  admin = await createStaff(s, "admin", "Ada Admin");
});
afterAll(async () => s.close());

const user = (id: string): Actor => ({ id, role: "user" });
let seq = 0;

/** `count` public figures owned by `ownerId` (one statement, as a drop's finds land), Legendary when asked. */
async function own(ownerId: string, count: number, rarity: "Common" | "Legendary" = "Legendary") {
  await s.db.execute(sql`insert into boonees (name, status, rarity, owner_id, claimed_at)
    select 'Serie ' || ${seq++} || '-' || i, 'Found', ${rarity}, ${ownerId}, now() - make_interval(mins => ${count} - i)
    from generate_series(1, ${count}) as i`);
}

describe(`leavers on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("leaves deleted and blocked accounts out of both leaderboards and the collector count; ranks count without them; unblocked ones come back", async () => {
    const statsBefore = await getPublicStats(s.db);
    // twelve who leave hold the most figures; ten who stay hold fewer
    const leavers = [];
    for (let i = 0; i < 12; i++) {
      const u = await createUser(s, `Geht ${i}`);
      await own(u.id, 200 + i);
      leavers.push(u);
    }
    const stayers = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(s, `Bleibt ${i}`);
      await own(u.id, 100 - i);
      stayers.push(u);
    }
    const expected = stayers.map((u, i) => ({ name: u.name, count: 100 - i }));
    expect((await getLeaderboards(s.db)).collectors[0].name).toBe("Geht 11");

    for (const u of leavers.slice(0, 4)) await deleteAccount(s.db, s.storage, user(u.id));
    for (const u of leavers.slice(4, 8))
      await removeAccount(s.db, s.storage, admin, { userId: u.id, reason: "Auf Wunsch gelöscht" });
    for (const u of leavers.slice(8)) await blockAccount(s.db, admin, { userId: u.id, reason: "Codes verkauft" });

    const boards = await getLeaderboards(s.db);
    expect(boards.collectors).toEqual(expected.map((r, i) => ({ rank: i + 1, ...r, mine: false })));
    expect(boards.legends).toEqual(expected.map((r, i) => ({ rank: i + 1, ...r, mine: false })));
    expect((await getPublicStats(s.db)).totalCollectors - statsBefore.totalCollectors).toBe(10);

    // a deleted account's figure that becomes public again is counted, and still not listed
    const gone = leavers[0];
    await s.db.execute(sql`update boonees set status = 'Hidden' where owner_id = ${gone.id}`);
    await s.db.execute(sql`update boonees set status = 'Placed' where owner_id = ${gone.id}`);
    expect((await getLeaderboards(s.db)).collectors.map((r) => r.name)).toEqual(expected.map((r) => r.name));

    // unblocked: back in first place
    await unblockAccount(s.db, admin, { userId: leavers[11].id });
    const back = await getLeaderboards(s.db);
    expect(back.collectors[0]).toEqual({ rank: 1, name: "Geht 11", count: 211, mine: false });
    expect(back.collectors).toHaveLength(10);
    await blockAccount(s.db, admin, { userId: leavers[11].id, reason: "Wieder gesperrt" });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "reads the first ten listed rows by their own index, with 3,000 unlisted accounts ranked above them",
    async () => {
      await s.db.execute(sql`insert into profiles (id, name, email, deleted_at)
      select 'gone-' || i, null, 'gone-' || i || '@deleted.invalid', now() from generate_series(1, 3000) as i`);
      // their counters as the triggers would have them after 500 finds each (the insert trigger marks them unlisted)
      await s.db.execute(sql`insert into owner_counts (user_id, owned, owned_at, legendary, legendary_at)
      select 'gone-' || i, 500, now(), 500, now() from generate_series(1, 3000) as i`);
      await s.db.execute(sql`analyze owner_counts`);
      const [{ unlisted }] = await queryRows<{ unlisted: number }>(
        s.db,
        sql`select count(*)::int as unlisted from owner_counts where not listed`,
      );
      expect(unlisted).toBeGreaterThanOrEqual(3000);
      for (const [column, index] of [
        ["owned", "owner_counts_listed_owned_idx"],
        ["legendary", "owner_counts_listed_legendary_idx"],
      ]) {
        const plan = await queryRows<{ "QUERY PLAN": string }>(
          s.db,
          sql.raw(`explain select o.user_id from owner_counts o join profiles p on p.id = o.user_id
                 where o.${column} > 0 and o.listed order by o.${column} desc, o.${column}_at asc, o.user_id limit 10`),
        );
        expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain(index);
      }
      expect((await getLeaderboards(s.db)).collectors.every((r) => r.name?.startsWith("Bleibt"))).toBe(true);
    },
  );

  it("a blocked finder shows as Anonymous on the figure page, in its biography and on its tag page; unblocked, the name is back", async () => {
    const finder = await createUser(s, "Finja Fund");
    const figure = await ownedFigure(s.db, finder.id, { name: "Blocki", tag: { sunMode: "master" } });
    const shown = async () => ({
      page: (await getFigureDetail(s.db, null, figure.id)).ownerName,
      life: (await getFigureLife(s.db, figure, { admin: false })).find((e) => e.kind === "found")?.finder,
      tag: (await sunFigure(s.db, figure.id))?.ownerName,
    });
    expect(await shown()).toEqual({ page: "Finja Fund", life: "Finja Fund", tag: "Finja Fund" });
    await blockAccount(s.db, admin, { userId: finder.id, reason: "Gefälschte Funde" });
    expect(await shown()).toEqual({ page: null, life: null, tag: null });
    await unblockAccount(s.db, admin, { userId: finder.id });
    expect(await shown()).toEqual({ page: "Finja Fund", life: "Finja Fund", tag: "Finja Fund" });
  });

  it("tells a blocked person whom to write to (OPERATOR_EMAIL), in German and English", async () => {
    const blocked = await createUser(s, "Gesperrte");
    await blockAccount(s.db, admin, { userId: blocked.id, reason: "Belästigung" });
    const refused = await signIn(
      s,
      { email: blocked.email, password: blocked.password },
      new Headers({ "x-real-ip": "192.0.2.7" }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DomainError);
    const { code, status, params } = refused as DomainError;
    expect({ code, status, params }).toEqual({
      code: "blocked",
      status: 403,
      params: { email: s.config.OPERATOR_EMAIL },
    });
    for (const lang of ["de", "en"] as const)
      expect(translator(lang)("auth.error.blocked", params)).toContain(s.config.OPERATOR_EMAIL);
  });

  it("the data download holds the person's finder photos (every size) and reports with their state", async () => {
    const me = await createUser(s, "Datenfreund");
    const other = await createUser(s, "Fotografin");
    const mine = await untaggedFigure(s.db, { name: "Meiner", status: "Found", ownerId: me.id });
    const theirs = await untaggedFigure(s.db, { name: "Ihrer", status: "Found", ownerId: other.id });
    const story = await finderStory(s.db, {
      figureId: mine.id,
      userId: me.id,
      title: "Meine",
      story: "Im Park gefunden.",
    });
    const theirStory = await finderStory(s.db, {
      figureId: theirs.id,
      userId: other.id,
      title: "Ihre",
      story: "Am Strand gefunden.",
    });
    const photo = new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff8800" } })
            .png()
            .toBuffer(),
        ),
      ],
      "p.png",
    );
    await addStoryPhotos(s.db, s.storage, user(me.id), { figureId: mine.id, storyId: story.id, files: [photo] });
    await addStoryPhotos(s.db, s.storage, user(other.id), {
      figureId: theirs.id,
      storyId: theirStory.id,
      files: [photo, photo],
    });
    const theirPhotos = await s.db
      .select()
      .from(storyPhotos)
      .where(eq(storyPhotos.storyId, theirStory.id))
      .orderBy(storyPhotos.createdAt);
    await reportFigure(s.db, user(me.id), { figureId: theirs.id, fields: { kind: "damaged", note: "Arm ab" } });
    await reportStoryPhoto(s.db, user(me.id), { figureId: theirs.id, fields: { photoId: theirPhotos[0].id } });
    await reportStoryPhoto(s.db, user(me.id), { figureId: theirs.id, fields: { photoId: theirPhotos[1].id } });
    await setPhotoHidden(s.db, admin, { photoId: theirPhotos[0].id, hidden: true });

    const data = await exportUserData(s.db, user(me.id), "de", "https://boonees.example");
    const [url] = (
      await s.db.select({ url: storyPhotos.url }).from(storyPhotos).where(eq(storyPhotos.storyId, story.id))
    ).map((r) => r.url);
    expect(data.storyPhotos).toEqual([
      expect.objectContaining({
        storyId: story.id,
        hidden: false,
        sizes: {
          detail: `https://boonees.example${url}`,
          card: `https://boonees.example${url.replace(/\.webp$/, "-card.webp")}`,
        },
      }),
    ]);
    expect(data.figureReports).toEqual([
      expect.objectContaining({ figureId: theirs.id, figure: "Ihrer", kind: "damaged", note: "Arm ab", state: "open" }),
    ]);
    expect(data.photoReports.map((r) => [r.photoId, r.state]).sort()).toEqual(
      [
        [theirPhotos[0].id, "photoHidden"],
        [theirPhotos[1].id, "open"],
      ].sort(),
    );
    // nothing of someone else's stories or photos
    expect(JSON.stringify(data)).not.toContain(theirPhotos[0].url);
  });
});
