import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** How many cards the folder keeps (oldest dropped first): every figure and drop in both languages, several times over. */
const MAX_FILES = 20_000;

/**
 * Rendered share cards on disk, by the content they show (a change of content is a new key, so a card
 * is never stale). Drawing a card costs 100–300 ms of CPU, so a miss renders one at a time: however
 * many addresses ask for new cards at once, they take at most one core, and a card asked for twice
 * while it renders is drawn once. `beforeRender` may refuse a miss (a throttle) by throwing.
 */
export function createCardStore(dir: string, limits = { maxFiles: MAX_FILES }) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const drawing = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();
  let written = 0;

  const fileOf = (key: string) => path.join(dir, `${createHash("sha256").update(key).digest("hex")}.png`);

  function prune() {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".png"))
      .map((f) => ({ f, at: statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => a.at - b.at);
    for (const { f } of files.slice(0, Math.max(0, files.length - limits.maxFiles))) unlinkSync(path.join(dir, f));
  }

  /** Runs after every render before it, so only one card is drawn at a time. */
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    async card(
      key: string,
      render: () => Promise<Buffer>,
      beforeRender: () => Promise<void> = async () => {},
    ): Promise<{ png: Buffer; drawn: boolean }> {
      const file = fileOf(key);
      const stored = await readFile(file).catch(() => null);
      if (stored) return { png: stored, drawn: false };
      const pending = drawing.get(key);
      if (pending) return { png: await pending, drawn: false };
      await beforeRender();
      const made = oneAtATime(async () => {
        const png = await render();
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, png, { mode: 0o600 });
        await rename(temporary, file);
        if (++written % 500 === 0) prune();
        return png;
      });
      drawing.set(key, made);
      try {
        return { png: await made, drawn: true };
      } finally {
        drawing.delete(key);
      }
    },
  };
}

export type CardStore = ReturnType<typeof createCardStore>;
