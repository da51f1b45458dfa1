// The stone house with its terracotta roof, drawn from the front, and its stone walls up close.
import type { Svg } from './svg-kit.js';
import { between, circle, path, pick, poly, rect, tint } from './svg-kit.js';

export interface HouseLook {
  stone: string;
  roof: string;
  shutters: string;
  lit: boolean;
}

export function houseLook(svg: Svg, lit: boolean): HouseLook {
  const rng = svg.rng;
  // Lit windows mean evening: the walls and roof fall into shade.
  const dim = lit ? -0.28 : 0;
  return {
    stone: tint(pick(rng, ['#cbbfa8', '#c2b49a', '#d4c8b0', '#bfb3a0']), 0, dim, dim / 3),
    roof: tint(pick(rng, ['#b5562f', '#a84d2c', '#c0643a']), 0, dim / 2),
    shutters: pick(rng, ['#4f7a5a', '#4a6f8f', '#8a5a3a', '#5d6f4a']),
    lit,
  };
}

/** Irregular stones over a wall, so it reads as rubble masonry rather than render. */
export function stones(svg: Svg, x: number, y: number, w: number, h: number, color: string, size: number) {
  const rng = svg.rng;
  const parts: string[] = [];
  for (let row = y + size * 0.2; row < y + h - size * 0.4; row += size * 0.75) {
    for (let col = x + between(rng, -size, 0); col < x + w - size * 0.5; col += size * between(rng, 1.1, 1.6)) {
      const sw = size * between(rng, 0.8, 1.3);
      parts.push(
        rect(
          Math.max(x, col),
          row,
          Math.min(sw, x + w - Math.max(x, col)),
          size * between(rng, 0.5, 0.65),
          tint(color, 0, between(rng, -0.05, 0.04)),
          `rx="${(size * 0.18).toFixed(1)}"`,
        ),
      );
    }
  }
  svg.add(rect(x, y, w, h, tint(color, 0, -0.08)), ...parts);
}

export function houseWindow(svg: Svg, x: number, y: number, w: number, h: number, look: HouseLook) {
  if (look.lit)
    svg.add(
      circle(
        x + w / 2,
        y + h / 2,
        w * 1.6,
        svg.radial([
          [0, '#ffcf7a', 0.55],
          [1, '#ffcf7a', 0],
        ]),
      ),
    );
  svg.add(rect(x - w * 0.45, y, w * 0.42, h, look.shutters), rect(x + w * 1.03, y, w * 0.42, h, look.shutters));
  svg.add(rect(x - 6, y - 6, w + 12, h + 12, '#efe8da'), rect(x, y, w, h, look.lit ? '#ffd27a' : '#8fa8b6'));
  svg.add(
    rect(x + w / 2 - 3, y, 6, h, '#efe8da'),
    rect(x, y + h * 0.45, w, 6, '#efe8da'),
    rect(x - 10, y + h + 4, w + 20, 10, '#e2d9c6'),
  );
}

export function door(svg: Svg, x: number, y: number, w: number, h: number, wood: string) {
  svg.add(
    path(
      `M${x - 10},${y + h} L${x - 10},${y + w / 2} A${w / 2 + 10},${w / 2 + 10} 0 0 1 ${x + w + 10},${y + w / 2} L${x + w + 10},${y + h} Z`,
      '#e2d9c6',
    ),
  );
  svg.add(
    path(`M${x},${y + h} L${x},${y + w / 2} A${w / 2},${w / 2} 0 0 1 ${x + w},${y + w / 2} L${x + w},${y + h} Z`, wood),
  );
  for (let i = 1; i < 4; i++) svg.add(rect(x + (w * i) / 4 - 1.5, y + 10, 3, h - 10, tint(wood, 0, -0.1)));
  svg.add(circle(x + w * 0.82, y + h * 0.55, Math.max(4, w * 0.04), '#2f2a25'));
}

/** A hipped terracotta roof: channel tiles as stripes, clipped to the roof's outline. */
function roof(svg: Svg, left: number, right: number, eaves: number, height: number, color: string) {
  const outline: [number, number][] = [
    [left, eaves],
    [right, eaves],
    [right - height * 0.8, eaves - height],
    [left + height * 0.8, eaves - height],
  ];
  const clip = svg.clip(poly(outline, '#000'));
  const tiles: string[] = [];
  for (let x = left; x < right; x += 22) tiles.push(rect(x, eaves - height, 9, height, tint(color, 0, -0.06)));
  svg.add(
    poly(outline, color),
    `<g clip-path="${clip}">${tiles.join('')}</g>`,
    rect(left - 4, eaves - 6, right - left + 8, 14, tint(color, 0, -0.15)),
  );
}

/** The whole house, centred on `cx` with its walls standing on `base`. */
export function house(svg: Svg, cx: number, base: number, s: number, look: HouseLook) {
  const rng = svg.rng;
  const w = 560 * s;
  const h = 290 * s;
  const left = cx - w / 2;
  const wing = rng() > 0.4;
  if (wing) {
    const ww = 260 * s;
    const wx = rng() > 0.5 ? left + w - 20 * s : left - ww + 20 * s;
    stones(svg, wx, base - h * 0.7, ww, h * 0.7, tint(look.stone, 0, 0.03), 34 * s);
    roof(svg, wx - 16 * s, wx + ww + 16 * s, base - h * 0.7, 80 * s, tint(look.roof, 4, 0.03));
    houseWindow(svg, wx + ww * 0.38, base - h * 0.5, 70 * s, 80 * s, look);
  }
  stones(svg, left, base - h, w, h, look.stone, 36 * s);
  svg.add(rect(cx + w * 0.2, base - h - 190 * s, 46 * s, 120 * s, tint(look.stone, 0, -0.05)));
  roof(svg, left - 30 * s, left + w + 30 * s, base - h, 160 * s, look.roof);
  door(svg, cx - 45 * s, base - 200 * s, 90 * s, 200 * s, '#7a5232');
  for (const dx of [-0.32, 0.26]) houseWindow(svg, cx + w * dx - 35 * s, base - h + 70 * s, 70 * s, 95 * s, look);
  svg.add(rect(left - 20 * s, base - 6, w + 40 * s, 16, tint(look.stone, 0, -0.2)));
}
