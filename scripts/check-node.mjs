// npm scripts must run on the pinned Node 24 (the `node` dev dependency); Node 20 is past end of life.
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.error(
    `Boonees needs Node >= 22 but this is ${process.version}. Run \`npm install\` so the pinned Node 24 is used.`,
  );
  process.exit(1);
}
