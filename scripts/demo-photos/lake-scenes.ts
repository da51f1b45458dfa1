// Lake views: water between wooded hills, with the jetty, canoe, boards or vests the alt text names.
import { lake, mist, olive, palette, pine, ridge, roundTree, sky, timeFromAlt } from './landscape.js';
import type { Palette } from './landscape.js';
import type { Svg } from './svg-kit.js';
import { between, ellipse, H, line, path, pick, poly, rect, tint, W } from './svg-kit.js';

function canoe(svg: Svg, x: number, y: number, len: number, color: string) {
  const d = len * 0.06;
  svg.add(ellipse(x + len / 2, y + d * 1.6, len * 0.52, d * 0.6, '#000', 'opacity="0.18"'));
  svg.add(
    path(
      `M${x},${y - d} Q${x + len / 2},${y + d * 0.4} ${x + len},${y - d} C${x + len * 0.9},${y + d * 1.8} ${x + len * 0.1},${y + d * 1.8} ${x},${y - d} Z`,
      color,
    ),
  );
  svg.add(
    path(
      `M${x},${y - d} Q${x + len / 2},${y + d * 0.4} ${x + len},${y - d} Q${x + len / 2},${y + d * 0.9} ${x},${y - d} Z`,
      tint(color, 0, 0.15),
    ),
  );
}

function paddle(svg: Svg, x: number, y: number, len: number, angle: number, color: string) {
  svg.add(
    `<g transform="rotate(${angle} ${x} ${y})">${rect(x - 3, y - len, 6, len, '#3a3a3a')}${ellipse(x, y - len, 14, 42, color)}</g>`,
  );
}

function jetty(svg: Svg, horizon: number, p: Palette) {
  const rng = svg.rng;
  const cx = between(rng, W * 0.35, W * 0.6);
  const far = horizon + 70;
  const wood = pick(rng, ['#9a7452', '#8a6a4c', '#a88460']);
  const deck = poly(
    [
      [cx - 360, H],
      [cx + 360, H],
      [cx + 70, far],
      [cx - 70, far],
    ],
    wood,
  );
  svg.add(deck);
  for (let i = 1; i < 16; i++) {
    const t = Math.pow(i / 16, 1.8);
    const y = far + (H - far) * t;
    const half = 70 + 290 * t;
    svg.add(rect(cx - half, y, half * 2, 2 + t * 3, tint(wood, 0, -0.15)));
  }
  for (const side of [-1, 1])
    svg.add(
      rect(cx + side * 80 - 5, far - 40, 10, 60, tint(wood, 0, -0.2)),
      rect(cx + side * 380 - 14, H - 260, 28, 260, tint(wood, 0, -0.2)),
    );
  canoe(svg, cx + between(rng, 140, 260), horizon + 210, 430, pick(rng, ['#c4452d', '#d6682a', '#2f7a8a']));
  svg.add(line(cx + 85, far + 20, cx + 190, horizon + 196, '#e8dcc0', 3));
  if (p.time !== 'night') paddle(svg, cx - 120, H - 60, 300, -70, '#e0b040');
}

/** A sandy or grassy band at the bottom of the picture, with reeds. */
function shore(svg: Svg, top: number, p: Palette, sandy: boolean) {
  const rng = svg.rng;
  const ground = sandy ? tint('#d8c39a', 0, p.time === 'night' ? -0.45 : p.time === 'sunset' ? -0.2 : 0) : p.grass;
  svg.add(
    path(
      `M0,${top + 30} Q${W * 0.3},${top - 30} ${W * 0.55},${top + 10} T${W},${top - 10} L${W},${H} L0,${H} Z`,
      ground,
    ),
  );
  for (let i = 0; i < 5; i++)
    svg.add(
      ellipse(
        between(rng, 0, W),
        between(rng, top + 60, H),
        between(rng, 30, 70),
        between(rng, 14, 26),
        tint('#8a8478', 0, between(rng, -0.1, 0.1)),
      ),
    );
  for (let i = 0; i < 24; i++) {
    const x = between(rng, 0, W * 0.25) + (rng() > 0.5 ? W * 0.75 : 0);
    svg.add(line(x, top + 40, x + between(rng, -20, 20), top - between(rng, 20, 90), tint(p.grass, 0, -0.1), 3));
  }
}

function boards(svg: Svg, top: number) {
  const rng = svg.rng;
  for (let i = 0; i < 3; i++) {
    const x = 360 + i * 300 + between(rng, -40, 40);
    const y = top + 120 + i * 40;
    const color = pick(rng, ['#2bb3b1', '#f2c94c', '#f4f1ea', '#e96f4c', '#3a78c2']);
    svg.add(
      `<g transform="rotate(${between(rng, -12, 12).toFixed(1)} ${x + 220} ${y})">${rect(x, y - 32, 440, 64, color, 'rx="32"')}${rect(x + 40, y - 4, 360, 8, tint(color, 0, -0.2))}</g>`,
    );
  }
  paddle(svg, 1300, H - 40, 420, 25, '#333');
}

function vests(svg: Svg, top: number) {
  const rng = svg.rng;
  svg.add(
    rect(200, top - 40, 1000, 14, '#7b5a3e'),
    rect(230, top - 40, 14, 230, '#6b4d36'),
    rect(1160, top - 40, 14, 230, '#6b4d36'),
  );
  for (let i = 0; i < 4; i++) {
    const x = 300 + i * 220;
    const color = pick(rng, ['#f26b21', '#f6a11a', '#e84c3d']);
    svg.add(line(x, top - 40, x, top - 20, '#333', 3));
    svg.add(
      path(`M${x - 40},${top - 20} l-25,25 l0,150 q65,18 130,0 l0,-150 l-25,-25 l-18,0 l-22,50 l-22,-50 Z`, color),
    );
    svg.add(
      rect(x - 2, top + 30, 4, 140, '#333'),
      rect(x - 65, top + 80, 130, 7, '#222'),
      rect(x - 65, top + 125, 130, 7, '#222'),
    );
  }
  paddle(svg, 1320, H - 30, 460, -8, '#2f6f9f');
  paddle(svg, 1400, H - 30, 460, 6, '#2f6f9f');
}

/** Wooded banks closing in on both sides, rocks at the water's edge and a strip of sand. */
function cove(svg: Svg, horizon: number, p: Palette) {
  const rng = svg.rng;
  for (const side of [0, 1]) {
    const x0 = side ? W : 0;
    const dir = side ? -1 : 1;
    const reach = between(rng, 380, 520);
    svg.add(
      path(
        `M${x0},${horizon - 60} C${x0 + dir * reach * 0.6},${horizon - 40} ${x0 + dir * reach},${horizon + 120} ${x0 + dir * reach * 0.8},${H - 160} L${x0},${H - 120} Z`,
        tint(p.hills[2], 0, 0.04),
      ),
    );
    for (let i = 0; i < 5; i++)
      svg.add(
        ellipse(
          x0 + dir * (reach * 0.8 - i * 60 + between(rng, 0, 30)),
          horizon + 140 + i * 70,
          between(rng, 40, 80),
          between(rng, 22, 36),
          tint('#8f877a', 0, between(rng, -0.1, 0.08)),
        ),
      );
    for (let i = 0; i < 4; i++)
      pine(
        svg,
        x0 + dir * between(rng, 20, reach * 0.5),
        horizon + between(rng, -10, 120),
        between(rng, 240, 360),
        tint(p.hills[2], 0, -0.04),
      );
  }
  svg.add(path(`M0,${H} Q${W / 2},${H - 150} ${W},${H} Z`, tint('#d8c39a', 0, p.time === 'morning' ? -0.05 : 0)));
}

export function lakeScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  const p = palette(timeFromAlt(alt, rng), rng);
  const horizon = Math.round(between(rng, H * 0.42, H * 0.52));
  const { sunX } = sky(svg, p, horizon);
  ridge(svg, horizon - 40, 110, p.hills[0], false, horizon + 2);
  const near = ridge(svg, horizon + 2, 90, p.hills[2], true, horizon + 4);
  const shoreTop = H - between(rng, 200, 280);
  const foreground = /jetty|canoe/i.test(alt)
    ? 'jetty'
    : /paddle board/i.test(alt)
      ? 'boards'
      : /vest|paddles/i.test(alt)
        ? 'vests'
        : /cove|swim/i.test(alt)
          ? 'cove'
          : pick(rng, ['open', 'trees']);
  lake(svg, p, horizon, foreground === 'jetty' || foreground === 'cove' ? H : shoreTop + 40, near, sunX);
  if (p.time === 'morning') mist(svg, horizon, /mist/i.test(alt) ? 0.75 : 0.35);
  if (foreground === 'jetty') jetty(svg, horizon, p);
  else if (foreground === 'cove') cove(svg, horizon, p);
  else shore(svg, shoreTop, p, foreground !== 'trees');
  if (foreground === 'boards') boards(svg, shoreTop);
  if (foreground === 'vests') vests(svg, shoreTop);
  if (foreground === 'trees' || /from the house|terrace/i.test(alt)) {
    pine(svg, between(rng, 60, 200), H - 60, 700, tint(p.hills[2], 0, -0.05));
    if (p.time === 'night' || p.time === 'sunset')
      roundTree(svg, W - between(rng, 80, 200), H - 40, 520, tint(p.hills[2], 0, -0.08));
    else olive(svg, W - between(rng, 120, 240), H - 20, 560);
  }
}
