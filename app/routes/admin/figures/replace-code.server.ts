import { data } from "react-router";

import { validate, type FieldErrors } from "#shared/forms.ts";
import { idSchema } from "#shared/schemas/admin.ts";
import { replaceClaimCode } from "#server/domain/codes/replace-claim-code.ts";

import type { AdminActionArgs } from "../admin-action.server";
import { adminRefusal } from "../media.server";
import { claimQr } from "../qr.server";

/** What replacing a code answers: the new claim URL and its QR code, or why not. */
export type ReplaceAnswer =
  | {
      ok: true;
      intent: "replaceCode";
      id: string;
      name: string;
      code: string;
      previousCode: string | null;
      claimUrl: string;
      qrSvg: string;
      qrPng: string;
    }
  | { ok: false; intent: "replaceCode"; id: string; errors: FieldErrors; error: string; reason: null };

/** Give an unclaimed figure a new claim code (the old one stops working). */
export async function replaceCodeAction({ services, actor, fields, request }: AdminActionArgs) {
  const id = fields.id ?? "";
  const parsed = validate(idSchema, fields);
  if (!parsed.ok)
    return data<ReplaceAnswer>(
      { ok: false, intent: "replaceCode", id, errors: {}, error: "admin.boonees.replaceError", reason: null },
      { status: 400 },
    );
  try {
    const r = await replaceClaimCode(services.db, actor, { figureId: parsed.data.id });
    const claimUrl = `${services.settings.publicUrl}/c/${r.code}`;
    const qr = await claimQr(claimUrl);
    return data<ReplaceAnswer>({
      ok: true,
      intent: "replaceCode",
      id: r.id,
      name: r.name,
      code: r.code,
      previousCode: r.previousCode,
      claimUrl,
      qrSvg: qr.svg,
      qrPng: qr.png,
    });
  } catch (e) {
    const r = adminRefusal(
      e,
      { notFound: "admin.error.notFound", claimed: "admin.boonees.replaceClaimed" },
      "admin.boonees.replaceError",
      { log: services.log, request },
    );
    return data<ReplaceAnswer>(
      { ok: false, intent: "replaceCode", id, errors: {}, error: r.error, reason: null },
      { status: r.status },
    );
  }
}
