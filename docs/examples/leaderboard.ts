// Prints the Boonees leaderboards from the public read API alone (docs/api.md), with nothing but fetch.
//   node docs/examples/leaderboard.ts https://boonees.example
interface Row {
  rank: number;
  /** null: the person shows as "Anonymous" */
  name: string | null;
  count: number;
}

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const res = await fetch(`${base}/api/v1/leaderboards`, { headers: { accept: "application/json" } });
if (!res.ok) {
  // errors are application/problem+json: { type, title, status, detail }
  const problem = (await res.json().catch(() => null)) as { detail?: string } | null;
  console.error(`${res.status} ${problem?.detail ?? res.statusText}`);
  process.exit(1);
}
const { collectors, legends } = (await res.json()) as { collectors: Row[]; legends: Row[] };

function print(title: string, rows: Row[]) {
  console.log(title);
  if (rows.length === 0) console.log("   (nobody yet)");
  for (const r of rows) console.log(`${String(r.rank).padStart(3)}. ${(r.name ?? "Anonymous").padEnd(30)} ${r.count}`);
}
print("Collectors (figures found)", collectors);
console.log("");
print("Legends (Legendary figures found)", legends);

// a module (top-level await), run as it is by Node 24
export {};
