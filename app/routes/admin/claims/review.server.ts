import { rejectClaimSchema, verifyClaimSchema } from "#shared/schemas/admin.ts";
import { rejectClaim } from "#server/domain/claims/reject-claim.ts";
import { verifyClaim } from "#server/domain/claims/verify-claim.ts";
import { intent } from "~/intents.server";

/** The claims page's refusals (the admin texts for forbidden / unauthorized come from `adminIntents`). */
export const REVIEW_KEYS = {
  notFound: "admin.error.notFound",
  ownClaim: "admin.error.ownClaim",
  notPending: "admin.error.notPending",
  reasonRequired: "admin.error.reasonRequired",
};

export const verifyRow = intent({
  schema: verifyClaimSchema,
  run: async (input, { services, actor }) => {
    await verifyClaim(services.db, actor(), input);
  },
});

export const rejectRow = intent({
  schema: rejectClaimSchema,
  run: async (input, { services, actor }) => {
    const rejected = await rejectClaim(services.db, actor(), input);
    return {
      message: rejected.liveDrop ? "admin.claims.rejectedInDrop" : "admin.claims.rejectedToast",
      params: { name: rejected.name, drop: rejected.liveDrop?.title ?? "" },
    };
  },
});
