import { eq } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { cities } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity } from "../staff-scope.ts";
import { cityChecklist, type ChecklistItem } from "./city-checklist.ts";

/** The refusal of an activation while the checklist is open; `open` names the items. */
export class ChecklistOpenError extends DomainError {
  open: ChecklistItem[];
  constructor(open: ChecklistItem[]) {
    super("checklistOpen", 409, { open: open.join(",") });
    this.open = open;
  }
}

/**
 * An admin switches a city active (listed as playable on `/`) or back to "coming soon". Activation is
 * refused while its checklist is open; the row is locked while the checklist is read, so an edit
 * between the check and the switch cannot slip through.
 */
export async function setCityActive(db: Db, actor: Actor | null, id: number, active: boolean): Promise<void> {
  assertRole(actor, ["admin"]);
  assertStaffCity(actor, id);
  await db.transaction(async (tx) => {
    const [city] = await tx.select().from(cities).where(eq(cities.id, id)).for("update");
    if (!city) throw new DomainError("notFound", 404);
    if (active) {
      const { open } = await cityChecklist(tx, city);
      if (open.length > 0) throw new ChecklistOpenError(open);
    }
    if (city.active === active) return;
    await tx.update(cities).set({ active }).where(eq(cities.id, id));
    await recordActivity(tx, actor, {
      action: active ? "city.activated" : "city.deactivated",
      objectType: "city",
      objectId: String(id),
      objectLabel: city.nameDe,
    });
  });
}
