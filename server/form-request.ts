/**
 * What a state-changing request must be before any action reads it (decision 043):
 * a form, `application/x-www-form-urlencoded` or `multipart/form-data` with a boundary, whose body
 * parses. The HTTP server checks the type before the claim fast path and React Router alike; the
 * body is read by `readForm` in both, so both decide the same on every malformed request.
 */

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** A boundary as RFC 2046 allows it: 1 to 70 characters of its set, optionally quoted. */
const BOUNDARY = /^(?:"[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]"|[0-9A-Za-z'()+_,\-./:=?]{1,70})$/;

export interface FormRefusal {
  status: 400 | 415;
  message: string;
}

/**
 * Why a request with this Content-Type can never be a form, or null when it may be one: no type or
 * another type (415), multipart without a usable boundary (400). The essence is compared exactly
 * (case-insensitive): `application/x-www-form-urlencodedXX` is not a form.
 */
export function formTypeRefusal(contentType: string | null | undefined): FormRefusal | null {
  const [essence = "", ...params] = (contentType ?? "").split(";");
  const type = essence.trim().toLowerCase();
  if (type === "") return { status: 415, message: "Unsupported Media Type: send a form (no Content-Type)" };
  if (!(FORM_TYPES as readonly string[]).includes(type))
    return { status: 415, message: "Unsupported Media Type: send a form" };
  if (type === "multipart/form-data") {
    const boundary = params
      .map((p) => p.trim())
      .find((p) => p.toLowerCase().startsWith("boundary="))
      ?.slice("boundary=".length);
    if (!boundary || !BOUNDARY.test(boundary))
      return { status: 400, message: "Bad Request: multipart form without a boundary" };
  }
  return null;
}

/** The request's form, or null when its body is not one (a broken multipart body, a wrong type). */
export async function readForm(request: Request): Promise<FormData | null> {
  if (formTypeRefusal(request.headers.get("content-type"))) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
