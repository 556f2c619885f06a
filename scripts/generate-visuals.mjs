#!/usr/bin/env node
/**
 * Draws the demo catalogue's visuals as deterministic SVG files under apps/web/public/visuals/.
 *
 * The list comes from apps/api/src/seed/visuals.json (written from the seed data by
 * `npx tsx apps/api/src/seed/write-visuals-manifest.ts`): each entry gives the public url, size,
 * style, texts and hue of one visual. Same manifest, same bytes: shapes come from a PRNG seeded by
 * the url, and SVG files of the generated folders that the manifest no longer lists are removed.
 *
 * It then writes apps/web/app/lib/visuals-version.ts, the hash of the folder: the pages ask for the visuals
 * under /assets/visuals/<hash>/, a copy the web's build publishes and serves as immutable (scripts/lib/visuals.mjs).
 *
 * Usage: node scripts/generate-visuals.mjs [--check]   (--check: only report differences, exit 1 if any)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION_MODULE, versionModule, visualsVersion } from './lib/visuals.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = join(ROOT, 'apps/web/public');
const VISUALS_DIR = join(PUBLIC_DIR, 'visuals');
const MANIFEST = join(ROOT, 'apps/api/src/seed/visuals.json');
const FOLDERS = ['ticketings', 'performers', 'organizers', 'offers', 'contests', 'articles'];

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Helvetica Neue', Arial, sans-serif";

// ---------------------------------------------------------------- helpers

function hashString(value) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomFor(key) {
  const next = mulberry32(hashString(key));
  return {
    next,
    between: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

const escapeXml = (value) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Rounds coordinates so that the output never depends on float formatting noise. */
const n = (value) => String(Math.round(value * 10) / 10);

const hsl = (hue, saturation, lightness, alpha) => {
  const h = Math.round((((hue % 360) + 360) % 360) * 10) / 10;
  return alpha === undefined
    ? `hsl(${h}, ${saturation}%, ${lightness}%)`
    : `hsla(${h}, ${saturation}%, ${lightness}%, ${alpha})`;
};

/** Approximate advance of a character in em for a bold sans-serif face. */
function charWidth(char) {
  if (char === ' ') return 0.33;
  if (".,;:!|’'ilj".includes(char)) return 0.34;
  if ('ftrI()-«»'.includes(char)) return 0.46;
  if ('mwMW—'.includes(char)) return 1;
  if ((char >= 'A' && char <= 'Z') || 'ÀÂÉÈÊÎÔÛÇŒ'.includes(char)) return 0.78;
  return 0.65;
}

const textWidth = (text, size) => [...text].reduce((sum, char) => sum + charWidth(char), 0) * size;

/** Greedy word wrap to `maxWidth` pixels at `size`. */
function wrap(text, maxWidth, size) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size (step 2) whose wrap fits in `maxLines`; the last line is cut with an ellipsis otherwise. */
function fitText(text, { maxWidth, maxLines, maxSize, minSize }) {
  for (let size = maxSize; size >= minSize; size -= 2) {
    const lines = wrap(text, maxWidth, size);
    if (lines.length <= maxLines && lines.every((line) => textWidth(line, size) <= maxWidth)) return { size, lines };
  }
  const lines = wrap(text, maxWidth, minSize);
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && textWidth(`${last} …`, minSize) > maxWidth) last = last.split(' ').slice(0, -1).join(' ');
  kept[maxLines - 1] = `${last} …`;
  return { size: minSize, lines: kept };
}

/** A multi-line <text>; `y` is the baseline of the first line. */
function textLines(lines, { x, y, size, lineHeight = 1.1, fill = '#fff', weight = 800, anchor = 'start', extra = '' }) {
  const tspans = lines
    .map((line, index) => `<tspan x="${n(x)}" y="${n(y + index * size * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${extra}>${tspans}</text>`;
}

/** A rounded label. */
function pill(label, { x, y, size = 24, fill, color, anchor = 'start' }) {
  const text = label.toUpperCase();
  const width = textWidth(text, size) + text.length * size * 0.08 + size * 1.4;
  const height = size * 1.8;
  const left = anchor === 'end' ? x - width : x;
  return [
    `<rect x="${n(left)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(height / 2)}" fill="${fill}"/>`,
    `<text x="${n(left + width / 2)}" y="${n(y + height / 2 + size * 0.36)}" font-family="${FONT}" font-size="${size}" font-weight="700" letter-spacing="${n(size * 0.08)}" fill="${color}" text-anchor="middle">${escapeXml(text)}</text>`,
  ].join('');
}

const STOP_WORDS = new Set(['le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'et', 'en', 'au', 'aux']);

function initials(name, count) {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  return words
    .slice(0, count)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

function svg(spec, defs, body) {
  const { width, height } = spec;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">
<title id="title">${escapeXml(spec.alt)}</title>
<defs>${defs.join('')}</defs>
${body.join('\n')}
</svg>
`;
}

const stop = (offset, color, opacity) =>
  `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`;

const linear = (id, stops, { x1 = 0, y1 = 0, x2 = 1, y2 = 1 } = {}) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([offset, color, opacity]) => stop(offset, color, opacity))
    .join('')}</linearGradient>`;

const radial = (id, stops, { cx = 0.5, cy = 0.5, r = 0.75 } = {}) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([offset, color, opacity]) => stop(offset, color, opacity))
    .join('')}</radialGradient>`;

const shade = linear(
  'shade',
  [
    [0, '#000', 0],
    [1, '#000', 0.6],
  ],
  { x1: 0, y1: 0, x2: 0, y2: 1 },
);

function star(cx, cy, outer, inner, points = 5, rotation = -90) {
  const coords = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    coords.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return coords.join(' ');
}

// ---------------------------------------------------------------- styles

/** A concert-style poster: gradient, sun and rings, category pill, big title at the bottom. */
function poster(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    linear('bg', [
      [0, hsl(hue, 78, 55)],
      [0.55, hsl(hue + 35, 70, 30)],
      [1, hsl(hue + 60, 65, 14)],
    ]),
    radial('sun', [
      [0, hsl(hue + 70, 95, 74)],
      [1, hsl(hue + 45, 90, 58)],
    ]),
    shade,
  ];
  const cx = w * random.between(0.62, 0.8);
  const cy = h * random.between(0.25, 0.42);
  const r = h * random.between(0.22, 0.3);
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  const variant = hashString(spec.url) % 3;
  if (variant === 0) {
    // A setting sun with rings.
    for (let i = 0; i < 7; i++) {
      body.push(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 40 + i * 46)}" fill="none" stroke="#fff" stroke-opacity="${n(0.22 - i * 0.028)}" stroke-width="${n(2 + (i % 3))}"/>`,
      );
    }
    body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#sun)" opacity="0.92"/>`);
    const stripes = [];
    for (let i = 0; i < 9; i++) {
      const y = cy - r + (i * 2 * r) / 9 + r / 9;
      if (y > cy + r * 0.1)
        stripes.push(`<rect x="${n(cx - r - 4)}" y="${n(y)}" width="${n(2 * r + 8)}" height="${n(4 + i * 1.6)}"/>`);
    }
    body.push(`<g fill="${hsl(hue + 35, 70, 30)}">${stripes.join('')}</g>`);
  } else if (variant === 1) {
    // Diagonal bands of colour crossing the poster.
    const bands = [];
    for (let i = 0; i < 6; i++) {
      const offset = w * 0.35 + i * 120 + random.between(-20, 20);
      bands.push(
        `<rect x="${n(offset)}" y="${n(-h * 0.3)}" width="${n(random.between(40, 90))}" height="${n(h * 1.6)}" fill="${hsl(hue + 40 + i * 22, 90, 62)}" opacity="${n(0.35 + (i % 2) * 0.3)}"/>`,
      );
    }
    body.push(`<g transform="rotate(28 ${n(w * 0.7)} ${n(h * 0.3)})">${bands.join('')}</g>`);
    body.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.9)}" fill="none" stroke="url(#sun)" stroke-width="${n(r * 0.22)}"/>`,
    );
  } else {
    // A halftone of dots growing towards a corner.
    const dots = [];
    const step = 44;
    for (let x = w * 0.42; x < w + step; x += step) {
      for (let y = 150; y < h * 0.8; y += step) {
        const dx = (x - w) / w;
        const dy = (y - 150) / h;
        const radius = Math.max(0, step * 0.46 * (1 - Math.sqrt(dx * dx + dy * dy) * 1.55));
        if (radius > 1.5) dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}"/>`);
      }
    }
    body.push(`<g fill="${hsl(hue + 60, 90, 70)}" opacity="0.75">${dots.join('')}</g>`);
    body.push(
      `<circle cx="${n(cx - r * 0.4)}" cy="${n(cy + r * 0.2)}" r="${n(r * 0.7)}" fill="url(#sun)" opacity="0.9"/>`,
    );
  }
  for (let i = 0; i < 28; i++) {
    body.push(
      `<circle cx="${n(random.between(0, w))}" cy="${n(random.between(0, h * 0.7))}" r="${n(random.between(1.5, 4.5))}" fill="#fff" opacity="${n(random.between(0.25, 0.7))}"/>`,
    );
  }
  body.push(
    `<polygon points="0,${n(h * 0.62)} ${n(w)},${n(h * 0.48)} ${n(w)},${h} 0,${h}" fill="${hsl(hue + 60, 60, 10)}" opacity="0.35"/>`,
  );
  body.push(`<rect y="${n(h * 0.35)}" width="${w}" height="${n(h * 0.65)}" fill="url(#shade)"/>`);
  body.push(pill(spec.badge, { x: 72, y: 64, size: 24, fill: 'rgba(255, 255, 255, 0.92)', color: hsl(hue, 70, 28) }));
  body.push(
    `<text x="${w - 72}" y="100" font-family="${FONT}" font-size="26" font-weight="800" letter-spacing="6" fill="#fff" fill-opacity="0.85" text-anchor="end">GUICHET</text>`,
  );
  const title = fitText(spec.title, { maxWidth: w - 144, maxLines: 3, maxSize: 104, minSize: 54 });
  const lineHeight = 1.05;
  const firstBaseline = h - 150 - (title.lines.length - 1) * title.size * lineHeight;
  body.push(textLines(title.lines, { x: 72, y: firstBaseline, size: title.size, lineHeight }));
  body.push(textLines([spec.subtitle], { x: 72, y: h - 78, size: 34, weight: 500, fill: 'rgba(255, 255, 255, 0.9)' }));
  return svg(spec, defs, body);
}

/** A stage under spotlights with a crowd in the foreground. */
function scene(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    linear(
      'bg',
      [
        [0, hsl(hue, 55, 9)],
        [1, hsl(hue + 30, 60, 24)],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    ),
  ];
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  const beams = 5;
  for (let i = 0; i < beams; i++) {
    const id = `beam${i}`;
    const color = hsl(hue + i * 38, 95, 70);
    defs.push(
      linear(
        id,
        [
          [0, color],
          [1, color, 0],
        ],
        { x1: 0, y1: 0, x2: 0, y2: 1 },
      ),
    );
    const top = (w * (i + 0.5)) / beams + random.between(-40, 40);
    const bottom = top + random.between(-260, 260);
    const spread = random.between(110, 190);
    body.push(
      `<polygon points="${n(top - 8)},0 ${n(top + 8)},0 ${n(bottom + spread)},${n(h * 0.85)} ${n(bottom - spread)},${n(h * 0.85)}" fill="url(#${id})" opacity="0.45"/>`,
      `<ellipse cx="${n(top)}" cy="6" rx="26" ry="12" fill="${color}"/>`,
    );
  }
  body.push(`<rect y="${n(h * 0.6)}" width="${w}" height="${n(h * 0.08)}" fill="${hsl(hue + 20, 40, 18)}"/>`);
  // Crowd: three rows of heads and shoulders, darker in front.
  for (let row = 0; row < 3; row++) {
    const baseY = h * 0.74 + row * 48;
    const fill = hsl(hue + 30, 35, 10 - row * 3);
    const people = [];
    for (let x = -30 + row * 18; x < w + 60; x += random.between(58, 84)) {
      const headY = baseY + random.between(-10, 10);
      const size = 22 + row * 5;
      people.push(
        `<circle cx="${n(x)}" cy="${n(headY)}" r="${n(size)}"/>`,
        `<ellipse cx="${n(x)}" cy="${n(headY + size * 2.4)}" rx="${n(size * 1.7)}" ry="${n(size * 1.6)}"/>`,
      );
      if (random.next() < 0.12) {
        people.push(
          `<rect x="${n(x + size * 0.6)}" y="${n(headY - size * 3)}" width="${n(size * 0.45)}" height="${n(size * 3)}" rx="${n(size * 0.2)}"/>`,
        );
      }
    }
    body.push(`<g fill="${fill}">${people.join('')}</g>`);
  }
  body.push(pill(spec.badge, { x: 72, y: 64, size: 22, fill: hsl(hue, 85, 60), color: '#fff' }));
  const title = fitText(spec.title, { maxWidth: w - 144, maxLines: 2, maxSize: 76, minSize: 44 });
  body.push(textLines(title.lines, { x: 72, y: 200, size: title.size, lineHeight: 1.08 }));
  body.push(
    textLines([spec.subtitle], {
      x: 72,
      y: 200 + title.lines.length * title.size * 1.08 + 8,
      size: 30,
      weight: 500,
      fill: 'rgba(255, 255, 255, 0.85)',
    }),
  );
  return svg(spec, defs, body);
}

/** The width of the disc inscribed in a w×h picture over the band of heights [top, bottom] (its narrowest). */
function chordWidth(w, h, top, bottom) {
  const radius = Math.min(w, h) / 2;
  const farthest = Math.max(Math.abs(top - h / 2), Math.abs(bottom - h / 2));
  return farthest >= radius ? 0 : 2 * Math.sqrt(radius * radius - farthest * farthest);
}

/** An artist: a stylised silhouette on a radial gradient, a big initial and the name. */
function portrait(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    radial(
      'bg',
      [
        [0, hsl(hue, 80, 64)],
        [1, hsl(hue + 40, 65, 26)],
      ],
      { cx: 0.3, cy: 0.25, r: 0.95 },
    ),
    shade,
  ];
  // Same letter as the performer's `initial`: the first one of the name, without accent.
  const letter =
    spec.title
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .charAt(0)
      .toUpperCase() || '#';
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  body.push(
    `<text x="${n(w / 2)}" y="${n(h * 0.78)}" font-family="${FONT}" font-size="${n(h * 0.86)}" font-weight="900" fill="#fff" fill-opacity="0.14" text-anchor="middle">${escapeXml(letter)}</text>`,
  );
  for (let i = 0; i < 4; i++) {
    body.push(
      `<circle cx="${n(random.between(0, w))}" cy="${n(random.between(0, h * 0.6))}" r="${n(random.between(30, 90))}" fill="${hsl(hue + random.between(-40, 80), 85, 70)}" opacity="0.22"/>`,
    );
  }
  const cx = w * 0.5 + random.between(-40, 40);
  const silhouette = hsl(hue + 20, 45, 16);
  body.push(
    `<g fill="${silhouette}" opacity="0.9"><circle cx="${n(cx)}" cy="${n(h * 0.4)}" r="${n(h * 0.15)}"/><path d="M${n(cx - h * 0.32)},${h} C${n(cx - h * 0.3)},${n(h * 0.62)} ${n(cx + h * 0.3)},${n(h * 0.62)} ${n(cx + h * 0.32)},${h} Z"/></g>`,
  );
  body.push(`<rect y="${n(h * 0.45)}" width="${w}" height="${n(h * 0.55)}" fill="url(#shade)"/>`);
  // Portraits are shown cropped to a disc (artists' avatars): the name and the genre sit centred inside the
  // disc inscribed in the square, each line no wider than the disc at that height, so no crop cuts them.
  const nameBaseline = h * 0.74;
  const genreBaseline = h * 0.82;
  const nameWidth = 0.9 * chordWidth(w, h, nameBaseline - 54 * 0.8, nameBaseline + 54 * 0.25);
  const name = fitText(spec.title, { maxWidth: nameWidth, maxLines: 2, maxSize: 54, minSize: 32 });
  const first = nameBaseline - (name.lines.length - 1) * name.size * 1.05;
  body.push(textLines(name.lines, { x: w / 2, y: first, size: name.size, lineHeight: 1.05, anchor: 'middle' }));
  const genre = fitText(spec.subtitle.toUpperCase(), {
    maxWidth: 0.85 * chordWidth(w, h, genreBaseline - 22, genreBaseline + 6),
    maxLines: 1,
    maxSize: 22,
    minSize: 16,
  });
  body.push(
    textLines(genre.lines, {
      x: w / 2,
      y: genreBaseline,
      size: genre.size,
      weight: 600,
      fill: 'rgba(255, 255, 255, 0.85)',
      anchor: 'middle',
      extra: ' letter-spacing="3"',
    }),
  );
  return svg(spec, defs, body);
}

/** An organizer's logo: a monogram in a disc, the name and the city. */
function logo(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    linear('disc', [
      [0, hsl(hue, 75, 50)],
      [1, hsl(hue + 35, 70, 32)],
    ]),
  ];
  const monogram = initials(spec.title, 2) || '?';
  const cx = w / 2;
  const cy = h * 0.38;
  const r = h * 0.24;
  const body = [`<rect width="${w}" height="${h}" fill="${hsl(hue, 45, 96)}"/>`];
  const sides = random.int(0, 2);
  if (sides === 0) {
    body.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 18)}" fill="none" stroke="${hsl(hue, 70, 45)}" stroke-width="6"/>`,
    );
    body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#disc)"/>`);
  } else if (sides === 1) {
    body.push(
      `<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(2 * r)}" height="${n(2 * r)}" rx="${n(r * 0.3)}" fill="url(#disc)" transform="rotate(45 ${n(cx)} ${n(cy)})"/>`,
    );
  } else {
    body.push(
      `<polygon points="${star(cx, cy, r * 1.15, r * 0.98, 12, -90)}" fill="url(#disc)"/>`,
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.84)}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="3"/>`,
    );
  }
  const monoSize = monogram.length > 1 ? r * 0.95 : r * 1.2;
  body.push(
    `<text x="${n(cx)}" y="${n(cy + monoSize * 0.36)}" font-family="${FONT}" font-size="${n(monoSize)}" font-weight="900" fill="#fff" text-anchor="middle" letter-spacing="2">${escapeXml(monogram)}</text>`,
  );
  const name = fitText(spec.title, { maxWidth: w - 80, maxLines: 2, maxSize: 46, minSize: 28 });
  body.push(textLines(name.lines, { x: cx, y: h * 0.76, size: name.size, fill: hsl(hue, 60, 20), anchor: 'middle' }));
  body.push(
    textLines([spec.subtitle.toUpperCase()], {
      x: cx,
      y: h * 0.76 + name.lines.length * name.size * 1.1 + 16,
      size: 22,
      weight: 600,
      fill: hsl(hue, 30, 40),
      anchor: 'middle',
      extra: ' letter-spacing="4"',
    }),
  );
  return svg(spec, defs, body);
}

/** A deal: bright blobs, a « Bon plan » pill and a round discount badge. */
function deal(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    linear('bg', [
      [0, hsl(hue, 85, 62)],
      [1, hsl(hue + 40, 75, 38)],
    ]),
    shade,
  ];
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  for (let i = 0; i < 6; i++) {
    body.push(
      `<circle cx="${n(random.between(0, w))}" cy="${n(random.between(0, h))}" r="${n(random.between(90, 260))}" fill="${hsl(hue + random.between(-60, 60), 90, random.between(55, 75))}" opacity="${n(random.between(0.2, 0.4))}"/>`,
    );
  }
  const wave = [];
  for (let x = 0; x <= w; x += 50) wave.push(`${n(x)},${n(h * 0.55 + Math.sin(x / 90 + hue) * 26)}`);
  body.push(`<polygon points="0,${h} ${wave.join(' ')} ${w},${h}" fill="${hsl(hue + 40, 70, 28)}" opacity="0.45"/>`);
  body.push(`<rect y="${n(h * 0.4)}" width="${w}" height="${n(h * 0.6)}" fill="url(#shade)"/>`);
  body.push(pill('Bon plan', { x: 72, y: 64, size: 24, fill: '#fff', color: hsl(hue, 75, 32) }));
  const bx = w - 200;
  const by = 200;
  body.push(
    `<g transform="rotate(-10 ${bx} ${by})"><polygon points="${star(bx, by, 150, 132, 18)}" fill="#fff"/><circle cx="${bx}" cy="${by}" r="118" fill="none" stroke="${hsl(hue, 75, 40)}" stroke-width="3" stroke-dasharray="6 8"/>`,
    `<text x="${bx}" y="${by + 22}" font-family="${FONT}" font-size="${spec.badge.length > 6 ? 50 : 62}" font-weight="900" fill="${hsl(hue, 75, 32)}" text-anchor="middle">${escapeXml(spec.badge)}</text></g>`,
  );
  const title = fitText(spec.title, { maxWidth: w - 144, maxLines: 3, maxSize: 88, minSize: 50 });
  const first = h - 150 - (title.lines.length - 1) * title.size * 1.06;
  body.push(textLines(title.lines, { x: 72, y: first, size: title.size, lineHeight: 1.06 }));
  body.push(textLines([spec.subtitle], { x: 72, y: h - 78, size: 34, weight: 500, fill: 'rgba(255, 255, 255, 0.92)' }));
  return svg(spec, defs, body);
}

/** A contest game: confetti, a golden star and the prize. */
function contest(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const defs = [
    linear('bg', [
      [0, hsl(hue, 70, 42)],
      [1, hsl(hue + 50, 70, 18)],
    ]),
    radial('gold', [
      [0, hsl(50, 100, 72)],
      [1, hsl(38, 95, 50)],
    ]),
  ];
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  const confetti = [];
  for (let i = 0; i < 70; i++) {
    const x = random.between(0, w);
    const y = random.between(0, h);
    confetti.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(random.between(8, 18))}" height="${n(random.between(4, 9))}" rx="2" fill="${hsl(random.between(0, 360), 90, 65)}" opacity="${n(random.between(0.5, 0.95))}" transform="rotate(${n(random.between(0, 180))} ${n(x)} ${n(y)})"/>`,
    );
  }
  body.push(confetti.join(''));
  const cx = w * 0.78;
  const cy = h * 0.4;
  for (let i = 0; i < 12; i++) {
    const angle = (i * 30 * Math.PI) / 180;
    body.push(
      `<line x1="${n(cx + Math.cos(angle) * 210)}" y1="${n(cy + Math.sin(angle) * 210)}" x2="${n(cx + Math.cos(angle) * 280)}" y2="${n(cy + Math.sin(angle) * 280)}" stroke="${hsl(48, 100, 70)}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`,
    );
  }
  body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="180" fill="${hsl(hue + 50, 70, 14)}" opacity="0.45"/>`);
  body.push(
    `<polygon points="${star(cx, cy, 170, 72)}" fill="url(#gold)" stroke="${hsl(40, 90, 85)}" stroke-width="4"/>`,
  );
  body.push(pill(spec.badge, { x: 72, y: 64, size: 24, fill: hsl(48, 100, 62), color: hsl(hue + 50, 70, 18) }));
  const title = fitText(spec.title, { maxWidth: w * 0.58, maxLines: 4, maxSize: 76, minSize: 42 });
  body.push(textLines(title.lines, { x: 72, y: 230, size: title.size, lineHeight: 1.08 }));
  const prize = fitText(spec.subtitle, { maxWidth: w - 144, maxLines: 2, maxSize: 32, minSize: 24 });
  body.push(
    textLines(prize.lines, {
      x: 72,
      y: h - 70 - (prize.lines.length - 1) * prize.size * 1.2,
      size: prize.size,
      lineHeight: 1.2,
      weight: 600,
      fill: hsl(48, 100, 80),
    }),
  );
  return svg(spec, defs, body);
}

/** A magazine cover: colour block with geometric shapes, masthead and headline. */
function editorial(spec) {
  const { width: w, height: h, hue } = spec;
  const random = randomFor(spec.url);
  const block = w * 0.4;
  const defs = [
    linear('block', [
      [0, hsl(hue, 65, 52)],
      [1, hsl(hue + 30, 60, 32)],
    ]),
  ];
  const body = [
    `<rect width="${w}" height="${h}" fill="${hsl(hue, 30, 96)}"/>`,
    `<rect width="${n(block)}" height="${h}" fill="url(#block)"/>`,
  ];
  const shapes = [];
  for (let i = 0; i < 6; i++) {
    const x = random.between(20, block - 20);
    const y = random.between(20, h - 20);
    const size = random.between(40, 150);
    const kind = random.int(0, 2);
    const color = hsl(hue + random.between(-30, 180), 80, random.between(65, 88));
    if (kind === 0) shapes.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(size / 2)}" fill="${color}" opacity="0.7"/>`);
    else if (kind === 1)
      shapes.push(
        `<rect x="${n(x - size / 2)}" y="${n(y - size / 2)}" width="${n(size)}" height="${n(size)}" fill="none" stroke="${color}" stroke-width="6" transform="rotate(${n(random.between(0, 90))} ${n(x)} ${n(y)})"/>`,
      );
    else
      shapes.push(
        `<path d="M${n(x - size / 2)},${n(y)} A${n(size / 2)},${n(size / 2)} 0 0 1 ${n(x + size / 2)},${n(y)} Z" fill="${color}" opacity="0.8"/>`,
      );
  }
  body.push(`<g>${shapes.join('')}</g>`);
  for (let y = 40; y < h; y += 40) {
    body.push(
      `<line x1="0" y1="${y}" x2="${n(block)}" y2="${y}" stroke="#fff" stroke-opacity="0.08" stroke-width="2"/>`,
    );
  }
  const x = block + 64;
  const maxWidth = w - x - 64;
  body.push(
    `<text x="${n(x)}" y="112" font-family="${FONT}" font-size="40" font-weight="900" letter-spacing="8" fill="${hsl(hue, 60, 30)}">LE MAG</text>`,
    `<rect x="${n(x)}" y="132" width="120" height="6" fill="${hsl(hue, 70, 50)}"/>`,
  );
  const title = fitText(spec.title, { maxWidth, maxLines: 5, maxSize: 60, minSize: 34 });
  body.push(
    textLines(title.lines, { x, y: 250, size: title.size, lineHeight: 1.12, fill: hsl(hue, 50, 14), weight: 800 }),
  );
  body.push(textLines([spec.subtitle], { x, y: h - 72, size: 26, weight: 600, fill: hsl(hue, 30, 38) }));
  return svg(spec, defs, body);
}

/** The default share image: a ticket with the brand. */
function share(spec) {
  const { width: w, height: h, hue } = spec;
  const defs = [
    linear('bg', [
      [0, hsl(hue, 75, 58)],
      [1, hsl(hue + 45, 70, 36)],
    ]),
  ];
  const body = [`<rect width="${w}" height="${h}" fill="url(#bg)"/>`];
  const tx = 42;
  const ty = 112;
  const tw = w - 84;
  const th = 150;
  const brand = fitText(spec.title, { maxWidth: tw - 110, maxLines: 1, maxSize: 56, minSize: 30 });
  body.push(
    `<g transform="rotate(-6 ${w / 2} ${h / 2})">`,
    `<mask id="notches"><rect x="${tx}" y="${ty}" width="${tw}" height="${th}" fill="#fff"/><circle cx="${tx}" cy="${ty + th / 2}" r="18" fill="#000"/><circle cx="${tx + tw}" cy="${ty + th / 2}" r="18" fill="#000"/></mask>`,
    `<rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="18" fill="#fff" mask="url(#notches)"/>`,
    `<line x1="${tx + tw - 70}" y1="${ty + 14}" x2="${tx + tw - 70}" y2="${ty + th - 14}" stroke="${hsl(hue, 40, 80)}" stroke-width="3" stroke-dasharray="8 7"/>`,
    `<text x="${n(tx + (tw - 70) / 2 + 6)}" y="${n(ty + th / 2 + brand.size * 0.36)}" font-family="${FONT}" font-size="${brand.size}" font-weight="900" fill="${hsl(hue, 70, 30)}" text-anchor="middle">${escapeXml(spec.title)}</text>`,
    `<polygon points="${star(tx + tw - 35, ty + th / 2, 20, 9)}" fill="${hsl(hue, 75, 55)}"/>`,
    '</g>',
  );
  const tagline = fitText(spec.subtitle, { maxWidth: w - 56, maxLines: 2, maxSize: 22, minSize: 16 });
  body.push(
    textLines(tagline.lines, {
      x: w / 2,
      y: h - 40 - (tagline.lines.length - 1) * tagline.size * 1.25,
      size: tagline.size,
      lineHeight: 1.25,
      weight: 600,
      fill: '#fff',
      anchor: 'middle',
    }),
  );
  return svg(spec, defs, body);
}

const STYLES = { poster, scene, portrait, logo, deal, contest, editorial, share };

// ---------------------------------------------------------------- main

function fileOf(url) {
  if (!url.startsWith('/visuals/') || url.includes('..') || !url.endsWith('.svg')) {
    throw new Error(`URL de visuel inattendue : ${url}`);
  }
  return join(PUBLIC_DIR, url);
}

function main() {
  const check = process.argv.includes('--check');
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const expected = new Map();
  for (const spec of manifest) {
    const draw = STYLES[spec.style];
    if (!draw) throw new Error(`Style inconnu « ${spec.style} » pour ${spec.url}`);
    expected.set(fileOf(spec.url), draw(spec));
  }

  const stale = [];
  for (const folder of FOLDERS) {
    const dir = join(VISUALS_DIR, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (name.endsWith('.svg') && !expected.has(file)) stale.push(file);
    }
  }

  const changed = [...expected].filter(
    ([file, content]) => !existsSync(file) || readFileSync(file, 'utf8') !== content,
  );
  if (check) {
    for (const [file] of changed) console.log(`à régénérer : ${relative(ROOT, file)}`);
    for (const file of stale) console.log(`en trop : ${relative(ROOT, file)}`);
    if (changed.length > 0 || stale.length > 0) process.exit(1);
    if (!existsSync(VERSION_MODULE) || readFileSync(VERSION_MODULE, 'utf8') !== versionModule(visualsVersion())) {
      console.log(`à régénérer : ${relative(ROOT, VERSION_MODULE)}`);
      process.exit(1);
    }
    console.log(`${expected.size} visuels à jour.`);
    return;
  }
  for (const [file, content] of changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  for (const file of stale) rmSync(file);
  const version = visualsVersion();
  writeFileSync(VERSION_MODULE, versionModule(version));
  console.log(
    `${expected.size} visuels (${changed.length} écrits, ${stale.length} supprimés) dans ${relative(ROOT, VISUALS_DIR)}, version ${version}`,
  );
}

main();
