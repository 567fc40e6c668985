// Prints a city's Boonees leaderboards from the public read API alone (docs/api.md), with nothing but fetch.
//   node docs/examples/leaderboard.ts https://boonees.example kiel    (a city's slug; see /api/v1/cities)
//   node docs/examples/leaderboard.ts https://boonees.example         (every city together)
interface Row {
  rank: number;
  /** null: the person shows as "Anonymous" */
  name: string | null;
  count: number;
}
interface City {
  slug: string;
  name: { de: string; en: string };
}

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const slug = process.argv[3] ?? null;

async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`, { headers: { accept: "application/json" } });
  if (!res.ok) {
    // errors are application/problem+json: { type, title, status, detail }
    const problem = (await res.json().catch(() => null)) as { detail?: string } | null;
    console.error(`${res.status} ${problem?.detail ?? res.statusText}`);
    process.exit(1);
  }
  return (await res.json()) as T;
}

let title = "All cities";
if (slug) {
  const { items } = await read<{ items: City[] }>("/cities");
  const city = items.find((c) => c.slug === slug.toLowerCase());
  if (!city) {
    console.error(`No city "${slug}"; there are: ${items.map((c) => c.slug).join(", ")}`);
    process.exit(1);
  }
  title = city.name.en;
}
const { collectors, legends } = await read<{ collectors: Row[]; legends: Row[] }>(
  slug ? `/leaderboards?city=${encodeURIComponent(slug.toLowerCase())}` : "/leaderboards",
);

function print(heading: string, rows: Row[]) {
  console.log(heading);
  if (rows.length === 0) console.log("   (nobody yet)");
  for (const r of rows) console.log(`${String(r.rank).padStart(3)}. ${(r.name ?? "Anonymous").padEnd(30)} ${r.count}`);
}
console.log(`Boonees leaderboards: ${title}`);
console.log("");
print("Collectors (figures found)", collectors);
console.log("");
print("Legends (Legendary figures found)", legends);

// a module (top-level await), run as it is by Node 24
export {};
