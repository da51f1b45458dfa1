// Small drawing kit for the demo photos: a seeded random source, colour helpers and an SVG
// builder that collects gradients and filters, so the scene modules only describe shapes.

export const W = 1600;
export const H = 1067;

export type Rng = () => number;

/** FNV-1a of the seed into mulberry32: the same file name always draws the same picture. */
export function seededRng(seed: string): Rng {
  let a = 2166136261;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

function hexToHsl(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const byte = (x: number) =>
    Math.round(Math.max(0, Math.min(1, x)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(f(0))}${byte(f(8))}${byte(f(4))}`;
}

/** Shifts hue (degrees) and lightness (-1..1) of a hex colour. */
export function tint(hex: string, dh: number, dl = 0, ds = 0): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex((h + dh + 360) % 360, Math.max(0, Math.min(1, s + ds)), Math.max(0, Math.min(1, l + dl)));
}

/** A colour near `hex`, so two photos of the same room are not the same shade. */
export const vary = (rng: Rng, hex: string, amount = 1) =>
  tint(hex, between(rng, -8, 8) * amount, between(rng, -0.05, 0.05) * amount);

type Stop = [offset: number, color: string, opacity?: number];
const stops = (list: Stop[]) =>
  list.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join('');
const num = (n: number) => Math.round(n * 10) / 10;

export class Svg {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private ids = 0;

  constructor(readonly rng: Rng) {}

  add(...elements: string[]) {
    this.parts.push(...elements);
  }

  /** A linear gradient, top to bottom unless a direction is given. */
  linear(list: Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]): string {
    const id = `g${this.ids++}`;
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(list: Stop[]): string {
    const id = `g${this.ids++}`;
    this.defs.push(`<radialGradient id="${id}">${stops(list)}</radialGradient>`);
    return `url(#${id})`;
  }

  blur(deviation: number): string {
    const id = `f${this.ids++}`;
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string): string {
    const id = `c${this.ids++}`;
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** The finished document, with the corner label that marks it as a placeholder. */
  toString(): string {
    const label = `<g opacity="0.8"><rect x="${W - 168}" y="${H - 52}" width="150" height="34" rx="8" fill="#000" fill-opacity="0.35"/>
<text x="${W - 93}" y="${H - 29}" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#fff">Demo photo</text></g>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join('')}</defs>${this.parts.join('\n')}${label}</svg>`;
  }
}

type Extra = string;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Extra = '') =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${fill}" ${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Extra = '') =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}" ${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Extra = '') =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}" ${extra}/>`;
export const poly = (points: [number, number][], fill: string, extra: Extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
export const path = (d: string, fill: string, extra: Extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra: Extra = '',
) =>
  `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
