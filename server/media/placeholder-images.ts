/**
 * Demo imagery drawn on the server as SVG: vehicle photos tinted by colour, dealer logos and
 * location pictures. The demo fetches nothing from the internet; real sites point image URLs
 * at their CDN instead.
 */
const HEX = /^[0-9a-f]{6}$/i;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex, 16);
  const channel = (shift: number) =>
    Math.max(0, Math.min(255, ((n >> shift) & 255) + amount))
      .toString(16)
      .padStart(2, "0");
  return `${channel(16)}${channel(8)}${channel(0)}`;
}

const SHAPES: Record<string, string> = {
  car: "M60 200 L110 140 L250 120 L360 140 L430 190 L470 200 L470 250 L40 250 L40 210 Z",
  suv: "M50 210 L90 130 L300 120 L390 130 L440 190 L470 200 L470 255 L40 255 L40 215 Z",
  ute: "M40 210 L80 140 L220 130 L250 180 L470 180 L470 250 L40 250 Z",
  van: "M50 250 L50 120 L380 110 L450 170 L470 200 L470 250 Z",
  truck: "M40 250 L40 110 L170 110 L170 140 L220 140 L250 190 L470 190 L470 250 Z",
  motorcycle: "M120 220 L200 150 L290 150 L330 120 L380 150 L420 220 L330 200 L200 200 Z",
  caravan: "M60 250 L60 110 Q60 90 90 90 L420 90 Q450 90 450 120 L450 250 Z",
};

function shapeFor(kind: string): string {
  if (/motor|naked|sport|adventure|touring/.test(kind)) return SHAPES.motorcycle!;
  if (/caravan|camper|motorhome/.test(kind)) return SHAPES.caravan!;
  if (/cab|truck/.test(kind)) return SHAPES.truck!;
  if (/ute|pickup/.test(kind)) return SHAPES.ute!;
  if (/van|people/.test(kind)) return SHAPES.van!;
  if (/suv|wagon/.test(kind)) return SHAPES.suv!;
  return SHAPES.car!;
}

export function vehicleSvg(kind: string, colour: string, photo: number): string {
  const hex = HEX.test(colour) ? colour : "888888";
  const wheels = /motor|naked|sport|adventure|touring/.test(kind) ? [150, 390] : [130, 380];
  const angle = (photo % 4) * 6 - 9;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 320" width="1024" height="640" role="img" aria-label="Vehicle photo ${photo}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9eef3"/><stop offset="1" stop-color="#c9d2db"/></linearGradient></defs>
<rect width="512" height="320" fill="url(#g)"/><rect y="250" width="512" height="70" fill="#9aa5b1"/>
<g transform="rotate(${angle} 256 200)"><path d="${shapeFor(kind)}" fill="#${hex}" stroke="#${shade(hex, -60)}" stroke-width="4"/>
${wheels.map((x) => `<circle cx="${x}" cy="252" r="30" fill="#222"/><circle cx="${x}" cy="252" r="12" fill="#bbb"/>`).join("")}</g>
<text x="496" y="304" font-family="sans-serif" font-size="16" text-anchor="end" fill="#334">${photo}</text></svg>`;
}

export function logoSvg(text: string, background: string): string {
  const bg = HEX.test(background) ? background : "0b3d91";
  const label = escapeXml(text.slice(0, 24));
  const width = Math.max(120, label.length * 14 + 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" role="img" aria-label="${label}">
<rect width="${width}" height="48" rx="6" fill="#${bg}"/><text x="${width / 2}" y="31" font-family="sans-serif" font-weight="700" font-size="20" text-anchor="middle" fill="#fff">${label}</text></svg>`;
}

export function locationSvg(name: string): string {
  const label = escapeXml(name.replace(/-/g, " ").slice(0, 40));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300" width="600" height="300" role="img" aria-label="${label}">
<rect width="600" height="300" fill="#dfe7ef"/><rect x="80" y="110" width="440" height="150" fill="#f8fafc" stroke="#94a3b8" stroke-width="4"/>
<rect x="120" y="160" width="120" height="100" fill="#93c5fd"/><rect x="280" y="160" width="200" height="60" fill="#93c5fd"/>
<rect x="60" y="80" width="480" height="40" fill="#334155"/><text x="300" y="107" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#fff">${label}</text></svg>`;
}

export function faviconSvg(text: string, background: string): string {
  const bg = HEX.test(background) ? background : "0b3d91";
  const letter = escapeXml(text.trim().charAt(0).toUpperCase() || "D");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#${bg}"/><text x="16" y="23" font-family="sans-serif" font-weight="700" font-size="20" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
}
