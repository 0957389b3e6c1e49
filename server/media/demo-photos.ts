/**
 * Demo photos at the weight of real ones: per body type and colour, five illustrated views
 * (three-quarter front, side, rear, interior, dashboard), plus location and hero pictures, drawn
 * as SVG and rendered by sharp to 1600 px JPEGs with photographic grain so each weighs what a
 * dealer's photo weighs (150 to 300 KB). The same URL always gives the same bytes (the grain comes
 * from a seeded generator). Nothing is made at start-up: a photo is made the first time it is
 * asked for and kept in a cache bounded in bytes, so a node's memory has a ceiling however many
 * combinations are asked for (docs/product/vehicle-card-and-page.md, "Images"). Given a directory
 * (`DEMO_PHOTO_DIR`), the photos drawn are kept there too, named by what they are drawn from, so
 * the server processes of one machine (and a restarted one) draw each photo once between them.
 */
import { seededRandom } from "~/server/platform/seeded-random";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { BoundedCache } from "../bounded-cache";

export const DEMO_PHOTO_WIDTH = 1600;
export const DEMO_PHOTO_HEIGHT = 1000;
/** Demo photos kept in memory (about 200 KB each: some 100 photos by default). */
const CACHE_MAX_BYTES = 24 * 1024 * 1024;
/**
 * Grain amplitude and JPEG quality, tuned so a photo weighs 150 to 300 KB (about 210 to 260 KB).
 * The encoder is libjpeg-turbo: mozjpeg's search for smaller files took nine times as long
 * (about 200 ms of a 265 ms photo) for a weight these photos are made to have anyway.
 */
const GRAIN = 28;
const QUALITY = 76;

export const BODY_TYPES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "van",
  "wagon",
  "coupe",
  "motorcycle",
  "motorhome",
  "caravan",
  "truck",
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const PHOTO_VIEWS = ["three-quarter", "side", "rear", "interior", "dashboard"] as const;
export type PhotoView = (typeof PHOTO_VIEWS)[number];

const HEX = /^[0-9a-f]{6}$/i;

/** The body type drawn for a body name from a feed (slugged: `cab-chassis`, `people-mover`). */
export function bodyTypeFor(kind: string): BodyType {
  const k = kind.toLowerCase();
  if (/motorcycle|naked|sport|adventure|touring|scooter|cruiser/.test(k)) return "motorcycle";
  if (/motorhome|campervan|rv/.test(k)) return "motorhome";
  if (/caravan|camper|trailer/.test(k)) return "caravan";
  if (/cab|truck|chassis/.test(k)) return "truck";
  if (/ute|pickup/.test(k)) return "ute";
  if (/van|people/.test(k)) return "van";
  if (/wagon|estate/.test(k)) return "wagon";
  if (/coupe|convertible|cabriolet/.test(k)) return "coupe";
  if (/hatch/.test(k)) return "hatch";
  if (/suv|4x4|crossover/.test(k)) return "suv";
  return "sedan";
}

/** The view of the nth photo of a vehicle (1-based): the five views in turn. */
export function viewForPhoto(n: number): PhotoView {
  return PHOTO_VIEWS[(Math.max(1, Math.floor(n)) - 1) % PHOTO_VIEWS.length]!;
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex, 16);
  const channel = (shift: number) =>
    Math.max(0, Math.min(255, ((n >> shift) & 255) + amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

type Profile = { body: string; glass: string; wheels: number[]; r: number; height: number };

/** Side profiles on a 1600 x 1000 canvas, ground at y 800. */
const PROFILES: Record<BodyType, Profile> = {
  sedan: {
    body: "M230 700 Q240 620 330 600 L560 585 L700 470 Q760 440 880 440 L1050 445 Q1120 450 1180 520 L1250 585 L1370 610 Q1420 630 1410 700 L1400 760 L240 760 Z",
    glass:
      "M590 585 L720 480 Q760 460 880 460 L1040 465 L1040 585 Z M1060 468 Q1110 475 1160 530 L1200 585 L1060 585 Z",
    wheels: [450, 1180],
    r: 95,
    height: 330,
  },
  hatch: {
    body: "M300 700 Q310 620 400 600 L560 585 L690 460 Q740 430 860 430 L1160 435 Q1230 440 1260 560 L1300 700 L1290 760 L310 760 Z",
    glass:
      "M590 585 L710 470 Q750 450 860 450 L1010 455 L1010 585 Z M1030 455 L1150 458 Q1200 470 1230 585 L1030 585 Z",
    wheels: [500, 1130],
    r: 90,
    height: 340,
  },
  suv: {
    body: "M220 720 Q220 600 320 580 L520 565 L640 410 Q680 380 780 380 L1250 380 Q1320 385 1340 470 L1380 600 Q1400 640 1395 720 L1390 770 L230 770 Z",
    glass:
      "M550 565 L660 425 Q690 400 780 400 L960 400 L960 565 Z M980 400 L1150 400 L1150 565 L980 565 Z M1170 400 L1250 400 Q1300 405 1315 470 L1330 565 L1170 565 Z",
    wheels: [460, 1170],
    r: 110,
    height: 420,
  },
  ute: {
    body: "M200 720 Q200 610 300 590 L480 575 L600 420 Q640 395 740 395 L920 395 L940 575 L1420 575 L1430 720 L1420 770 L210 770 Z",
    glass: "M510 575 L620 435 Q650 415 740 415 L900 415 L915 575 Z",
    wheels: [420, 1190],
    r: 110,
    height: 405,
  },
  van: {
    body: "M200 760 L200 620 Q210 560 280 540 L400 440 Q430 330 560 320 L1380 320 Q1420 320 1420 380 L1420 770 L210 770 Z",
    glass: "M420 450 Q450 350 560 345 L700 345 L700 540 L300 545 Z",
    wheels: [420, 1200],
    r: 100,
    height: 480,
  },
  wagon: {
    body: "M220 700 Q230 620 320 600 L540 585 L680 465 Q730 440 850 440 L1280 445 Q1340 450 1360 560 L1390 620 Q1410 650 1400 700 L1390 760 L230 760 Z",
    glass:
      "M570 585 L700 478 Q740 460 850 460 L1000 462 L1000 585 Z M1020 462 L1180 464 L1180 585 L1020 585 Z M1200 465 L1270 466 Q1320 472 1335 585 L1200 585 Z",
    wheels: [440, 1190],
    r: 95,
    height: 360,
  },
  coupe: {
    body: "M220 710 Q230 640 320 620 L620 600 L780 500 Q830 475 930 475 L1060 480 Q1150 500 1260 600 L1380 625 Q1420 645 1410 710 L1400 760 L230 760 Z",
    glass:
      "M660 600 L800 510 Q840 492 930 492 L1040 496 L1040 600 Z M1060 498 Q1130 515 1200 600 L1060 600 Z",
    wheels: [450, 1180],
    r: 95,
    height: 300,
  },
  motorcycle: {
    body: "M520 640 L640 520 Q700 480 820 490 L980 500 L1060 440 L1100 450 L1040 540 L1120 610 L980 650 L720 660 Z M820 470 Q880 430 980 450 L1000 495 L830 490 Z",
    glass: "M1050 440 L1110 380 L1130 395 L1080 450 Z",
    wheels: [520, 1120],
    r: 130,
    height: 420,
  },
  motorhome: {
    body: "M160 770 L160 330 Q160 290 210 290 L1250 290 Q1330 290 1330 360 L1340 470 Q1420 490 1440 580 L1450 770 Z",
    glass:
      "M1200 340 L1300 340 Q1320 345 1325 470 L1200 470 Z M300 380 L520 380 L520 480 L300 480 Z M640 380 L900 380 L900 470 L640 470 Z",
    wheels: [420, 1250],
    r: 100,
    height: 510,
  },
  caravan: {
    body: "M260 760 L260 340 Q260 290 320 290 L1260 290 Q1340 290 1350 350 L1360 760 Z M80 740 L260 700 L260 720 L80 760 Z",
    glass: "M360 380 L620 380 L620 500 L360 500 Z M1000 380 L1240 380 L1240 480 L1000 480 Z",
    wheels: [800],
    r: 95,
    height: 510,
  },
  truck: {
    body: "M180 770 L180 420 Q180 320 280 310 L560 300 Q620 300 640 360 L660 560 L1450 560 L1450 720 L190 770 Z",
    glass: "M250 340 Q260 330 290 330 L540 325 Q590 325 600 380 L610 470 L250 470 Z",
    wheels: [400, 1080, 1300],
    r: 115,
    height: 500,
  },
};

/** Front (and rear) silhouette: half-width and height of the body seen end on. */
const ENDS: Record<BodyType, { w: number; h: number; roof: number }> = {
  sedan: { w: 380, h: 300, roof: 260 },
  hatch: { w: 360, h: 320, roof: 270 },
  suv: { w: 410, h: 400, roof: 330 },
  ute: { w: 420, h: 390, roof: 330 },
  van: { w: 400, h: 470, roof: 380 },
  wagon: { w: 380, h: 330, roof: 280 },
  coupe: { w: 390, h: 270, roof: 230 },
  motorcycle: { w: 170, h: 420, roof: 120 },
  motorhome: { w: 460, h: 520, roof: 430 },
  caravan: { w: 450, h: 500, roof: 440 },
  truck: { w: 450, h: 500, roof: 400 },
};

function backdrop(random: () => number, sky: [string, string], ground: string): string {
  // A showroom yard: sky, distant buildings, a tarmac floor with lines and a few light spots.
  const buildings = Array.from({ length: 9 }, (_, i) => {
    const x = i * 190 - 40 + random() * 60;
    const h = 120 + random() * 160;
    return `<rect x="${x.toFixed(0)}" y="${(620 - h).toFixed(0)}" width="${(150 + random() * 60).toFixed(0)}" height="${h.toFixed(0)}" fill="${shade("8090a0", Math.round(random() * 40 - 20))}" opacity="0.55"/>`;
  }).join("");
  const lines = Array.from(
    { length: 8 },
    (_, i) =>
      `<path d="M${i * 230 - 100} 1000 L${i * 200 + 60} 640" stroke="#e8e8e0" stroke-width="6" opacity="0.35"/>`,
  ).join("");
  const spots = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${(random() * 1600).toFixed(0)}" cy="${(random() * 300).toFixed(0)}" r="${(40 + random() * 120).toFixed(0)}" fill="#fff" opacity="${(0.05 + random() * 0.1).toFixed(2)}"/>`,
  ).join("");
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(ground, 25)}"/><stop offset="1" stop-color="${shade(ground, -35)}"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<rect width="1600" height="1000" fill="url(#sky)"/>${spots}${buildings}<rect y="620" width="1600" height="380" fill="url(#floor)"/>${lines}`;
}

function paintDefs(hex: string): string {
  return `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(hex, 70)}"/><stop offset="0.45" stop-color="#${hex}"/><stop offset="1" stop-color="${shade(hex, -70)}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbe8f3"/><stop offset="0.5" stop-color="#5d7286"/><stop offset="1" stop-color="#1f2a36"/></linearGradient>
<radialGradient id="rim"><stop offset="0" stop-color="#f4f4f4"/><stop offset="0.7" stop-color="#9aa0a6"/><stop offset="1" stop-color="#3a3f44"/></radialGradient>`;
}

function wheel(x: number, y: number, r: number): string {
  const spokes = Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5;
    return `<line x1="${x}" y1="${y}" x2="${(x + Math.cos(a) * r * 0.58).toFixed(1)}" y2="${(y + Math.sin(a) * r * 0.58).toFixed(1)}" stroke="#6b7075" stroke-width="${(r * 0.07).toFixed(1)}"/>`;
  }).join("");
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="#15171a"/><circle cx="${x}" cy="${y}" r="${(r * 0.92).toFixed(1)}" fill="none" stroke="#2b2e32" stroke-width="${(r * 0.1).toFixed(1)}"/><circle cx="${x}" cy="${y}" r="${(r * 0.62).toFixed(1)}" fill="url(#rim)"/>${spokes}<circle cx="${x}" cy="${y}" r="${(r * 0.14).toFixed(1)}" fill="#d6d9dc"/>`;
}

function sideVehicle(type: BodyType, hex: string): string {
  const p = PROFILES[type];
  const ground = 800;
  const highlights = `<path d="${p.body}" fill="none" stroke="${shade(hex, -90)}" stroke-width="5"/>
<path d="M300 650 L1380 650" stroke="${shade(hex, 90)}" stroke-width="8" opacity="0.5"/>
<path d="M320 700 L1370 700" stroke="${shade(hex, -60)}" stroke-width="4" opacity="0.6"/>`;
  const lamps =
    type === "motorcycle"
      ? `<circle cx="1090" cy="470" r="22" fill="#fff8d0"/>`
      : `<rect x="1360" y="625" width="50" height="28" rx="8" fill="#fff3c4"/><rect x="${type === "caravan" ? 1330 : 215}" y="640" width="36" height="30" rx="6" fill="#c0262d"/>`;
  return `<ellipse cx="800" cy="${ground}" rx="720" ry="40" fill="url(#shadow)"/>
<path d="${p.body}" fill="url(#paint)"/>${highlights}<path d="${p.glass}" fill="url(#glass)" stroke="#1b1f24" stroke-width="6"/>${lamps}
${p.wheels.map((x) => wheel(x, ground - p.r, p.r)).join("")}`;
}

function endVehicle(type: BodyType, hex: string, rear: boolean): string {
  const e = ENDS[type];
  const cx = 800;
  const base = 800;
  const top = base - e.h;
  if (type === "motorcycle") {
    return `<ellipse cx="${cx}" cy="${base}" rx="260" ry="30" fill="url(#shadow)"/>
<rect x="${cx - 45}" y="${base - 260}" width="90" height="260" rx="40" fill="#15171a"/>
<path d="M${cx - 150} ${top + 40} L${cx + 150} ${top + 40} L${cx + 120} ${top + 240} L${cx - 120} ${top + 240} Z" fill="url(#paint)" stroke="${shade(hex, -90)}" stroke-width="5"/>
<line x1="${cx - 260}" y1="${top + 30}" x2="${cx + 260}" y2="${top + 30}" stroke="#2b2e32" stroke-width="18"/>
<circle cx="${cx}" cy="${top + 130}" r="${rear ? 26 : 50}" fill="${rear ? "#c0262d" : "#fff8d0"}"/>`;
  }
  const lamp = rear ? "#c0262d" : "#fff3c4";
  const grille = rear
    ? `<rect x="${cx - e.w * 0.5}" y="${base - e.h * 0.42}" width="${e.w}" height="${e.h * 0.16}" rx="10" fill="${shade(hex, -50)}"/>`
    : `<rect x="${cx - e.w * 0.45}" y="${base - e.h * 0.42}" width="${e.w * 0.9}" height="${e.h * 0.2}" rx="14" fill="#1e2226"/>${Array.from({ length: 7 }, (_, i) => `<line x1="${cx - e.w * 0.42}" x2="${cx + e.w * 0.42}" y1="${base - e.h * 0.4 + i * e.h * 0.027}" y2="${base - e.h * 0.4 + i * e.h * 0.027}" stroke="#454b52" stroke-width="4"/>`).join("")}`;
  return `<ellipse cx="${cx}" cy="${base}" rx="${e.w + 120}" ry="40" fill="url(#shadow)"/>
<rect x="${cx - e.w - 10}" y="${base - 140}" width="90" height="140" rx="20" fill="#15171a"/><rect x="${cx + e.w - 80}" y="${base - 140}" width="90" height="140" rx="20" fill="#15171a"/>
<path d="M${cx - e.w} ${base - 60} L${cx - e.w} ${base - e.h * 0.55} Q${cx - e.w} ${top + (e.h - e.roof) * 0.2} ${cx - e.w * 0.75} ${top} L${cx + e.w * 0.75} ${top} Q${cx + e.w} ${top + (e.h - e.roof) * 0.2} ${cx + e.w} ${base - e.h * 0.55} L${cx + e.w} ${base - 60} Z" fill="url(#paint)" stroke="${shade(hex, -90)}" stroke-width="5"/>
<path d="M${cx - e.w * 0.78} ${base - e.h * 0.58} L${cx - e.w * 0.62} ${top + 25} L${cx + e.w * 0.62} ${top + 25} L${cx + e.w * 0.78} ${base - e.h * 0.58} Z" fill="url(#glass)" stroke="#1b1f24" stroke-width="6"/>
<rect x="${cx - e.w * 0.95}" y="${base - e.h * 0.5}" width="${e.w * 0.3}" height="${e.h * 0.08}" rx="12" fill="${lamp}"/><rect x="${cx + e.w * 0.65}" y="${base - e.h * 0.5}" width="${e.w * 0.3}" height="${e.h * 0.08}" rx="12" fill="${lamp}"/>
${grille}<rect x="${cx - 90}" y="${base - e.h * 0.2}" width="180" height="46" rx="6" fill="#f4f4f0" stroke="#333" stroke-width="3"/>
<rect x="${cx - e.w}" y="${base - 90}" width="${e.w * 2}" height="40" rx="12" fill="${shade(hex, -80)}"/>`;
}

function interior(type: BodyType, hex: string, random: () => number): string {
  const trim = random() < 0.5 ? "2a2522" : "4a3b30";
  if (type === "caravan" || type === "motorhome") {
    return `<rect width="1600" height="1000" fill="#e9e1d4"/><rect y="700" width="1600" height="300" fill="#8a6f55"/>
${Array.from({ length: 14 }, (_, i) => `<line x1="0" x2="1600" y1="${710 + i * 22}" y2="${710 + i * 22}" stroke="#745c45" stroke-width="3"/>`).join("")}
<rect x="80" y="120" width="620" height="220" rx="14" fill="#f6f1e8" stroke="#b9ab96" stroke-width="6"/><rect x="130" y="160" width="520" height="140" fill="url(#glass)"/>
<rect x="900" y="140" width="620" height="180" rx="10" fill="#cbb79c"/><rect x="900" y="440" width="620" height="260" fill="#d8cbb8"/><rect x="960" y="470" width="220" height="60" rx="8" fill="#7b8794"/>
<path d="M80 700 L80 520 Q80 470 140 470 L760 470 Q820 470 820 520 L820 700 Z" fill="#${trim}"/><rect x="120" y="390" width="660" height="110" rx="40" fill="${shade(trim, 30)}"/>
<rect x="300" y="560" width="340" height="30" fill="#a68a6b"/><rect x="1180" y="350" width="260" height="70" rx="10" fill="#${hex}" opacity="0.8"/>`;
  }
  if (type === "motorcycle") {
    return `<rect width="1600" height="1000" fill="#2b2f33"/><path d="M200 1000 Q300 600 800 560 Q1300 600 1400 1000 Z" fill="url(#paint)"/>
<path d="M500 1000 Q560 760 800 740 Q1040 760 1100 1000 Z" fill="#17191b"/>${Array.from({ length: 12 }, (_, i) => `<line x1="${560 + i * 40}" y1="800" x2="${560 + i * 40}" y2="1000" stroke="#25282b" stroke-width="6"/>`).join("")}
<path d="M760 600 Q800 520 840 600 Z" fill="#ddd"/>`;
  }
  const seat = (x: number, y: number, s: number) =>
    `<path d="M${x} ${y + 420 * s} L${x} ${y + 120 * s} Q${x} ${y} ${x + 110 * s} ${y} L${x + 230 * s} ${y} Q${x + 340 * s} ${y} ${x + 340 * s} ${y + 120 * s} L${x + 340 * s} ${y + 420 * s} Z" fill="#${trim}"/>${Array.from({ length: 5 }, (_, i) => `<line x1="${x + 20 * s}" x2="${x + 320 * s}" y1="${y + (120 + i * 60) * s}" y2="${y + (120 + i * 60) * s}" stroke="${shade(trim, 30)}" stroke-width="${5 * s}"/>`).join("")}<rect x="${x + 90 * s}" y="${y - 110 * s}" width="${160 * s}" height="${120 * s}" rx="${30 * s}" fill="${shade(trim, 15)}"/>`;
  return `<rect width="1600" height="1000" fill="#d8dde2"/><rect x="0" y="0" width="1600" height="260" fill="url(#glass)"/><rect y="260" width="1600" height="740" fill="${shade(trim, 20)}"/>
<path d="M0 260 L0 1000 L160 1000 L240 260 Z" fill="url(#paint)"/><path d="M1600 260 L1600 1000 L1440 1000 L1360 260 Z" fill="url(#paint)"/>
${seat(300, 450, 1.1)}${seat(900, 450, 1.1)}<rect x="700" y="620" width="200" height="380" rx="20" fill="#1d2024"/><circle cx="800" cy="700" r="26" fill="#c9ced3"/>
<rect x="260" y="300" width="1080" height="120" rx="30" fill="${shade(trim, -10)}" opacity="0.9"/>`;
}

function dashboard(type: BodyType, hex: string): string {
  if (type === "caravan") {
    return `<rect width="1600" height="1000" fill="#efe7da"/><rect x="100" y="100" width="1400" height="420" fill="#d5c2a5"/>
${Array.from({ length: 6 }, (_, i) => `<rect x="${140 + i * 225}" y="140" width="190" height="340" rx="8" fill="#e8dcc6" stroke="#a08a6c" stroke-width="5"/><circle cx="${315 + i * 225}" cy="310" r="10" fill="#6b5a44"/>`).join("")}
<rect x="100" y="560" width="1400" height="70" fill="#3b3f44"/><rect x="300" y="575" width="260" height="40" rx="20" fill="#9aa3ad"/><rect x="100" y="630" width="1400" height="370" fill="#b59b7a"/>
<rect x="1000" y="600" width="300" height="200" rx="10" fill="#${hex}" opacity="0.4"/>`;
  }
  if (type === "motorcycle") {
    return `<rect width="1600" height="1000" fill="#b9d3ea"/><rect y="560" width="1600" height="440" fill="#5a5f63"/>
<path d="M100 420 Q800 300 1500 420 L1480 470 Q800 360 120 470 Z" fill="#1b1d20"/><rect x="520" y="360" width="560" height="300" rx="60" fill="#141618"/>
<circle cx="680" cy="510" r="110" fill="#0d0f10" stroke="#888" stroke-width="6"/><circle cx="920" cy="510" r="110" fill="#0d0f10" stroke="#888" stroke-width="6"/>
<line x1="680" y1="510" x2="740" y2="440" stroke="#f05a28" stroke-width="8"/><line x1="920" y1="510" x2="860" y2="450" stroke="#f05a28" stroke-width="8"/>
<path d="M500 1000 Q560 700 800 680 Q1040 700 1100 1000 Z" fill="url(#paint)"/>`;
  }
  const dials = [620, 820]
    .map(
      (x) =>
        `<circle cx="${x}" cy="560" r="90" fill="#0b0d10" stroke="#b8bec4" stroke-width="6"/>${Array.from(
          { length: 12 },
          (_, i) => {
            const a = Math.PI * (0.75 + (i / 11) * 1.5);
            return `<line x1="${(x + Math.cos(a) * 70).toFixed(1)}" y1="${(560 + Math.sin(a) * 70).toFixed(1)}" x2="${(x + Math.cos(a) * 84).toFixed(1)}" y2="${(560 + Math.sin(a) * 84).toFixed(1)}" stroke="#eee" stroke-width="4"/>`;
          },
        ).join(
          "",
        )}<line x1="${x}" y1="560" x2="${x + 50}" y2="510" stroke="#f05a28" stroke-width="6"/>`,
    )
    .join("");
  return `<rect width="1600" height="1000" fill="#b9d3ea"/><rect y="420" width="1600" height="200" fill="#6d7a70" opacity="0.7"/>
<path d="M0 460 Q800 380 1600 460 L1600 1000 L0 1000 Z" fill="#202327"/><path d="M0 470 Q800 395 1600 470 L1600 500 Q800 425 0 500 Z" fill="#${hex}" opacity="0.7"/>
<rect x="1000" y="520" width="360" height="220" rx="16" fill="#0b0d10" stroke="#3a3f45" stroke-width="6"/><rect x="1020" y="540" width="320" height="180" rx="8" fill="#1f5f8f"/>
<rect x="1040" y="560" width="140" height="70" rx="6" fill="#3d8fc6"/><rect x="1200" y="560" width="120" height="140" rx="6" fill="#2d6f9f"/>
${dials}<circle cx="720" cy="700" r="250" fill="none" stroke="#15171a" stroke-width="48"/><rect x="560" y="680" width="320" height="70" rx="30" fill="#15171a"/><circle cx="720" cy="715" r="60" fill="#2a2d31"/>
<rect x="1050" y="780" width="260" height="60" rx="10" fill="#2a2d31"/>${Array.from({ length: 5 }, (_, i) => `<circle cx="${1080 + i * 50}" cy="810" r="14" fill="#8b939b"/>`).join("")}`;
}

/** The SVG of one view of a vehicle (before it is rendered to a photo). */
export function vehicleViewSvg(type: BodyType, colour: string, view: PhotoView): string {
  const hex = HEX.test(colour) ? colour.toLowerCase() : "888888";
  const random = seededRandom(hashOf(`${type}|${hex}|${view}`));
  const sky: [string, string] = random() < 0.5 ? ["#9cc3e6", "#e9f1f7"] : ["#c9d3dc", "#f2f4f6"];
  const yard = backdrop(random, sky, "6b6f73");
  let scene: string;
  switch (view) {
    case "side":
      scene = yard + sideVehicle(type, hex);
      break;
    case "three-quarter":
      // The side drawn in perspective with the front end beside it.
      scene = `${yard}<g transform="translate(260 120) scale(0.78 0.86) skewY(-6)">${sideVehicle(type, hex)}</g><g transform="translate(1020 100) scale(0.42 0.88)">${endVehicle(type, hex, false)}</g>`;
      break;
    case "rear":
      scene = yard + endVehicle(type, hex, true);
      break;
    case "interior":
      scene = interior(type, hex, random);
      break;
    case "dashboard":
      scene = dashboard(type, hex);
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}"><defs>${paintDefs(hex)}</defs>${scene}</svg>`;
}

/** A location's showroom front with its name on the fascia. */
export function locationSvg(name: string): string {
  const random = seededRandom(hashOf(`location|${name}`));
  const label = escapeXml(name.replace(/-/g, " ").slice(0, 40));
  const panes = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${260 + i * 190}" y="430" width="170" height="300" fill="url(#glass)" stroke="#334155" stroke-width="6"/>`,
  ).join("");
  const flags = Array.from(
    { length: 5 },
    (_, i) =>
      `<line x1="${120 + i * 320}" y1="800" x2="${120 + i * 320}" y2="560" stroke="#555" stroke-width="8"/><rect x="${120 + i * 320}" y="560" width="70" height="120" fill="${shade("1d4ed8", Math.round(random() * 60 - 30))}"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}"><defs>${paintDefs("1d4ed8")}</defs>${backdrop(random, ["#8fbce6", "#eef4f9"], "5e6266")}
<rect x="200" y="300" width="1200" height="480" fill="#f1f5f9" stroke="#94a3b8" stroke-width="6"/><rect x="170" y="250" width="1260" height="120" fill="#1e293b"/>
<text x="800" y="330" font-family="sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#fff">${label}</text>${panes}${flags}</svg>`;
}

/** A hero picture: a row of stock on the yard. */
export function heroSvg(name: string): string {
  const random = seededRandom(hashOf(`hero|${name}`));
  const colours = ["c0262d", "1f4e9c", "e5e7eb", "111827", "6b7280", "0f766e"];
  const types: BodyType[] = ["suv", "sedan", "ute", "hatch"];
  const cars = types
    .map((type, i) => {
      const hex = colours[Math.floor(random() * colours.length)]!;
      return `<defs>${paintDefs(hex).replaceAll('id="paint"', `id="paint${i}"`)}</defs><g transform="translate(${i * 390 - 60} ${260 + (i % 2) * 40}) scale(0.32)">${sideVehicle(type, hex).replaceAll("url(#paint)", `url(#paint${i})`)}</g>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" width="${DEMO_PHOTO_WIDTH}" height="${DEMO_PHOTO_HEIGHT}"><defs>${paintDefs("888888")}</defs>${backdrop(random, ["#7fb2e0", "#f4f7fa"], "55595d")}${cars}</svg>`;
}

/** Render an SVG to a JPEG with a seeded film grain so it weighs what a photo weighs. */
export async function renderPhoto(svg: string, seed: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seededRandom(hashOf(seed));
  for (let i = 0; i < data.length; i += 3) {
    const luma = (random() - 0.5) * GRAIN;
    const chroma = (random() - 0.5) * GRAIN * 0.35;
    data[i] = Math.max(0, Math.min(255, data[i]! + luma + chroma));
    data[i + 1] = Math.max(0, Math.min(255, data[i + 1]! + luma));
    data[i + 2] = Math.max(0, Math.min(255, data[i + 2]! + luma - chroma));
  }
  return sharp(data, { raw: info }).jpeg({ quality: QUALITY }).toBuffer();
}

/**
 * Made on first request and kept within a byte bound; one render per photo at a time. With a
 * directory, a photo missing from memory is read from it before it is drawn, and a drawn one is
 * written to it (under a temporary name, then renamed: a reader never sees half a file).
 */
export class DemoPhotos {
  readonly #cache: BoundedCache<string, Buffer>;
  readonly #pending = new Map<string, Promise<Buffer>>();
  readonly #dir: string | null;

  constructor(maxBytes = CACHE_MAX_BYTES, dir: string | null = null) {
    this.#cache = new BoundedCache(maxBytes);
    this.#dir = dir;
  }

  stats() {
    return this.#cache.stats();
  }

  vehicle(kind: string, colour: string, view: PhotoView): Promise<Buffer> {
    const type = bodyTypeFor(kind);
    const hex = HEX.test(colour) ? colour.toLowerCase() : "888888";
    const key = `vehicle|${type}|${hex}|${view}`;
    return this.#get(key, () => vehicleViewSvg(type, hex, view));
  }

  location(name: string): Promise<Buffer> {
    const key = `location|${name.slice(0, 60)}`;
    return this.#get(key, () => locationSvg(name));
  }

  hero(name: string): Promise<Buffer> {
    const key = `hero|${name.slice(0, 60)}`;
    return this.#get(key, () => heroSvg(name));
  }

  /**
   * The photo behind one of the demo paths (`/media/vehicle/suv/1f4e9c/side.jpg`,
   * `/media/location/parramatta.jpg`, `/media/hero/harbour.jpg`) as a function that makes it, or
   * null when the path is not one.
   */
  forPath(pathname: string): (() => Promise<Buffer>) | null {
    const vehicle = /^\/media\/vehicle\/([a-z0-9-]{1,40})\/([0-9a-f]{6})\/([a-z-]+)\.jpg$/i.exec(
      pathname,
    );
    if (vehicle) {
      const view = vehicle[3] as PhotoView;
      if (!PHOTO_VIEWS.includes(view)) return null;
      return () => this.vehicle(vehicle[1]!, vehicle[2]!, view);
    }
    const place = /^\/media\/(location|hero)\/([a-z0-9-]{1,60})\.jpg$/i.exec(pathname);
    if (place)
      return () => (place[1] === "location" ? this.location(place[2]!) : this.hero(place[2]!));
    return null;
  }

  #get(key: string, draw: () => string): Promise<Buffer> {
    const hit = this.#cache.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = this.#drawnOrStored(draw(), key)
        .then((jpeg) => {
          this.#cache.set(key, jpeg, jpeg.length + key.length);
          return jpeg;
        })
        .finally(() => this.#pending.delete(key));
      this.#pending.set(key, pending);
    }
    return pending;
  }

  /** The photo from the directory if it was drawn before, else drawn (and stored there). */
  async #drawnOrStored(svg: string, seed: string): Promise<Buffer> {
    if (!this.#dir) return renderPhoto(svg, seed);
    // Named by everything the bytes depend on: a change to a drawing is a new file.
    const name = createHash("sha256")
      .update(`${svg}\0${seed}\0${GRAIN}\0${QUALITY}\0${sharp.versions.vips}`)
      .digest("hex");
    const path = join(this.#dir, `${name}.jpg`);
    try {
      return await readFile(path);
    } catch {
      // Not drawn yet (or unreadable): draw it.
    }
    const jpeg = await renderPhoto(svg, seed);
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(this.#dir, { recursive: true });
      await writeFile(temporary, jpeg);
      await rename(temporary, path);
    } catch {
      // A directory that cannot be written only costs the next process a drawing.
      await rm(temporary, { force: true }).catch(() => {});
    }
    return jpeg;
  }
}
