// The claim-code rule without dependencies, so the claim page's browser code stays small.
export const CODE_MIN = 6;
export const CODE_MAX = 20;

/** Trim and upper-case: what the user typed becomes the code we look up (spec section 5). */
export const normalizeCode = (raw: string) => raw.trim().toUpperCase();

/** The translation key of what is wrong with a code, or null when it is well-formed. */
export function claimCodeError(raw: string): string | null {
  const code = normalizeCode(raw);
  if (code === "") return "claim.error.empty";
  if (code.length < CODE_MIN || code.length > CODE_MAX) return "claim.error.invalidLength";
  if (!/^[A-Z0-9]+$/.test(code)) return "claim.error.invalidFormat";
  return null;
}

/**
 * Generated codes: 10 characters, A–Z without I and O, digits 2–9 (no look-alikes): 32¹⁰ ≈ 1.1e15,
 * so guessing stays hopeless even at the full claim rate (decision 039). Entry still accepts 6–20.
 */
export const GENERATED_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GENERATED_LENGTH = 10;
/** Unclaimed codes shorter than this are "at risk" (dashboard) and replaced by `cli rotate-short-codes`. */
export const SAFE_CODE_LENGTH = GENERATED_LENGTH;

export function generateClaimCode(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  // Rejection sampling keeps every character equally likely.
  const out: string[] = [];
  const limit = 256 - (256 % GENERATED_ALPHABET.length);
  while (out.length < GENERATED_LENGTH) {
    for (const byte of random(GENERATED_LENGTH * 2)) {
      if (byte < limit && out.length < GENERATED_LENGTH) out.push(GENERATED_ALPHABET[byte % GENERATED_ALPHABET.length]);
    }
  }
  return out.join("");
}

/** Finds a code in a scanned QR/NFC payload: a bare code or a claim URL (/c/CODE, /claim/CODE, ?token=CODE). */
export function codeFromScan(payload: string): string | null {
  const text = payload.trim();
  try {
    const url = new URL(text);
    const m = url.pathname.match(/\/(?:c|claim)\/([A-Za-z0-9]{6,20})\/?$/);
    if (m) return m[1].toUpperCase();
    const token = url.searchParams.get("token");
    if (token && /^[A-Za-z0-9]{6,20}$/.test(token)) return token.toUpperCase();
    return null;
  } catch {
    const code = normalizeCode(text);
    return /^[A-Z0-9]{6,20}$/.test(code) ? code : null;
  }
}
