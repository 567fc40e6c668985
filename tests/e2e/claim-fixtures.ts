import type { Browser, BrowserContext, Page } from "@playwright/test";

import { E2E } from "./env.ts";

/**
 * A made-up client address, sent in the header the e2e server trusts as its proxy header, so that the
 * claim throttle (10 wrong codes per 10 minutes per address) counts per test, not for the whole suite.
 */
export const clientIp = () =>
  `10.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Gives every request of the page (documents, .data, assets) its own client address. */
export async function ownAddress(page: Page, ip = clientIp()) {
  await page.setExtraHTTPHeaders({ "x-e2e-client-ip": ip });
  return ip;
}

/** A second, independent browser (its own cookies) with its own client address. */
export async function otherBrowser(
  browser: Browser,
  opts: { javaScriptEnabled?: boolean; ip?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: E2E.baseURL,
    locale: "de-DE",
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "x-e2e-client-ip": opts.ip ?? clientIp() },
  });
  return { context, page: await context.newPage() };
}
