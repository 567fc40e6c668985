// Each route's JavaScript as the build wrote it: the chunks its page loads with it (the entry, the root and every
// parent route, with their static imports, from React Router's manifest), each with its Brotli size (the .br copy
// the build wrote, decision 056). Run after `npm run build`; no server needed. The browser may load more once the
// page runs (a dynamic import: the whole language's texts, a form's schema, a dialog): scripts/check-app-bundle.mjs
// measures that in Chromium.
//
//   node scripts/route-chunks.mjs                      every route, its total
//   node scripts/route-chunks.mjs routes/public/figure  that route's chunks, largest first
//   node scripts/route-chunks.mjs --chunks              every chunk with the routes that load it
//   SOURCEMAP=1 BUILD_DIR=/tmp/map npx react-router build && BUILD_DIR=/tmp/map node scripts/route-chunks.mjs --modules routes/public/figure
//                                                      the route's JavaScript by source module (from the source maps)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const dir = join(process.env.BUILD_DIR ?? "build", "client");
const manifestFile = readdirSync(join(dir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("no manifest in build/client/assets: run npm run build first");
const source = readFileSync(join(dir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const size = (file) => {
  try {
    return statSync(join(dir, `${file}.br`)).size;
  } catch {
    return statSync(join(dir, file)).size;
  }
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunks a route's page loads: the entry's and every route's from the root down to it. */
function chunksOf(id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) chain.unshift(route);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  return files;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Bytes of a chunk by source module: each mapped segment's length in the generated line, given to its source. */
function bytesBySource(file) {
  const bySource = new Map();
  let map;
  try {
    map = JSON.parse(readFileSync(join(dir, `${file}.map`), "utf8"));
  } catch {
    return new Map([[`(no source map) ${file}`, statSync(join(dir, file)).size]]);
  }
  const lines = readFileSync(join(dir, file), "utf8").split("\n");
  let source = 0;
  map.mappings.split(";").forEach((line, row) => {
    const segments = [];
    for (const segment of line.split(",").filter(Boolean)) {
      const fields = [];
      for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
        const digit = BASE64.indexOf(segment[i]);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      if (fields.length > 1) source += fields[1];
      segments.push([fields[0], fields.length > 1 ? map.sources[source] : null]);
    }
    let column = 0;
    segments.forEach(([delta, name], i) => {
      column += delta;
      const end = i + 1 < segments.length ? column + segments[i + 1][0] : (lines[row]?.length ?? column);
      const key = (name ?? "(unmapped)").replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
      bySource.set(key, (bySource.get(key) ?? 0) + end - column);
    });
  });
  return bySource;
}

const [arg, routeArg] = process.argv.slice(2);
const pages = Object.values(manifest.routes).filter((r) => r.hasDefaultExport);
if (arg === "--modules") {
  // each module's share of its chunk's Brotli size, in proportion to its bytes in the chunk
  const modules = new Map();
  for (const file of routeArg ? chunksOf(routeArg) : new Set(pages.flatMap((r) => [...chunksOf(r.id)]))) {
    const bySource = bytesBySource(file);
    const raw = statSync(join(dir, file)).size;
    for (const [name, bytes] of bySource) modules.set(name, (modules.get(name) ?? 0) + (bytes / raw) * size(file));
  }
  const byPackage = new Map();
  for (const [name, bytes] of modules) {
    const pkg = /^(@[^/]+\/[^/]+|[^/]+)/.exec(name)?.[1] ?? name;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
  }
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${kb(bytes).padStart(9)}  ${name}`);
  if (process.env.VERBOSE)
    for (const [name, bytes] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, 80))
      console.log(`${kb(bytes).padStart(9)}    ${name}`);
} else if (arg === "--chunks") {
  const users = new Map();
  for (const route of pages)
    for (const file of chunksOf(route.id)) users.set(file, [...(users.get(file) ?? []), route.id]);
  for (const [file, ids] of [...users].sort((a, b) => size(b[0]) - size(a[0])))
    console.log(
      `${kb(size(file)).padStart(9)}  ${file}  (${ids.length === pages.length ? "every page" : ids.join(", ")})`,
    );
} else if (arg) {
  const files = [...chunksOf(arg)].sort((a, b) => size(b) - size(a));
  for (const file of files) console.log(`${kb(size(file)).padStart(9)}  ${file}`);
  console.log(`${kb(files.reduce((sum, f) => sum + size(f), 0)).padStart(9)}  ${arg}`);
} else
  for (const route of pages.sort((a, b) => a.id.localeCompare(b.id))) {
    const total = [...chunksOf(route.id)].reduce((sum, f) => sum + size(f), 0);
    console.log(`${kb(total).padStart(9)}  ${route.id}`);
  }
