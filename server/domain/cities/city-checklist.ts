import { count, eq } from "drizzle-orm";

import { CHECKLIST_ITEMS, type ChecklistItem } from "#shared/city-checklist-items.ts";
import { isTimeZone } from "#shared/dates.ts";

import type { DbOrTx } from "../../db/client.ts";
import { boonees, type City } from "../../db/schema.ts";

export { CHECKLIST_ITEMS, type ChecklistItem } from "#shared/city-checklist-items.ts";

export interface CityChecklist {
  done: Record<ChecklistItem, boolean>;
  /** The items still open (activation is refused while any is). */
  open: ChecklistItem[];
  figures: number;
}

/**
 * What a city needs before it can go active (decision 053): a time zone Intl knows, its first
 * figures, the label sheet printed or exported, and its own operator details for the legal notice
 * (a city's operator may differ from the deployment's).
 */
export async function cityChecklist(db: DbOrTx, city: City): Promise<CityChecklist> {
  const [{ n }] = await db.select({ n: count() }).from(boonees).where(eq(boonees.cityId, city.id));
  const done: Record<ChecklistItem, boolean> = {
    timeZone: isTimeZone(city.timeZone),
    figures: n > 0,
    labels: city.labelsReadyAt !== null,
    legal: [city.operatorName, city.operatorAddress, city.operatorEmail, city.operatorRepresentative].every(
      (v) => v !== null && v.trim() !== "",
    ),
  };
  return { done, open: CHECKLIST_ITEMS.filter((item) => !done[item]), figures: n };
}
