import { data } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import { broadcastEditSchema, idSchema } from "#shared/schemas/admin.ts";
import { editBroadcast } from "#server/domain/broadcasts/edit-broadcast.ts";
import { retractBroadcast } from "#server/domain/broadcasts/retract-broadcast.ts";
import type { ActionAnswer } from "~/components/fetcher-toast";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

/** What editing or retracting a sent item answers its fetcher. */
export type EditAnswer = ActionAnswer & { errors?: FieldErrors };

function refused({ services, request }: AdminActionArgs, e: unknown) {
  const r = adminRefusal(e, { notFound: "admin.error.notFound" }, "admin.broadcast.sent.error", {
    log: services.log,
    request,
  });
  return data<EditAnswer>({ ok: false, error: r.error }, { status: r.status });
}

/** Take a sent item back: it leaves the recipients' lists. */
export async function retractAction(args: AdminActionArgs) {
  const parsed = validate(idSchema, args.fields);
  if (!parsed.ok) return data<EditAnswer>({ ok: false, error: "admin.error.notFound" }, { status: 400 });
  try {
    await retractBroadcast(args.services.db, args.actor, parsed.data);
    return data<EditAnswer>({ ok: true, message: "admin.broadcast.sent.retractedToast" });
  } catch (e) {
    return refused(args, e);
  }
}

/** Correct a sent item's texts (and link). */
export async function editAction(args: AdminActionArgs) {
  const parsed = validate(broadcastEditSchema, args.fields);
  if (!parsed.ok)
    return data<EditAnswer>({ ok: false, error: "admin.broadcast.sent.error", errors: parsed.errors }, { status: 400 });
  try {
    await editBroadcast(args.services.db, args.actor, parsed.data);
    return data<EditAnswer>({ ok: true });
  } catch (e) {
    return refused(args, e);
  }
}
