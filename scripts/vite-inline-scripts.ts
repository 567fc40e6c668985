import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { minifySync, transformWithOxc, type Plugin } from "vite";

const ID = "virtual:inline-scripts";

/**
 * The inline script of pages whose app starts late (app/components/deferred-scripts.tsx) is sent with
 * every first visit of a claim link and a public page, so it is built minified, once: the module
 * `virtual:inline-scripts` exports each file's default function as its minified source text
 * ("function e(e,t){…}"), which the page calls with its arguments. The files are TypeScript checked and
 * linted like the rest; each holds one self-contained `export default function` (nothing from outside
 * its body). Works in `npm run dev` too (a saved file rebuilds the module).
 */
export function inlineScripts(files: Record<string, string>): Plugin {
  return {
    name: "boonees-inline-scripts",
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const exports: string[] = [];
      for (const [name, file] of Object.entries(files)) {
        const path = fileURLToPath(new URL(`../${file}`, import.meta.url));
        this.addWatchFile(path);
        const js = (await transformWithOxc(readFileSync(path, "utf8"), path, { lang: "ts" })).code;
        const { code, errors } = minifySync(path.replace(/\.ts$/, ".js"), js, { module: true });
        const source = code
          .trim()
          .replace(/^export default /, "")
          .replace(/;$/, "");
        if (errors.length > 0 || !source.startsWith("function") || /\bimport\b|\bexport\b/.test(source))
          throw new Error(
            `${file} must hold one self-contained "export default function" (${errors.map((e) => e.message).join("; ")})`,
          );
        exports.push(`export const ${name} = ${JSON.stringify(source)};`);
      }
      return exports.join("\n");
    },
  };
}
