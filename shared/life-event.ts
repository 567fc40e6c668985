/** One moment of a figure's life, oldest first (product decisions "A figure's life"). */
export type LifeEvent =
  | { kind: "created"; at: string }
  | { kind: "dropped"; at: string; dropId: string; title: { de: string; en: string } }
  | { kind: "found"; at: string; finder: string | null; afterMinutes: number | null }
  | { kind: "verified"; at: string }
  | { kind: "story"; at: string; title: string; photos: string[] }
  | { kind: "marked"; at: string; issue: "missing" | "damaged" }
  | { kind: "resolved"; at: string; outcome: "fixed" | "gone"; reports: number };
