import { data } from "react-router";

import { validate } from "#shared/forms.ts";
import { rejectClaimSchema, verifyClaimSchema } from "#shared/schemas/admin.ts";
import { rejectClaim } from "#server/domain/claims/reject-claim.ts";
import { verifyClaim } from "#server/domain/claims/verify-claim.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";

/** What verifying or rejecting a claim answers its fetcher. */
export type ReviewAnswer =
  | { ok: true; intent: string; message?: string; params?: Record<string, string> }
  | { ok: false; intent: string; error: string };

const REFUSALS = {
  notFound: "admin.error.notFound",
  ownClaim: "admin.error.ownClaim",
  notPending: "admin.error.notPending",
  reasonRequired: "admin.error.reasonRequired",
} as const;

function refused({ services, request }: AdminActionArgs, intent: string, e: unknown) {
  const r = adminRefusal(e, REFUSALS, "admin.error.unexpected", { log: services.log, request });
  return data<ReviewAnswer>({ ok: false, intent, error: r.error }, { status: r.status });
}

export async function verifyAction(args: AdminActionArgs) {
  const parsed = validate(verifyClaimSchema, args.fields);
  if (!parsed.ok)
    return data<ReviewAnswer>({ ok: false, intent: "verify", error: "admin.error.notFound" }, { status: 400 });
  try {
    await verifyClaim(args.services.db, args.actor, parsed.data);
    return data<ReviewAnswer>({ ok: true, intent: "verify" });
  } catch (e) {
    return refused(args, "verify", e);
  }
}

export async function rejectAction(args: AdminActionArgs) {
  const parsed = validate(rejectClaimSchema, args.fields);
  if (!parsed.ok) {
    const error = parsed.errors.reason ?? "admin.error.notFound";
    return data<ReviewAnswer>({ ok: false, intent: "reject", error }, { status: 400 });
  }
  try {
    const rejected = await rejectClaim(args.services.db, args.actor, parsed.data);
    return data<ReviewAnswer>({
      ok: true,
      intent: "reject",
      message: rejected.liveDrop ? "admin.claims.rejectedInDrop" : "admin.claims.rejectedToast",
      params: { name: rejected.name, drop: rejected.liveDrop?.title ?? "" },
    });
  } catch (e) {
    return refused(args, "reject", e);
  }
}
