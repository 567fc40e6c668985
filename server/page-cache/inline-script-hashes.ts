import { createHash } from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/**
 * A rendered page made shareable between responses: the render's nonce is removed (a nonce must never
 * be used twice) and the sha256 of each inline script is listed for the Content-Security-Policy instead.
 * The scripts React Router's deferred start holds inside <noscript> (app/components/deferred-scripts.tsx)
 * are hashed too: the browser checks them when they are re-created from that markup.
 */
export function shareableHtml(html: string, nonce: string): { html: string; scriptSources: string[] } {
  const shared = nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
  const sources = new Set<string>();
  for (const [, attributes, body] of shared.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes)) continue;
    // the HTML parser turns CR LF into LF before the browser hashes a script
    const text = body.replace(/\r\n?/g, "\n");
    sources.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: shared, scriptSources: [...sources] };
}
