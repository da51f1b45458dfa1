// The house and garden: picked from the alt text (terrace, path, barbecue, door, parking) or the
// house among its trees.
import { door, house, houseLook, houseWindow, stones } from './house.js';
import type { HouseLook } from './house.js';
import { lake, olive, palette, pine, ridge, roundTree, sky, timeFromAlt } from './landscape.js';
import type { Palette } from './landscape.js';
import type { Svg } from './svg-kit.js';
import { between, ellipse, H, path, pick, poly, rect, tint, W } from './svg-kit.js';

function backdrop(svg: Svg, p: Palette, horizon: number, withLake: boolean) {
  const { sunX } = sky(svg, p, horizon);
  ridge(svg, horizon - 30, 120, p.hills[0], false, horizon + 2);
  const near = ridge(svg, horizon + 10, 90, p.hills[1], true, horizon + 12);
  svg.add(rect(0, horizon + 10, W, H - horizon - 10, tint(p.grass, 0, -0.1)));
  if (withLake) lake(svg, p, horizon + 10, horizon + 90, near, sunX);
}

function lawn(svg: Svg, p: Palette, top: number) {
  svg.add(
    path(
      `M0,${top} Q${W / 2},${top - 30} ${W},${top + 10} L${W},${H} L0,${H} Z`,
      svg.linear([
        [0, tint(p.grass, 0, 0.04)],
        [1, tint(p.grass, 0, -0.08)],
      ]),
    ),
  );
}

function flowers(svg: Svg, y0: number, y1: number, count: number) {
  const rng = svg.rng;
  for (let i = 0; i < count; i++) {
    const x = between(rng, 0, W);
    const y = between(rng, y0, y1);
    svg.add(
      ellipse(x, y, 34, 18, '#5d7a45'),
      ellipse(x, y - 8, 26, 10, pick(rng, ['#9c7ac4', '#e7c14f', '#e98a8a', '#f3efe4']), 'opacity="0.9"'),
    );
  }
}

function trees(svg: Svg, p: Palette, base: number, count: number, avoid: [number, number]) {
  const rng = svg.rng;
  for (let i = 0; i < count; i++) {
    let x = between(rng, 0, W);
    if (x > avoid[0] && x < avoid[1])
      x = rng() > 0.5 ? avoid[0] - between(rng, 0, 120) : avoid[1] + between(rng, 0, 120);
    const h = between(rng, 280, 460);
    if (rng() > 0.5) pine(svg, x, base + between(rng, -10, 20), h, tint(p.hills[2], 0, 0.05));
    else roundTree(svg, x, base + between(rng, -10, 20), h, tint(p.grass, 0, -0.12));
  }
}

function table(svg: Svg, cx: number, top: number, w: number, wood: string) {
  svg.add(
    poly(
      [
        [cx - w * 0.42, top],
        [cx + w * 0.42, top],
        [cx + w / 2, top + 70],
        [cx - w / 2, top + 70],
      ],
      wood,
    ),
    rect(cx - w / 2, top + 70, w, 16, tint(wood, 0, -0.12)),
  );
  for (const dx of [-0.46, 0.44]) svg.add(rect(cx + w * dx, top + 86, 16, 150, tint(wood, 0, -0.18)));
  for (let i = 0; i < 5; i++) {
    const x = cx - w * 0.4 + (i * w * 0.8) / 4;
    svg.add(
      rect(x - 30, top - 80, 60, 90, tint(wood, 0, -0.06), 'rx="6"'),
      rect(x - 36, top + 120, 72, 12, tint(wood, 0, -0.1)),
    );
  }
}

function terrace(svg: Svg, p: Palette, look: HouseLook) {
  backdrop(svg, p, 500, true);
  stones(svg, 0, 80, W * 0.62, 760, look.stone, 58);
  houseWindow(svg, 240, 300, 160, 210, look);
  door(svg, 620, 440, 150, 400, '#7a5232');
  svg.add(rect(0, 840, W, H - 840, tint('#b5714a', 0, -0.05)));
  for (let x = -200; x < W + 200; x += 90)
    svg.add(
      path(
        `M${x},840 L${(x - W / 2) * 1.6 + W / 2},${H}`,
        'none',
        `stroke="${tint('#b5714a', 0, -0.15)}" stroke-width="3"`,
      ),
    );
  const wood = '#8a6444';
  svg.add(
    rect(0, 40, W, 36, wood),
    poly(
      [
        [0, 0],
        [W, 0],
        [W, 40],
        [0, 40],
      ],
      tint(look.roof, 0, -0.05),
    ),
  );
  for (const x of [60, 560, 1060, 1500]) svg.add(rect(x, 76, 34, 790, tint(wood, 0, -0.1)));
  table(svg, 780, 760, 900, '#9a7452');
}

function gardenPath(svg: Svg, p: Palette) {
  const rng = svg.rng;
  backdrop(svg, p, 380, true);
  lawn(svg, p, 470);
  const cx = between(rng, 650, 950);
  svg.add(
    path(
      `M${cx - 340},${H} C${cx - 200},800 ${cx + 80},620 ${cx - 20},480 L${cx + 30},480 C${cx + 160},620 ${cx},800 ${cx + 340},${H} Z`,
      '#d9c7a2',
    ),
  );
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    svg.add(
      ellipse(
        cx + Math.sin(t * 3) * 60,
        500 + t * t * 520,
        20 + t * 130,
        6 + t * 36,
        tint('#b3a890', 0, between(rng, -0.06, 0.05)),
      ),
    );
  }
  flowers(svg, 520, H, 16);
  trees(svg, p, 560, 6, [cx - 400, cx + 400]);
  olive(svg, 140, H - 30, 600);
}

function barbecue(svg: Svg, p: Palette, look: HouseLook) {
  const rng = svg.rng;
  backdrop(svg, p, 470, false);
  lawn(svg, p, 600);
  house(svg, 1280, 620, 0.7, look);
  olive(svg, 560, 930, 820);
  const x = 820;
  stones(svg, x, 620, 300, 260, '#b8ab98', 40);
  svg.add(
    rect(x - 10, 600, 320, 24, '#8f8476'),
    rect(x + 60, 560, 180, 40, '#3a3633'),
    rect(x + 110, 420, 80, 140, '#a89c88'),
  );
  const smoke = svg.blur(18);
  for (let i = 0; i < 4; i++)
    svg.add(
      ellipse(
        x + 150 + i * 25,
        380 - i * 70,
        40 + i * 15,
        28,
        '#e8e8e8',
        `opacity="${(0.5 - i * 0.1).toFixed(2)}" filter="${smoke}"`,
      ),
    );
  table(svg, 300, 880, 380, pick(rng, ['#9a7452', '#7f6a55']));
}

function frontDoor(svg: Svg, look: HouseLook) {
  stones(svg, 0, 0, W, 900, look.stone, 80);
  svg.add(rect(0, 900, W, H - 900, '#9c9386'), rect(0, 900, W, 14, '#7e766b'));
  door(svg, 640, 280, 300, 620, pick(svg.rng, ['#7a5232', '#5f6f4a', '#4a5f78']));
  svg.add(rect(1000, 360, 26, 60, '#2f2a25'), ellipse(1013, 430, 22, 28, '#ffd58a'));
  const wood = '#8a6444';
  for (const x of [1150, 1430]) svg.add(rect(x, 640, 18, 260, tint(wood, 0, -0.15)));
  svg.add(
    rect(1120, 650, 360, 26, wood),
    rect(1120, 695, 360, 20, wood),
    rect(1110, 770, 380, 30, wood),
    rect(1110, 800, 380, 8, tint(wood, 0, -0.2)),
  );
  for (const x of [420, 980])
    svg.add(
      path(`M${x},900 l20,-130 l140,0 l20,130 Z`, '#b5643a'),
      ellipse(x + 90, 760, 110, 70, '#5d7a45'),
      ellipse(x + 70, 720, 60, 40, '#6f8f52'),
    );
}

function parking(svg: Svg, p: Palette, look: HouseLook) {
  const rng = svg.rng;
  backdrop(svg, p, 460, false);
  lawn(svg, p, 590);
  house(svg, between(rng, 500, 1100), 600, 0.55, look);
  svg.add(
    poly(
      [
        [200, H],
        [1400, H],
        [1000, 620],
        [600, 620],
      ],
      '#cdbf9f',
    ),
  );
  for (let i = 0; i < 60; i++) svg.add(ellipse(between(rng, 400, 1200), between(rng, 640, H), 4, 3, '#b3a584'));
  for (const x of [180, 1330]) svg.add(rect(x, 640, 90, 320, '#bcae96'), rect(x - 10, 620, 110, 30, '#a09381'));
  const car = pick(rng, ['#a33b32', '#35506e', '#d9d4c8', '#4f5a4a']);
  const cx = 760;
  svg.add(
    ellipse(cx, 935, 330, 24, '#000', 'opacity="0.2"'),
    path(
      `M${cx - 320},900 L${cx - 320},820 Q${cx - 300},780 ${cx - 200},770 L${cx - 130},700 Q${cx},680 ${cx + 130},700 L${cx + 210},770 Q${cx + 310},780 ${cx + 320},830 L${cx + 320},900 Z`,
      car,
    ),
  );
  svg.add(
    poly(
      [
        [cx - 115, 712],
        [cx - 10, 705],
        [cx - 10, 770],
        [cx - 180, 770],
      ],
      '#9fb4c2',
    ),
    poly(
      [
        [cx + 10, 705],
        [cx + 120, 712],
        [cx + 185, 770],
        [cx + 10, 770],
      ],
      '#9fb4c2',
    ),
  );
  for (const dx of [-200, 200]) svg.add(ellipse(cx + dx, 900, 58, 58, '#222'), ellipse(cx + dx, 900, 26, 26, '#aaa'));
  trees(svg, p, 600, 4, [300, 1300]);
}

export function exteriorScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  const p = palette(timeFromAlt(alt, rng), rng);
  const look = houseLook(svg, p.time === 'dusk' || p.time === 'night');
  if (/terrace|dining/i.test(alt)) return terrace(svg, p, look);
  if (/path/i.test(alt)) return gardenPath(svg, p);
  if (/barbecue|olive/i.test(alt)) return barbecue(svg, p, look);
  if (/door|bench/i.test(alt)) return frontDoor(svg, look);
  if (/parking|car/i.test(alt)) return parking(svg, p, look);
  backdrop(svg, p, 430, rng() > 0.5);
  const cx = between(rng, 620, 980);
  trees(svg, p, 640, 4, [cx - 420, cx + 420]);
  lawn(svg, p, 690);
  house(svg, cx, 700, between(rng, 0.95, 1.15), look);
  flowers(svg, 720, H, 10);
  trees(svg, p, H - 40, 2, [260, W - 260]);
}
