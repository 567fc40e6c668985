import { z } from "zod";

import { claimCodeError, normalizeCode } from "./claim-code-rule.ts";

export * from "./claim-code-rule.ts";

/** The claim-code rule as a zod schema, shared by the claim form's action and every claim action. */
export const claimCodeSchema = z
  .string()
  .transform(normalizeCode)
  .superRefine((code, ctx) => {
    const error = claimCodeError(code);
    if (error) ctx.addIssue({ code: "custom", message: error });
  });
