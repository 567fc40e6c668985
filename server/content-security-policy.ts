/**
 * Scripts only from our origin or with this response's nonce or one of its inline scripts' hashes;
 * nothing may frame us or change <base>.
 */
export function contentSecurityPolicy(scriptSources: readonly string[]) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;
