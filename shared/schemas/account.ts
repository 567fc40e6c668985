import { z } from "zod";

/** An e-mail address: at most 254 characters (RFC 5321), checked before its form (decision 043). */
export const EMAIL_MAX = 254;
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "auth.error.emailRequired")
  .max(EMAIL_MAX, "auth.error.emailTooLong")
  .pipe(z.email("auth.error.emailInvalid"));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "auth.error.passwordRequired").max(128, "auth.error.passwordTooLong"),
});

export const passwordSchema = z.string().min(6, "auth.error.passwordTooShort").max(128, "auth.error.passwordTooLong");

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "auth.error.nameRequired").max(100, "auth.error.nameTooLong"),
  email,
  password: passwordSchema,
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "auth.error.resetInvalid").max(200, "auth.error.resetInvalid"),
  password: passwordSchema,
});

/** The same password is no change: refused under the new-password field (the domain refuses it too). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "auth.error.passwordRequired").max(128, "auth.error.passwordTooLong"),
    newPassword: passwordSchema,
  })
  .refine((d) => d.newPassword !== d.currentPassword, {
    path: ["newPassword"],
    message: "profile.password.samePassword",
  });

/** A passkey-only sign-up: name and e-mail as for a password sign-up, no password. */
export const passkeySignUpSchema = signUpSchema.pick({ name: true, email: true });

export const passkeyNameSchema = z.object({
  id: z.uuid("profile.passkeys.notFound"),
  name: z.string().trim().min(1, "profile.passkeys.nameRequired").max(60, "profile.passkeys.nameTooLong"),
});
