import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readSessionFast } from "../../server/auth/session-fast-path.ts";
import { staffCitiesOf } from "../../server/auth/staff-cities.ts";
import { loadViewer } from "../../server/auth/viewer.ts";
import { cityStaff, exclusiveContent, figureReports, storyPhotos, tags } from "../../server/db/schema.ts";
import { adminRoleChangeToConfirm } from "../../server/domain/accounts/admin-role-change.ts";
import { blockAccount, unblockAccount } from "../../server/domain/accounts/block-account.ts";
import { changeRole, setRole } from "../../server/domain/accounts/change-role.ts";
import { exportUsers } from "../../server/domain/accounts/export-users.ts";
import { listUsers } from "../../server/domain/accounts/list-users.ts";
import { removeAccount } from "../../server/domain/accounts/remove-account.ts";
import { listActivity } from "../../server/domain/activity/list-activity.ts";
import { broadcastContent, countRecipients } from "../../server/domain/broadcasts/broadcast-content.ts";
import { editBroadcast } from "../../server/domain/broadcasts/edit-broadcast.ts";
import { getBroadcastOptions } from "../../server/domain/broadcasts/get-broadcast-options.ts";
import { listBroadcasts } from "../../server/domain/broadcasts/list-broadcasts.ts";
import { retractBroadcast } from "../../server/domain/broadcasts/retract-broadcast.ts";
import { findStaffCity, listStaffCities } from "../../server/domain/cities/list-cities.ts";
import { createCity, markCityLabels, updateCity } from "../../server/domain/cities/save-city.ts";
import { setCityActive } from "../../server/domain/cities/set-city-active.ts";
import { exportClaims } from "../../server/domain/claims/export-claims.ts";
import { listClaims } from "../../server/domain/claims/list-claims.ts";
import { rejectClaim } from "../../server/domain/claims/reject-claim.ts";
import { verifyClaim } from "../../server/domain/claims/verify-claim.ts";
import { bindSunTag, unbindSunTag } from "../../server/domain/codes/bind-sun-tag.ts";
import { replaceClaimCode } from "../../server/domain/codes/replace-claim-code.ts";
import { listAdminDrops, listDropCandidates, pickerFigures } from "../../server/domain/drops/admin-drops.ts";
import { addDropHint, editDropHint, removeDropHint } from "../../server/domain/drops/drop-hints.ts";
import { getDashboardDrop } from "../../server/domain/drops/public-drops.ts";
import { cancelDrop, createDrop, editDrop } from "../../server/domain/drops/save-drop.ts";
import { DomainError, type Actor } from "../../server/domain/errors.ts";
import { changeFigureStatuses } from "../../server/domain/figures/change-figure-statuses.ts";
import { createFigure, createFigureBatch, getTemplate, listTypes } from "../../server/domain/figures/create-figure.ts";
import { deleteFigure } from "../../server/domain/figures/delete-figure.ts";
import { exportFigures } from "../../server/domain/figures/export-figures.ts";
import { countFigures } from "../../server/domain/figures/figure-counts.ts";
import { listAdminFigures } from "../../server/domain/figures/list-figures.ts";
import { labelTypeSummary, listLabels } from "../../server/domain/figures/list-labels.ts";
import { updateFigure } from "../../server/domain/figures/update-figure.ts";
import { listReports } from "../../server/domain/reports/list-reports.ts";
import {
  countOpenReports,
  countReportedPhotos,
  listOpenReports,
  openReportsByKind,
} from "../../server/domain/reports/open-reports.ts";
import { resolveFigureReports } from "../../server/domain/reports/resolve-reports.ts";
import { getDashboard } from "../../server/domain/stats/get-dashboard.ts";
import {
  activeCollectorsPerWeek,
  claimsPerDay,
  deliveriesPerChannel,
  dropTimesToFind,
} from "../../server/domain/stats/week-charts.ts";
import { setStoryHidden } from "../../server/domain/stories/hide-story.ts";
import { listStories } from "../../server/domain/stories/list-stories.ts";
import { setPhotoHidden } from "../../server/domain/stories/story-photos.ts";
import { addWebhook } from "../../server/domain/webhooks/add-webhook.ts";
import {
  deleteWebhook,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
} from "../../server/domain/webhooks/change-webhook.ts";
import { listWebhooks } from "../../server/domain/webhooks/list-webhooks.ts";
import { drop, figure, figureType, finderStory, instances, ownedFigure } from "../support/factories.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// Decision 058: a city's staff see and change only their cities. Every admin and moderator function of
// server/domain is walked with a Lübeck admin and a Lübeck moderator against Tokyo data.

let s: TestServices;
let globalAdmin: Actor;
let cityAdmin: Actor;
let cityMod: Actor;
let cityAdminCookie: string;
let globalCookie: string;
let luebeck: number;
let tokyo: number;
/** Everything of Tokyo a Lübeck list must never show: ids and names (all Tokyo names hold "Tokio"). */
const tokyoMarks: string[] = ["Tokio", "tokyo"];
const T = {} as {
  type: string;
  instance: string;
  free: string;
  owned: string;
  claim: string;
  story: string;
  photo: string;
  drop: string;
  hint: string;
  broadcast: string;
  finder: string;
};
const L = {} as { owned: string; claim: string };

const cityInput = (nameDe: string, slug: string, timeZone = "Europe/Berlin") => ({
  nameDe,
  nameEn: nameDe,
  slug,
  timeZone,
  defaultLang: "de" as const,
  country: "DE",
  areaDe: "",
  areaEn: "",
  operatorName: null,
  operatorAddress: null,
  operatorEmail: null,
  operatorRepresentative: null,
});

beforeAll(async () => {
  s = await createTestServices();
  const g = await createUser(s, "Globale Gerda");
  globalCookie = g.cookie;
  await setRole(s.db, g.id, "admin");
  globalAdmin = { id: g.id, role: "admin", cities: null };
  luebeck = (await createCity(s.db, globalAdmin, cityInput("Lübeck", "luebeck"))).id;
  tokyo = (await createCity(s.db, globalAdmin, cityInput("Tokio", "tokyo", "Asia/Tokyo"))).id;

  // The staff as the session makes them: roles and cities given by a global admin, read back by the viewer's code.
  const a = await createUser(s, "Lübeck Admin");
  cityAdminCookie = a.cookie;
  const m = await createUser(s, "Lübeck Moderatorin");
  await changeRole(s.db, globalAdmin, { userId: a.id, role: "admin", cities: [luebeck] });
  await changeRole(s.db, globalAdmin, { userId: m.id, role: "moderator", cities: [luebeck] });
  cityAdmin = { id: a.id, role: "admin", cities: await staffCitiesOf(s.db, a.id, "admin") };
  cityMod = { id: m.id, role: "moderator", cities: await staffCitiesOf(s.db, m.id, "moderator") };

  const finder = await createUser(s, "Tokio Finderin");
  T.finder = finder.id;
  const type = await figureType(s.db, { name: "Tokio Typ", cityId: tokyo, series: "Tokio Serie" });
  T.type = type.id;
  T.instance = (await instances(s.db, type.id, 1, { name: "Tokio Typ", cityId: tokyo }))[0].id;
  T.free = (await figure(s.db, { name: "Tokio Frei", cityId: tokyo })).id;
  const owned = await ownedFigure(s.db, finder.id, { name: "Tokio Fund", cityId: tokyo, series: "Tokio Serie" });
  T.owned = owned.id;
  T.claim = owned.claimId;
  T.story = (await finderStory(s.db, { figureId: owned.id, userId: finder.id, title: "Tokio Geschichte" })).id;
  const [photo] = await s.db
    .insert(storyPhotos)
    .values({ storyId: T.story, url: "/uploads/photos/tokio.webp" })
    .returning();
  T.photo = photo.id;
  await s.db.execute(
    sql`insert into story_photo_reports (photo_id, reporter_id) values (${T.photo}, ${globalAdmin.id})`,
  );
  await s.db.insert(figureReports).values({ figureId: T.free, reporterId: finder.id, kind: "missing" });
  const waiting = await drop(s.db, { titleDe: "Tokio Drop", cityId: tokyo, figureIds: [T.instance] });
  T.drop = waiting.id;
  T.hint = (
    await addDropHint(s.db, globalAdmin, {
      dropId: T.drop,
      textDe: "Tokio Hinweis",
      textEn: "Tokio hint",
      releaseAt: new Date(Date.now() + 2 * 3600_000),
    })
  ).id;
  T.broadcast = (
    await broadcastContent(s.db, globalAdmin, {
      title: "Tokio Nachricht",
      message: "Nur für Tokio",
      contentType: "news",
      audience: "all",
      rarity: null,
      series: null,
      figureId: null,
      cityId: tokyo,
    })
  ).id;

  // Lübeck's own: the lists are not empty by accident.
  const luebeckFinder = await createUser(s, "Lübeck Finder");
  const lOwned = await ownedFigure(s.db, luebeckFinder.id, { name: "Lübeck Fund", cityId: luebeck });
  L.owned = lOwned.id;
  L.claim = lOwned.claimId;
  await s.db.insert(figureReports).values({ figureId: L.owned, reporterId: luebeckFinder.id, kind: "damaged" });

  for (const id of Object.values(T)) tokyoMarks.push(id);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

async function collect(result: unknown): Promise<unknown> {
  if (result && typeof result === "object" && Symbol.asyncIterator in result) {
    const rows = [];
    for await (const r of result as AsyncIterable<unknown>) rows.push(r);
    return rows;
  }
  return result;
}

function expectNoTokyo(result: unknown) {
  const text = JSON.stringify(result) ?? "";
  for (const mark of tokyoMarks) expect(text, `shows ${mark}`).not.toContain(mark);
}

async function expectForbidden(run: () => unknown) {
  let error: unknown;
  try {
    await collect(await run());
  } catch (e) {
    error = e;
  }
  expect(error, "refused").toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(403);
}

type Check =
  | { kind: "list"; run: (a: Actor) => unknown; see?: (r: unknown) => void }
  | { kind: "refused"; run: (a: Actor) => unknown };
const list = (run: (a: Actor) => unknown, see?: (r: unknown) => void): Check => ({ kind: "list", run, see });
const refused = (run: (a: Actor) => unknown): Check => ({ kind: "refused", run });
/** Checked for the team (admin and moderator) or for admins only. */
type Entry = { team?: true } & Check;

const zone = "Europe/Berlin";
const texts = {
  titleDe: "Tokio neu",
  titleEn: "Tokyo new",
  descriptionDe: "",
  descriptionEn: "",
  areaDe: "",
  areaEn: "",
};

/** Every exported admin/moderator function of server/domain, by "<file>#<function>". */
const TABLE: Record<string, Entry> = {
  "activity/list-activity#listActivity": list((a) => listActivity(s.db, a, {})),
  "accounts/admin-role-change#adminRoleChangeToConfirm": refused((a) =>
    adminRoleChangeToConfirm(s.db, a, { userId: globalAdmin.id, role: "moderator" }),
  ),
  "accounts/block-account#blockAccount": refused((a) => blockAccount(s.db, a, { userId: T.finder, reason: "Test" })),
  "accounts/block-account#unblockAccount": refused((a) => unblockAccount(s.db, a, { userId: T.finder })),
  // a city admin grants roles for his own cities only (a Tokyo role, or every city, is refused)
  "accounts/change-role#changeRole": refused((a) =>
    changeRole(s.db, a, { userId: T.finder, role: "moderator", cities: [tokyo] }),
  ),
  "accounts/export-users#exportUsers": refused((a) => exportUsers(s.db, a)),
  // a city admin sees his cities' staff, and a person only by the exact e-mail address (never Tokyo's finder by name)
  "accounts/list-users#listUsers": list((a) => listUsers(s.db, a, { q: "Tokio" })),
  // webhooks carry every city's events: global admins only
  "webhooks/add-webhook#addWebhook": refused((a) =>
    addWebhook(s.db, a, { url: "https://hooks.example.com/in", "event.figure.found": "on" }, undefined as never),
  ),
  "webhooks/change-webhook#setWebhookEnabled": refused((a) => setWebhookEnabled(s.db, a, randomUUID(), false)),
  "webhooks/change-webhook#deleteWebhook": refused((a) => deleteWebhook(s.db, a, randomUUID())),
  "webhooks/change-webhook#replayWebhookDelivery": refused((a) => replayWebhookDelivery(s.db, a, randomUUID())),
  "webhooks/change-webhook#rotateWebhookSecret": refused((a) => rotateWebhookSecret(s.db, a, randomUUID())),
  "webhooks/list-webhooks#listWebhooks": refused((a) => listWebhooks(s.db, a)),
  "accounts/remove-account#removeAccount": refused((a) =>
    removeAccount(s.db, s.storage, a, { userId: T.finder, reason: "Test" }),
  ),
  "broadcasts/broadcast-content#countRecipients": refused((a) =>
    countRecipients(s.db, a, { audience: "all", rarity: null, series: null, figureId: null, cityId: tokyo }),
  ),
  "broadcasts/broadcast-content#broadcastContent": refused((a) =>
    broadcastContent(s.db, a, {
      title: "Tokio zwei",
      message: "Noch eine Nachricht",
      contentType: "news",
      audience: "all",
      rarity: null,
      series: null,
      figureId: null,
      cityId: tokyo,
    }),
  ),
  "broadcasts/edit-broadcast#editBroadcast": refused((a) =>
    editBroadcast(s.db, a, { id: T.broadcast, title: "Geändert", message: "Geänderte Nachricht", linkUrl: "" }),
  ),
  "broadcasts/get-broadcast-options#getBroadcastOptions": list((a) => getBroadcastOptions(s.db, a, {})),
  "broadcasts/list-broadcasts#listBroadcasts": list((a) => listBroadcasts(s.db, a, {})),
  "broadcasts/retract-broadcast#retractBroadcast": refused((a) => retractBroadcast(s.db, a, { id: T.broadcast })),
  "cities/list-cities#listStaffCities": {
    team: true,
    ...list(
      (a) => listStaffCities(s.db, a),
      (r) => expect((r as { id: number }[]).map((c) => c.id)).toEqual([luebeck]),
    ),
  },
  "cities/list-cities#findStaffCity": refused((a) => findStaffCity(s.db, a, tokyo)),
  "cities/save-city#createCity": refused((a) => createCity(s.db, a, cityInput("Osaka", "osaka"))),
  "cities/save-city#updateCity": refused((a) => updateCity(s.db, a, tokyo, cityInput("Tokio", "tokyo2"))),
  "cities/save-city#markCityLabels": refused((a) => markCityLabels(s.db, a, tokyo, true)),
  "cities/set-city-active#setCityActive": refused((a) => setCityActive(s.db, a, tokyo, false)),
  "claims/export-claims#exportClaims": { team: true, ...list((a) => exportClaims(s.db, a)) },
  "claims/list-claims#listClaims": {
    team: true,
    ...list(
      (a) => listClaims(s.db, a, {}),
      (r) => expect(JSON.stringify(r)).toContain(L.claim),
    ),
  },
  "claims/reject-claim#rejectClaim": {
    team: true,
    ...refused((a) => rejectClaim(s.db, a, { claimId: T.claim, reason: "Test" })),
  },
  "claims/verify-claim#verifyClaim": { team: true, ...refused((a) => verifyClaim(s.db, a, { claimId: T.claim })) },
  "codes/bind-sun-tag#bindSunTag": refused((a) =>
    bindSunTag(
      s.db,
      a,
      T.free,
      { mode: "explicit", uid: "04A1B2C3D4E5F6", metaKey: "0".repeat(32), fileKey: "1".repeat(32) },
      undefined,
    ),
  ),
  "codes/bind-sun-tag#unbindSunTag": refused((a) => unbindSunTag(s.db, a, T.free)),
  "codes/replace-claim-code#replaceClaimCode": refused((a) => replaceClaimCode(s.db, a, { figureId: T.free })),
  "drops/admin-drops#listAdminDrops": list((a) => listAdminDrops(s.db, a)),
  "drops/admin-drops#listDropCandidates": list((a) => listDropCandidates(s.db, a, "")),
  "drops/admin-drops#pickerFigures": list((a) => pickerFigures(s.db, a, [T.free, T.type])),
  "drops/drop-hints#addDropHint": refused((a) =>
    addDropHint(s.db, a, { dropId: T.drop, textDe: "x", textEn: "x", releaseAt: new Date(Date.now() + 3 * 3600_000) }),
  ),
  "drops/drop-hints#editDropHint": refused((a) => editDropHint(s.db, a, { hintId: T.hint, textDe: "x", textEn: "x" })),
  "drops/drop-hints#removeDropHint": refused((a) => removeDropHint(s.db, a, { hintId: T.hint })),
  "drops/public-drops#getDashboardDrop": list((a) => getDashboardDrop(s.db, a)),
  "drops/save-drop#createDrop": refused((a) =>
    createDrop(s.db, a, { ...texts, cityId: tokyo, releaseAt: new Date(Date.now() + 3600_000), figureIds: [T.free] }),
  ),
  "drops/save-drop#editDrop": refused((a) => editDrop(s.db, a, { ...texts, id: T.drop })),
  "drops/save-drop#cancelDrop": refused((a) => cancelDrop(s.db, a, { dropId: T.drop })),
  "figures/change-figure-statuses#changeFigureStatuses": refused((a) =>
    changeFigureStatuses(s.db, a, { ids: [T.free], status: "Archived" }),
  ),
  "figures/create-figure#createFigure": refused((a) =>
    createFigure(s.db, a, { name: "Tokio Neu", secretCode: "TOKIONEU2345", cityId: tokyo } as Parameters<
      typeof createFigure
    >[2]),
  ),
  "figures/create-figure#createFigureBatch": refused((a) =>
    createFigureBatch(s.db, a, { typeId: T.type, count: 1, status: "Placed" }),
  ),
  "figures/create-figure#listTypes": list((a) => listTypes(s.db, a)),
  "figures/create-figure#getTemplate": list((a) => getTemplate(s.db, a, T.type)),
  "figures/delete-figure#deleteFigure": refused((a) => deleteFigure(s.db, s.storage, a, { id: T.free })),
  "figures/export-figures#exportFigures": list((a) => exportFigures(s.db, a)),
  "figures/figure-counts#countFigures": list(
    (a) => countFigures(s.db, a),
    (r) => expect((r as { figures: { total: number } }).figures.total).toBe(1),
  ),
  "figures/list-figures#listAdminFigures": list(
    (a) => listAdminFigures(s.db, a, {}),
    (r) => expect((r as { totals: { total: number } }).totals.total).toBe(1),
  ),
  "figures/list-labels#listLabels": list((a) => listLabels(s.db, a, { ids: [T.free, T.instance] })),
  "figures/list-labels#labelTypeSummary": list((a) => labelTypeSummary(s.db, a, T.type)),
  "figures/update-figure#updateFigure": refused((a) =>
    updateFigure(s.db, a, { id: T.free, name: "Umbenannt" } as Parameters<typeof updateFigure>[2]),
  ),
  "reports/list-reports#listReports": {
    team: true,
    ...list((a) => listReports(s.db, a, { state: "all", q: "", page: 1 })),
  },
  "reports/open-reports#listOpenReports": { team: true, ...list((a) => listOpenReports(s.db, a)) },
  "reports/open-reports#countOpenReports": list(
    (a) => countOpenReports(s.db, a),
    (r) => expect((r as { open: number }).open).toBe(1),
  ),
  "reports/open-reports#countReportedPhotos": list(
    (a) => countReportedPhotos(s.db, a),
    (r) => expect(r).toBe(0),
  ),
  "reports/open-reports#openReportsByKind": list(
    (a) => openReportsByKind(s.db, a),
    (r) => expect(r).toMatchObject({ missing: 0, damaged: 1 }),
  ),
  "reports/resolve-reports#resolveFigureReports": refused((a) =>
    resolveFigureReports(s.db, a, { figureId: T.free, fields: { outcome: "fixed" } }),
  ),
  "stats/get-dashboard#getDashboard": {
    team: true,
    ...list(
      (a) => getDashboard(s.db, a),
      (r) => expect(r).toMatchObject({ figures: { total: 1 }, claims: { total: 1 }, reports: { open: 1 } }),
    ),
  },
  "stats/week-charts#claimsPerDay": list(
    (a) => claimsPerDay(s.db, zone, a),
    (r) => expect((r as { count: number }[]).reduce((n, d) => n + d.count, 0)).toBe(1),
  ),
  "stats/week-charts#activeCollectorsPerWeek": list(
    (a) => activeCollectorsPerWeek(s.db, zone, a),
    (r) => expect((r as { count: number }[]).reduce((n, d) => n + d.count, 0)).toBe(1),
  ),
  "stats/week-charts#dropTimesToFind": list((a) => dropTimesToFind(s.db, 4, a)),
  "stats/week-charts#deliveriesPerChannel": list(
    (a) => deliveriesPerChannel(s.db, a),
    (r) => expect(r).toEqual([]),
  ),
  "stories/hide-story#setStoryHidden": {
    team: true,
    ...refused((a) => setStoryHidden(s.db, a, { storyId: T.story, hidden: true, reason: "Unpassend" })),
  },
  "stories/list-stories#listStories": { team: true, ...list((a) => listStories(s.db, a, {})) },
  "stories/story-photos#setPhotoHidden": {
    team: true,
    ...refused((a) => setPhotoHidden(s.db, a, { photoId: T.photo, hidden: true })),
  },
};

/**
 * Functions that take an actor with an admin or moderator role but are not about a city's things, each
 * with the reason. A new admin function lands either in TABLE or here.
 */
const NOT_SCOPED: Record<string, string> = {
  "figures/create-figure#isCodeTaken": "claim codes are unique across cities; it answers only whether one is taken",
  "drops/admin-drops#dropCandidatesQuery": "the statement behind listDropCandidates, which the table checks",
};

/** "<file>#<function>" of every exported function in server/domain whose body checks an admin or moderator role, or takes an actor for its scope. */
function adminFunctions(): string[] {
  const root = join(import.meta.dirname, "../../server/domain");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts")) {
        const text = readFileSync(path, "utf8");
        const parts = text.split(/\nexport (?:async )?function\*? /).slice(1);
        for (const part of parts) {
          const fn = /^(\w+)/.exec(part)?.[1];
          const body = part.split(/\n(?:export |\/\*\*)/)[0];
          const admin = /assertRole\(actor, \[("admin"|"moderator")/.test(body);
          const scoped = /actor: Actor \| null = null/.test(body);
          if (fn && (admin || scoped)) found.push(`${path.slice(root.length + 1).replace(/\.ts$/, "")}#${fn}`);
        }
      }
    }
  };
  walk(root);
  return found.sort();
}

describe("staff per city (decision 058)", () => {
  it("every admin and moderator function of server/domain is in the table (or named as not about a city)", () => {
    const known = new Set([...Object.keys(TABLE), ...Object.keys(NOT_SCOPED)]);
    const missing = adminFunctions().filter((f) => !known.has(f));
    expect(missing).toEqual([]);
  });

  it("the viewer's cities: a city admin and moderator have theirs, a global admin none (null)", async () => {
    expect(cityAdmin.cities).toEqual([luebeck]);
    expect(cityMod.cities).toEqual([luebeck]);
    expect(await staffCitiesOf(s.db, globalAdmin.id, "admin")).toBeNull();
    // the session's one statement reads them as well (server/auth/session-fast-path.ts)
    const request = new Request("http://localhost/admin", { headers: { cookie: cityAdminCookie } });
    const fast = await readSessionFast(s.auth, s.db, request);
    expect(fast).toMatchObject({ viewer: { role: "admin", cities: [luebeck] } });
    const slow = await loadViewer(s, new Request("http://localhost/admin", { headers: { cookie: globalCookie } }));
    expect(slow.viewer).toMatchObject({ role: "admin", cities: null });
  });

  for (const [name, entry] of Object.entries(TABLE)) {
    const actors = entry.team ? (["admin", "moderator"] as const) : (["admin"] as const);
    for (const who of actors) {
      it(`${name}: a Lübeck ${who} ${entry.kind === "list" ? "sees no Tokyo rows" : "is refused on Tokyo (403)"}`, async () => {
        const actor = who === "admin" ? cityAdmin : cityMod;
        if (entry.kind === "refused") return expectForbidden(() => entry.run(actor));
        const result = await collect(await entry.run(actor));
        expectNoTokyo(result);
        entry.see?.(result);
      });
    }
  }

  it("the refusals changed nothing of Tokyo", async () => {
    const [free] = await s.db
      .select({ name: sql<string>`name`, status: sql<string>`status` })
      .from(sql`boonees`)
      .where(sql`id = ${T.free}`);
    expect(free).toEqual({ name: "Tokio Frei", status: "Placed" });
    const [claim] = await s.db
      .execute<{ status: string }>(sql`select status from claims where id = ${T.claim}`)
      .then((r) => (r as unknown as { rows: { status: string }[] }).rows);
    expect(claim.status).toBe("pending");
    const [b] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, T.broadcast));
    expect(b.retractedAt).toBeNull();
    expect(b.title).toBe("Tokio Nachricht");
    const [tag] = await s.db.select().from(tags).where(eq(tags.figureId, T.free));
    expect(tag.sunMode).toBeNull();
  });

  it("a global admin sees both cities; a broadcast reaches only the chosen city's owners", async () => {
    const all = await listAdminFigures(s.db, globalAdmin, {});
    expect(all.totals.total).toBeGreaterThanOrEqual(5);
    expect(
      await countRecipients(s.db, globalAdmin, {
        audience: "all",
        rarity: null,
        series: null,
        figureId: null,
        cityId: tokyo,
      }),
    ).toBe(1);
    expect(
      await countRecipients(s.db, globalAdmin, { audience: "all", rarity: null, series: null, figureId: null }),
    ).toBe(2);
    // a city admin without a city named: his only city's owners
    expect(
      await countRecipients(s.db, cityAdmin, { audience: "all", rarity: null, series: null, figureId: null }),
    ).toBe(1);
    const sent = await broadcastContent(s.db, cityAdmin, {
      title: "Lübeck Nachricht",
      message: "Nur für Lübeck",
      contentType: "news",
      audience: "all",
      rarity: null,
      series: null,
      figureId: null,
    });
    expect(sent.count).toBe(1);
    const [row] = await s.db.select().from(exclusiveContent).where(eq(exclusiveContent.id, sent.id));
    expect(row.cityId).toBe(luebeck);
    expect(JSON.stringify(await listBroadcasts(s.db, cityAdmin, {}))).toContain(sent.id);
  });

  it("a city admin's new figure must lie in his city; a role change to user drops the cities", async () => {
    const made = await createFigure(s.db, cityAdmin, {
      name: "Lübeck Neu",
      secretCode: "LUEBECKNEU23",
      cityId: luebeck,
    } as Parameters<typeof createFigure>[2]);
    expect(made.id).toBeTruthy();
    await expectForbidden(() =>
      createFigure(s.db, cityAdmin, { name: "Ohne Stadt", secretCode: "OHNESTADT234" } as Parameters<
        typeof createFigure
      >[2]),
    );
    const u = await createUser(s, "Wechsel");
    await changeRole(s.db, globalAdmin, { userId: u.id, role: "moderator", cities: [tokyo] });
    expect(await staffCitiesOf(s.db, u.id, "moderator")).toEqual([tokyo]);
    await changeRole(s.db, globalAdmin, { userId: u.id, role: "user" });
    expect(await s.db.select().from(cityStaff).where(eq(cityStaff.userId, u.id))).toEqual([]);
    // `cli grant-role … moderator`: without cities, every city (as migration 0035 did)
    await setRole(s.db, u.id, "moderator");
    const all = await staffCitiesOf(s.db, u.id, "moderator");
    expect(all).toContain(luebeck);
    expect(all).toContain(tokyo);
  });
});

describe(`a city admin grants roles for his cities on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("makes a Lübeck moderator, never a Tokyo one nor a global admin, and leaves another city's staff alone", async () => {
    const person = await createUser(s, "Neue Lübeckerin");
    const email = (await listUsers(s.db, globalAdmin, { q: "Neue Lübeckerin" })).items[0].email;
    // found by the exact e-mail address only
    expect((await listUsers(s.db, cityAdmin, { q: "Neue Lübeckerin" })).items).toEqual([]);
    expect((await listUsers(s.db, cityAdmin, { q: email.toUpperCase() })).items.map((u) => u.id)).toEqual([person.id]);
    await changeRole(s.db, cityAdmin, { userId: person.id, role: "moderator", cities: [luebeck] });
    expect(await staffCitiesOf(s.db, person.id, "moderator")).toEqual([luebeck]);
    // now listed as his city's staff, with her cities
    const listed = (await listUsers(s.db, cityAdmin, {})).items.find((u) => u.id === person.id);
    expect(listed).toMatchObject({ role: "moderator", cities: [luebeck] });
    // refused, nothing changed: Tokyo, every city, an admin without cities (that is a global admin)
    await expectForbidden(() =>
      changeRole(s.db, cityAdmin, { userId: person.id, role: "moderator", cities: [luebeck, tokyo] }),
    );
    await expectForbidden(() => changeRole(s.db, cityAdmin, { userId: person.id, role: "admin", cities: "all" }));
    await expect(changeRole(s.db, cityAdmin, { userId: person.id, role: "admin" })).rejects.toMatchObject({
      code: "citiesRequired",
    });
    await expect(changeRole(s.db, cityAdmin, { userId: person.id, role: "admin", cities: [] })).rejects.toMatchObject({
      code: "citiesRequired",
    });
    expect(await staffCitiesOf(s.db, person.id, "moderator")).toEqual([luebeck]);
    // Tokyo's moderator and the global admin are not his to change
    const tokyoMod = await createUser(s, "Tokio Moderator");
    await changeRole(s.db, globalAdmin, { userId: tokyoMod.id, role: "moderator", cities: [tokyo] });
    await expectForbidden(() => changeRole(s.db, cityAdmin, { userId: tokyoMod.id, role: "user" }));
    await expectForbidden(() =>
      changeRole(s.db, cityAdmin, { userId: tokyoMod.id, role: "moderator", cities: [luebeck] }),
    );
    await expectForbidden(() =>
      changeRole(s.db, cityAdmin, { userId: globalAdmin.id, role: "moderator", cities: [luebeck] }),
    );
    expect(await staffCitiesOf(s.db, tokyoMod.id, "moderator")).toEqual([tokyo]);
    // back to a plain user: her cities go with the role
    await changeRole(s.db, cityAdmin, { userId: person.id, role: "user" });
    expect(await s.db.select().from(cityStaff).where(eq(cityStaff.userId, person.id))).toEqual([]);
  });

  it("a global admin's 'all cities': a global admin, or a moderator of every city there is", async () => {
    const a = await createUser(s, "Alle Städte Admin");
    await changeRole(s.db, globalAdmin, { userId: a.id, role: "admin", cities: [luebeck] });
    await changeRole(s.db, globalAdmin, { userId: a.id, role: "admin", cities: "all" });
    expect(await staffCitiesOf(s.db, a.id, "admin")).toBeNull();
    const m = await createUser(s, "Alle Städte Moderator");
    await changeRole(s.db, globalAdmin, { userId: m.id, role: "moderator", cities: "all" });
    const all = await staffCitiesOf(s.db, m.id, "moderator");
    expect(all).toContain(luebeck);
    expect(all).toContain(tokyo);
  });
});
