/** How long a freshly claimed figure is marked "new" on the profile. */
export const NEW_FIND_MS = 24 * 60 * 60 * 1000;

/**
 * The figure the profile marks as new: the one named by ?new=<id> (the claim success can send it) if
 * the collector owns it, else the most recent find of the last 24 hours, else none.
 */
export function newestFind(
  owned: { id: string; claimedAt: Date | string | null }[],
  requested: string | null,
  now = Date.now(),
): string | null {
  if (requested && owned.some((b) => b.id === requested)) return requested;
  const latest = owned
    .filter((b) => b.claimedAt)
    .reduce<{ id: string; at: number } | null>((best, b) => {
      const at = new Date(b.claimedAt!).getTime();
      return !best || at > best.at ? { id: b.id, at } : best;
    }, null);
  return latest && now - latest.at < NEW_FIND_MS ? latest.id : null;
}
