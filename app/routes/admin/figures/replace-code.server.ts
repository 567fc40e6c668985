import { idSchema } from "#shared/schemas/admin.ts";
import { replaceClaimCode } from "#server/domain/codes/replace-claim-code.ts";
import { intent } from "~/intents.server";

import { claimQr } from "../qr.server";

/** What replacing a code answers besides `ok`: the new claim URL and its QR code. */
export type ReplaceExtra = {
  id: string;
  name: string;
  code: string;
  previousCode: string | null;
  claimUrl: string;
  qrSvg: string;
  qrPng: string;
};

/** Give an unclaimed figure a new claim code (the old one stops working). */
export const replaceCodeRow = intent({
  schema: idSchema,
  invalid: "admin.boonees.replaceError",
  echo: ["id"],
  errors: { notFound: "admin.error.notFound", claimed: "admin.boonees.replaceClaimed" },
  fallback: "admin.boonees.replaceError",
  run: async (input, { services, actor }) => {
    const r = await replaceClaimCode(services.db, actor(), { figureId: input.id });
    const claimUrl = `${services.settings.publicUrl}/c/${r.code}`;
    const qr = await claimQr(claimUrl);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      previousCode: r.previousCode,
      claimUrl,
      qrSvg: qr.svg,
      qrPng: qr.png,
    } satisfies ReplaceExtra;
  },
});
