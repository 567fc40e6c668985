// Draws the project's own pictures (SVG) and renders the landing page's hero loop (MP4 + WebM).
//   node scripts/make-art.mjs            # writes public/images/** and public/video/**
//   node scripts/make-art.mjs --no-video # pictures only
// Needs sharp (installed) and, for the video, ffmpeg (apt-get install -y ffmpeg).
// Palette of app/app.css: ink, paper, slime, ember, grape, gold and their light variants.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

const C = {
  ink: "#23153f",
  inkSoft: "#4a3a6b",
  night: "#2c1a52",
  paper: "#fff8ee",
  paperDeep: "#f6ead8",
  slime: "#2f9e5b",
  slimeLight: "#8fe3a9",
  ember: "#e5602a",
  emberLight: "#ffb38a",
  grape: "#6b3fd1",
  grapeLight: "#d9ccff",
  gold: "#b7791f",
  goldLight: "#ffe08a",
  pink: "#ff8fb1",
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const images = path.join(root, "public/images");
const videoDir = path.join(root, "public/video");
const TAU = Math.PI * 2;
const f = (n) => Number(n.toFixed(1));

/**
 * A boonee: a ghost-like blob with a scalloped hem, in a 200×200 box (feet at y≈172).
 * phase 0..1 drives the little motions so that a loop closes.
 */
function monster({
  body = C.grape,
  belly = C.grapeLight,
  horn = C.slime,
  eyes = 2,
  mouth = "smile",
  wave = 0,
  blink = 0,
  look = 0,
  cheeks = true,
  spots = null,
  antenna = false,
} = {}) {
  const parts = [];
  parts.push(`<ellipse cx="100" cy="184" rx="58" ry="8" fill="${C.ink}" opacity=".18"/>`);
  // horns / antenna behind the head
  if (antenna) {
    parts.push(
      `<path d="M100 34 Q104 14 118 10" stroke="${horn}" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="120" cy="10" r="7" fill="${C.goldLight}"/>`,
    );
  } else {
    parts.push(
      `<path d="M62 48 L52 18 L80 38 Z M138 48 L148 18 L120 38 Z" fill="${horn}" stroke="${horn}" stroke-width="4" stroke-linejoin="round"/>`,
    );
  }
  // arms (the right one waves)
  const armAngle = f(-25 - 35 * wave);
  parts.push(
    `<path d="M44 112 Q22 118 20 100" stroke="${body}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  );
  parts.push(
    `<g transform="rotate(${armAngle} 156 112)"><path d="M156 112 Q182 116 184 98" stroke="${body}" stroke-width="14" fill="none" stroke-linecap="round"/></g>`,
  );
  // body with scalloped hem
  parts.push(
    `<path d="M100 32c-38 0-62 28-62 66v68c0 8 8 11 14 5l10-10 12 12c5 5 8 5 13 0l13-13 13 13c5 5 8 5 13 0l12-12 10 10c6 6 14 3 14-5V98c0-38-24-66-62-66z" fill="${body}"/>`,
  );
  parts.push(`<ellipse cx="100" cy="132" rx="36" ry="30" fill="${belly}" opacity=".9"/>`);
  if (spots)
    parts.push(
      `<circle cx="62" cy="70" r="7" fill="${spots}"/><circle cx="140" cy="64" r="5" fill="${spots}"/><circle cx="146" cy="140" r="6" fill="${spots}"/>`,
    );
  // eyes
  const eyeY = 86;
  const positions = eyes === 1 ? [100] : eyes === 3 ? [70, 100, 130] : [78, 122];
  const r = eyes === 1 ? 24 : eyes === 3 ? 13 : 18;
  const lid = Math.max(0.08, 1 - blink);
  for (const x of positions) {
    const y = eyes === 3 && x === 100 ? eyeY - 10 : eyeY;
    parts.push(
      `<g transform="translate(${x} ${y}) scale(1 ${f(lid)})"><circle r="${r}" fill="#fff"/><circle cx="${f(look * r * 0.35)}" cy="${f(r * 0.12)}" r="${f(r * 0.48)}" fill="${C.ink}"/><circle cx="${f(look * r * 0.35 + r * 0.18)}" cy="${f(-r * 0.1)}" r="${f(r * 0.16)}" fill="#fff"/></g>`,
    );
  }
  if (cheeks)
    parts.push(
      `<ellipse cx="62" cy="112" rx="9" ry="5" fill="${C.pink}" opacity=".7"/><ellipse cx="138" cy="112" rx="9" ry="5" fill="${C.pink}" opacity=".7"/>`,
    );
  // mouth
  if (mouth === "smile")
    parts.push(`<path d="M80 118 q20 16 40 0" stroke="${C.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>`);
  if (mouth === "teeth")
    parts.push(
      `<path d="M76 114 q24 24 48 0 z" fill="${C.ink}"/><path d="M84 116 l5 8 l5 -7 M106 116 l5 7 l5 -8" fill="#fff"/>`,
    );
  if (mouth === "oh") parts.push(`<ellipse cx="100" cy="122" rx="9" ry="11" fill="${C.ink}"/>`);
  if (mouth === "fang")
    parts.push(
      `<path d="M82 116 q18 12 36 0" stroke="${C.ink}" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M90 121 l4 9 l4 -8z" fill="#fff"/>`,
    );
  return parts.join("");
}

const place = (svg, x, y, s, rot = 0) =>
  `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) scale(${s}) translate(-100 -100)">${svg}</g>`;

// ------------------------------------------------------------------ the hero scene (16:9)

function stars(t) {
  const out = [];
  for (let i = 0; i < 46; i++) {
    const x = (i * 271) % 1280;
    const y = 20 + ((i * 137) % 330);
    const tw = 0.35 + 0.65 * (0.5 + 0.5 * Math.sin(TAU * (t * (1 + (i % 3)) + i * 0.37)));
    const r = i % 5 === 0 ? 3 : 1.8;
    out.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${C.goldLight}" opacity="${f(tw)}"/>`);
  }
  return out.join("");
}

function skyline() {
  const ground = 560;
  const houses = [
    [0, 90, 120],
    [90, 70, 160],
    [160, 110, 130],
    [270, 80, 175],
    [350, 90, 140],
    [880, 100, 150],
    [980, 70, 185],
    [1050, 110, 135],
    [1160, 120, 165],
  ]
    .map(
      ([x, w, h]) =>
        `<path d="M${x} ${ground} V${ground - h} L${x + w / 2} ${ground - h - 40} L${x + w} ${ground - h} V${ground}Z"/>`,
    )
    .join("");
  // windows glowing
  const windows = [
    [30, 470],
    [120, 430],
    [200, 470],
    [300, 420],
    [380, 460],
    [915, 450],
    [1010, 420],
    [1085, 470],
    [1200, 440],
  ]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="16" height="20" rx="3" fill="${C.goldLight}" opacity=".75"/>`)
    .join("");
  // a lighthouse (north German coast) and a harbour crane
  const lighthouse = `<path d="M800 ${ground} L812 330 H848 L860 ${ground}Z" fill="${C.paper}"/><path d="M808 400 H852 L855 430 H805Z M803 470 H857 L859 500 H801Z" fill="${C.ember}"/><rect x="808" y="300" width="44" height="32" rx="4" fill="${C.goldLight}"/><path d="M802 300 L830 276 L858 300Z" fill="${C.ember}"/>`;
  const crane = `<path d="M470 ${ground} V330 M470 340 H600 M470 340 L430 360 M600 340 V390" stroke="#1b1033" stroke-width="10" fill="none"/><rect x="586" y="388" width="28" height="20" fill="#1b1033"/>`;
  return `<g fill="#1b1033">${houses}</g>${windows}${crane}${lighthouse}`;
}

function heroScene(t, { width = 1280, height = 720 } = {}) {
  const beam = 0.5 + 0.5 * Math.sin(TAU * t);
  const bob = (k, amp = 10) => amp * Math.sin(TAU * (t + k));
  const blinkAt = (center) => {
    const d = Math.abs(((t - center + 1.5) % 1) - 0.5);
    return d < 0.03 ? 1 - d / 0.03 : 0;
  };
  const fire = [];
  for (let i = 0; i < 9; i++) {
    const a = TAU * (t + i / 9);
    const x = 640 + Math.cos(a) * (230 + (i % 3) * 60);
    const y = 520 + Math.sin(a * 2) * 40 - (i % 4) * 22;
    fire.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${i % 2 ? 4 : 6}" fill="${C.goldLight}" opacity="${f(0.5 + 0.5 * Math.sin(a * 3))}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.ink}"/><stop offset=".7" stop-color="${C.night}"/><stop offset="1" stop-color="#3b2475"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${C.goldLight}" stop-opacity=".55"/><stop offset="1" stop-color="${C.goldLight}" stop-opacity="0"/></radialGradient></defs>
<rect width="1280" height="720" fill="url(#sky)"/>
${stars(t)}
<circle cx="1090" cy="120" r="58" fill="${C.paper}"/><circle cx="1070" cy="105" r="12" fill="${C.paperDeep}"/><circle cx="1110" cy="140" r="8" fill="${C.paperDeep}"/>
<path d="M830 300 L${f(300 + 200 * beam)} ${f(180 - 60 * beam)} L${f(300 + 200 * beam)} ${f(300 + 60 * beam)} Z" fill="${C.goldLight}" opacity=".12"/>
${skyline()}
<path d="M0 560 Q320 520 640 548 T1280 540 V720 H0Z" fill="${C.slime}"/>
<path d="M0 610 Q400 580 700 612 T1280 600 V720 H0Z" fill="#258049"/>
<ellipse cx="640" cy="560" rx="320" ry="120" fill="url(#glow)"/>
<g>
  <rect x="520" y="560" width="240" height="14" rx="6" fill="${C.ember}"/>
  <rect x="520" y="530" width="240" height="12" rx="6" fill="${C.ember}"/>
  <rect x="540" y="574" width="12" height="44" fill="#a8401a"/><rect x="728" y="574" width="12" height="44" fill="#a8401a"/>
</g>
${place(monster({ body: C.grape, belly: C.grapeLight, horn: C.slimeLight, wave: 0.5 + 0.5 * Math.sin(TAU * t * 2), blink: blinkAt(0.3), look: Math.sin(TAU * t) }), 640, 470 + bob(0, 8), 0.95)}
${place(monster({ body: C.slime, belly: C.slimeLight, horn: C.ember, eyes: 1, mouth: "teeth", blink: blinkAt(0.7), look: -0.6, spots: "#258049" }), 520, 590 + bob(0.25, 6), 0.62, -8)}
${place(monster({ body: C.ember, belly: C.emberLight, horn: C.grape, eyes: 3, mouth: "oh", antenna: true, blink: blinkAt(0.55), look: 0.5 }), 765, 595 - Math.abs(28 * Math.sin(TAU * t * 2)), 0.5, 8)}
${fire.join("")}
</svg>`;
}

// ------------------------------------------------------------------ other pictures

const svgDoc = (w, h, body, extra = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"${extra}>${body}</svg>`;

/** About image 1: a figure hiding under a park bench, with its tag. */
function aboutHidden() {
  return svgDoc(
    800,
    600,
    `<rect width="800" height="600" fill="${C.slimeLight}"/>
<circle cx="660" cy="120" r="70" fill="${C.goldLight}"/>
<path d="M0 420 Q200 380 400 410 T800 400 V600 H0Z" fill="${C.slime}"/>
<path d="M80 430 q20 -50 40 0 M140 420 q14 -40 28 0 M620 420 q18 -46 36 0 M680 426 q14 -36 28 0" fill="#258049"/>
<rect x="170" y="300" width="460" height="26" rx="10" fill="${C.ember}"/>
<rect x="170" y="250" width="460" height="22" rx="10" fill="${C.ember}"/>
<rect x="200" y="326" width="22" height="120" fill="#a8401a"/><rect x="578" y="326" width="22" height="120" fill="#a8401a"/>
${place(monster({ body: C.grape, belly: C.grapeLight, horn: C.slime, look: -0.7, mouth: "fang" }), 400, 396, 0.95)}
<g transform="translate(520 400) rotate(12)"><rect x="-36" y="-24" width="72" height="48" rx="10" fill="${C.paper}" stroke="${C.ink}" stroke-width="5"/><path d="M-14 -6 q14 -12 28 0 M-8 2 q8 -7 16 0" stroke="${C.grape}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="0" cy="10" r="4" fill="${C.grape}"/></g>
<path d="M110 160 l8 -22 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8z" fill="#fff" opacity=".8"/>
<path d="M330 110 l5 -14 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5z" fill="#fff" opacity=".8"/>`,
  );
}

/** About image 2: a phone taps the tag and the figure pops out to say hello. */
function aboutClaim() {
  return svgDoc(
    800,
    600,
    `<rect width="800" height="600" fill="${C.grapeLight}"/>
<circle cx="140" cy="120" r="90" fill="#fff" opacity=".35"/><circle cx="690" cy="470" r="120" fill="#fff" opacity=".3"/>
<g transform="translate(470 90) rotate(10)">
  <rect width="230" height="420" rx="36" fill="${C.ink}"/>
  <rect x="16" y="24" width="198" height="372" rx="24" fill="${C.paper}"/>
  <rect x="40" y="60" width="150" height="150" rx="20" fill="${C.slimeLight}"/>
  ${place(monster({ body: C.slime, belly: C.slimeLight, horn: C.ember, eyes: 1, mouth: "smile" }), 115, 140, 0.62)}
  <rect x="40" y="232" width="150" height="16" rx="8" fill="${C.inkSoft}" opacity=".5"/>
  <rect x="40" y="260" width="110" height="12" rx="6" fill="${C.inkSoft}" opacity=".3"/>
  <rect x="40" y="300" width="150" height="46" rx="23" fill="${C.grape}"/>
  <path d="M92 323 l14 12 l26 -26" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
</g>
<path d="M330 300 q40 -40 80 0 M310 270 q60 -70 120 0 M290 240 q80 -100 160 0" stroke="${C.grape}" stroke-width="10" fill="none" stroke-linecap="round" opacity=".7"/>
${place(monster({ body: C.ember, belly: C.emberLight, horn: C.grape, eyes: 3, mouth: "teeth", antenna: true, wave: 1 }), 230, 400, 1.05, -6)}
<path d="M400 520 l8 -22 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8z" fill="${C.goldLight}"/>`,
  );
}

/** Square feature illustrations (240×240). */
const features = {
  hunt: () =>
    svgDoc(
      240,
      240,
      `<rect width="240" height="240" rx="40" fill="${C.slimeLight}"/>
<path d="M30 170 Q120 140 210 170 V240 H30Z" fill="${C.slime}"/>
<circle cx="150" cy="100" r="46" fill="none" stroke="${C.ink}" stroke-width="12"/>
<path d="M183 133 L214 164" stroke="${C.ink}" stroke-width="16" stroke-linecap="round"/>
<circle cx="150" cy="100" r="40" fill="#fff" opacity=".5"/>
${place(monster({ body: C.grape, belly: C.grapeLight, horn: C.ember, look: 0.8 }), 150, 104, 0.34)}
<path d="M56 70 l5 -14 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5z" fill="#fff"/>`,
    ),
  claim: () =>
    svgDoc(
      240,
      240,
      `<rect width="240" height="240" rx="40" fill="${C.grapeLight}"/>
<rect x="70" y="40" width="100" height="170" rx="20" fill="${C.ink}"/><rect x="80" y="54" width="80" height="140" rx="12" fill="${C.paper}"/>
<path d="M100 110 q20 -20 40 0 M108 122 q12 -12 24 0" stroke="${C.grape}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="120" cy="134" r="6" fill="${C.grape}"/>
<path d="M40 96 q-14 24 0 48 M24 84 q-24 36 0 72 M200 96 q14 24 0 48 M216 84 q24 36 0 72" stroke="${C.grape}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    ),
  collect: () =>
    svgDoc(
      240,
      240,
      `<rect width="240" height="240" rx="40" fill="${C.goldLight}"/>
<rect x="24" y="150" width="192" height="16" rx="6" fill="${C.gold}"/>
${place(monster({ body: C.slime, belly: C.slimeLight, horn: C.ember, eyes: 1, cheeks: false }), 62, 118, 0.34)}
${place(monster({ body: C.grape, belly: C.grapeLight, horn: C.slime, mouth: "teeth" }), 120, 110, 0.42)}
${place(monster({ body: C.ember, belly: C.emberLight, horn: C.grape, eyes: 3, mouth: "oh", antenna: true }), 178, 118, 0.34)}
<path d="M120 200 l6 -16 l6 16 l16 6 l-16 6 l-6 16 l-6 -16 l-16 -6z" fill="#fff"/>`,
    ),
  club: () =>
    svgDoc(
      240,
      240,
      `<rect width="240" height="240" rx="40" fill="${C.emberLight}"/>
<path d="M60 210 V90 a60 60 0 0 1 120 0 V210Z" fill="${C.ink}"/>
<path d="M74 210 V92 a46 46 0 0 1 92 0 V210Z" fill="${C.grape}"/>
${place(monster({ body: C.slime, belly: C.slimeLight, horn: C.goldLight, mouth: "fang", wave: 1 }), 120, 150, 0.44)}
<path d="M40 40 l6 -16 l6 16 l16 6 l-16 6 l-6 16 l-6 -16 l-16 -6z M190 48 l4 -10 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4z" fill="#fff"/>`,
    ),
};

/** Sample figures for demo data (square, 800×800), each on its own colour. */
const samples = {
  blubb: { bg: C.grapeLight, m: { body: C.grape, belly: C.grapeLight, horn: C.slime } },
  knorx: {
    bg: C.slimeLight,
    m: { body: C.slime, belly: C.slimeLight, horn: C.ember, eyes: 1, mouth: "teeth", spots: "#258049" },
  },
  fimmel: {
    bg: C.emberLight,
    m: { body: C.ember, belly: C.emberLight, horn: C.grape, eyes: 3, mouth: "oh", antenna: true },
  },
  zappo: { bg: C.goldLight, m: { body: C.gold, belly: C.goldLight, horn: C.ember, mouth: "fang", wave: 1 } },
  wusel: {
    bg: "#d9f0ff",
    m: { body: "#2b7bb9", belly: "#a9dcff", horn: C.goldLight, eyes: 1, mouth: "smile", antenna: true },
  },
  grummel: {
    bg: C.paperDeep,
    m: { body: C.inkSoft, belly: C.grapeLight, horn: C.ember, eyes: 2, mouth: "teeth", look: -0.8, spots: C.grape },
  },
};

function sample({ bg, m }) {
  return svgDoc(
    800,
    800,
    `<rect width="800" height="800" fill="${bg}"/><circle cx="400" cy="420" r="300" fill="#fff" opacity=".35"/>
<path d="M120 150 l10 -28 l10 28 l28 10 l-28 10 l-10 28 l-10 -28 l-28 -10z M640 640 l8 -22 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8z" fill="#fff" opacity=".9"/>
${place(monster(m), 400, 420, 2.9)}`,
  );
}

function ogImage() {
  return svgDoc(
    1200,
    630,
    `<rect width="1200" height="630" fill="${C.ink}"/>${heroScene(0).replace(/^<svg[^>]*>/, '<svg x="0" y="0" width="1200" height="630" viewBox="160 60 960 540" preserveAspectRatio="xMidYMid slice">')}`,
  );
}

// ------------------------------------------------------------------ write

const minify = (s) => s.replace(/\n\s*/g, "").replace(/\s{2,}/g, " ");
const write = (file, content) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
};

write(path.join(images, "landing/hero-poster.svg"), minify(heroScene(0)));
write(path.join(images, "landing/about-hidden.svg"), minify(aboutHidden()));
write(path.join(images, "landing/about-claim.svg"), minify(aboutClaim()));
for (const [name, draw] of Object.entries(features))
  write(path.join(images, `landing/feature-${name}.svg`), minify(draw()));
for (const [name, s] of Object.entries(samples)) write(path.join(images, `samples/${name}.svg`), minify(sample(s)));
await sharp(Buffer.from(ogImage()))
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(images, "og-boonees.png"));
console.log(
  `public/images/og-boonees.png  ${(statSync(path.join(images, "og-boonees.png")).size / 1024).toFixed(1)} KB`,
);

if (!process.argv.includes("--no-video")) {
  const FPS = 24;
  const SECONDS = 4;
  const W = 960;
  const H = 540;
  const frames = mkdtempSync(path.join(tmpdir(), "boonees-hero-"));
  for (let i = 0; i < FPS * SECONDS; i++) {
    const svg = heroScene(i / (FPS * SECONDS), { width: W, height: H });
    await sharp(Buffer.from(svg))
      .png()
      .toFile(path.join(frames, `f${String(i).padStart(4, "0")}.png`));
  }
  mkdirSync(videoDir, { recursive: true });
  const input = ["-y", "-loglevel", "error", "-framerate", String(FPS), "-i", path.join(frames, "f%04d.png")];
  execFileSync("ffmpeg", [
    ...input,
    ...[
      "-c:v",
      "libx264",
      "-profile:v",
      "main",
      "-preset",
      "veryslow",
      "-crf",
      "30",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      "-an",
    ],
    path.join(videoDir, "hero.mp4"),
  ]);
  execFileSync("ffmpeg", [
    ...input,
    ...["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-row-mt", "1", "-pix_fmt", "yuv420p", "-an"],
    path.join(videoDir, "hero.webm"),
  ]);
  rmSync(frames, { recursive: true, force: true });
  for (const file of ["hero.mp4", "hero.webm"])
    console.log(`public/video/${file}  ${(statSync(path.join(videoDir, file)).size / 1024).toFixed(1)} KB`);
}
