import type { Mail } from "./mailer.ts";

/** Told to an account's owner when someone signs up with their address (the page does not say so). */
export function signUpAttemptMail(to: string, publicUrl: string): Mail {
  const base = publicUrl.replace(/\/$/, "");
  return {
    to,
    subject: "Boonees: Anmeldeversuch mit deiner Adresse / sign-up attempt with your address",
    text:
      `Hallo,\n\njemand wollte gerade mit dieser E-Mail-Adresse ein neues Boonees-Konto anlegen. Du hast schon eins.\n` +
      `Anmelden: ${base}/auth\nPasswort vergessen: ${base}/auth/forgot\n\n` +
      `Hi, someone just tried to create a new Boonees account with this email address. You already have one.\n` +
      `Log in: ${base}/auth\nForgot your password: ${base}/auth/forgot\n\n` +
      `Wenn du das nicht warst, ignoriere diese Mail. / If this wasn't you, ignore this mail.\n`,
  };
}
