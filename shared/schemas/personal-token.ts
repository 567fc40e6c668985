import { z } from "zod";

/** A new personal read token: the name its owner recognises it by. */
export const personalTokenSchema = z.object({
  name: z.string().trim().min(1, "profile.tokens.error.name").max(60, "profile.tokens.error.name"),
});
