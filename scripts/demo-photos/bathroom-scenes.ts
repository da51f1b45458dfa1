// Bathrooms: the walk-in shower, basin and mirror, towels, and the outdoor shower in the garden,
// chosen from the alt text.
import { stones } from './house.js';
import { palette, pine, ridge, sky, timeFromAlt } from './landscape.js';
import { plant, roomShell, sideWindow } from './room.js';
import type { Room } from './room.js';
import type { Svg } from './svg-kit.js';
import { between, circle, ellipse, H, line, pick, poly, rect, tint, W } from './svg-kit.js';

function tiles(svg: Svg, room: Room, top: number, tile: string) {
  svg.add(rect(room.x0, top, room.x1 - room.x0, room.y1 - top, tile));
  const grout = tint(tile, 0, -0.1);
  for (let y = top; y < room.y1; y += 44) svg.add(rect(room.x0, y, room.x1 - room.x0, 2, grout));
  for (let x = room.x0; x < room.x1; x += 44) svg.add(rect(x, top, 2, room.y1 - top, grout));
}

function shower(svg: Svg, room: Room, x: number) {
  svg.add(rect(x + 150, room.y0 + 60, 10, 120, '#b8b8b4'), ellipse(x + 155, room.y0 + 190, 50, 14, '#c9c9c4'));
  for (let i = 0; i < 14; i++)
    svg.add(line(x + 115 + i * 6, room.y0 + 205, x + 90 + i * 10, room.y1 - 20, '#ffffff', 2, 'opacity="0.45"'));
  svg.add(
    rect(x, room.y0 + 30, 320, room.y1 - room.y0 - 20, '#cfe6ee', 'opacity="0.25" stroke="#e8f3f6" stroke-width="6"'),
    line(x + 40, room.y0 + 200, x + 140, room.y0 + 60, '#ffffff', 10, 'opacity="0.4"'),
  );
  svg.add(ellipse(x + 150, room.y1 + 30, 30, 8, '#8a8a86'));
}

function basin(svg: Svg, room: Room, cx: number) {
  const y = room.y1 - 230;
  svg.add(
    rect(cx - 190, y, 380, 230, tint(room.wood, 0, -0.04)),
    rect(cx - 170, y + 40, 165, 170, tint(room.wood, 0, 0.04)),
    rect(cx + 5, y + 40, 165, 170, tint(room.wood, 0, 0.04)),
  );
  svg.add(
    ellipse(cx, y - 10, 130, 30, '#ffffff'),
    ellipse(cx, y - 14, 100, 18, '#e3e7ea'),
    rect(cx - 6, y - 70, 12, 50, '#b8b8b4'),
    rect(cx - 6, y - 70, 40, 10, '#b8b8b4'),
  );
  const my = room.y0 + 60;
  svg.add(
    rect(
      cx - 170,
      my,
      340,
      y - my - 90,
      svg.linear(
        [
          [0, '#dfe9ee'],
          [1, '#b9c9d2'],
        ],
        [0, 0, 1, 1],
      ),
      'rx="18" stroke="#c9b88f" stroke-width="10"',
    ),
    line(cx - 110, my + 140, cx - 20, my + 40, '#ffffff', 14, 'opacity="0.5"'),
  );
  for (const dx of [-230, 230])
    svg.add(
      circle(cx + dx, my + 60, 22, '#ffe6a8'),
      circle(
        cx + dx,
        my + 60,
        60,
        svg.radial([
          [0, '#ffe6a8', 0.5],
          [1, '#ffe6a8', 0],
        ]),
      ),
    );
}

function towels(svg: Svg, room: Room, x: number, stack: boolean) {
  const rng = svg.rng;
  svg.add(rect(x, room.y0 + 150, 440, 12, '#b8b8b4'));
  for (let i = 0; i < 3; i++) {
    const color = pick(rng, ['#f3efe6', '#9fc3c9', '#e2c9a8', '#c7d3cf', '#d9a6a0']);
    svg.add(
      rect(x + 20 + i * 140, room.y0 + 150, 120, 260, color, 'rx="6"'),
      rect(x + 20 + i * 140, room.y0 + 360, 120, 14, tint(color, 0, -0.1)),
    );
  }
  if (!stack) return;
  svg.add(rect(x + 500, room.y1 - 180, 300, 180, tint(room.wood, 0, -0.05)));
  for (let i = 0; i < 4; i++)
    svg.add(rect(x + 520, room.y1 - 216 - i * 36, 260, 34, pick(rng, ['#f3efe6', '#ffffff', '#9fc3c9']), 'rx="10"'));
}

function outdoorShower(svg: Svg, alt: string) {
  const rng = svg.rng;
  const p = palette(timeFromAlt(alt, rng), rng);
  sky(svg, p, 420);
  ridge(svg, 420, 120, p.hills[1], true, 440);
  svg.add(rect(0, 430, W, H - 430, p.grass));
  stones(svg, 0, 330, W, 260, '#c9bda6', 46);
  for (let i = 0; i < 5; i++) pine(svg, between(rng, 0, W), 340, between(rng, 260, 360), p.hills[2]);
  svg.add(
    poly(
      [
        [300, H],
        [1300, H],
        [1100, 700],
        [500, 700],
      ],
      '#a8825c',
    ),
  );
  for (let i = 1; i < 9; i++) svg.add(rect(500 - i * 25, 700 + i * 42, 600 + i * 50, 5, '#8a6a48'));
  svg.add(rect(760, 180, 50, 560, '#8a6444'), rect(810, 220, 120, 14, '#b8b8b4'), ellipse(930, 245, 50, 16, '#c9c9c4'));
  for (let i = 0; i < 12; i++) svg.add(line(900 + i * 5, 260, 870 + i * 10, 690, '#ffffff', 2, 'opacity="0.5"'));
  plant(svg, 320, 760, 1.6);
  plant(svg, 1280, 760, 1.4);
  svg.add(rect(750, 420, 70, 170, pick(rng, ['#9fc3c9', '#e2c9a8', '#f3efe6']), 'rx="8"'));
}

export function bathroomScene(svg: Svg, alt: string) {
  const rng = svg.rng;
  if (/outdoor|garden/i.test(alt)) return outdoorShower(svg, alt);
  const room = roomShell(svg, alt, 'tiles', false, pick(rng, ['#eef0ee', '#f1ece2', '#e4ebe8']));
  tiles(svg, room, room.y1 - 320, pick(rng, ['#dfe9ee', '#e8e2d6', '#cfdcd6', '#f3f1ec']));
  const cx = (room.x0 + room.x1) / 2;
  if (/shower/i.test(alt)) {
    tiles(svg, room, room.y0, pick(rng, ['#cfdcd6', '#dfe9ee']));
    shower(svg, room, cx + 30);
    towels(svg, room, room.x0 + 10, false);
  } else if (/towel/i.test(alt)) {
    towels(svg, room, room.x0 + 40, true);
    plant(svg, room.x0 + 60, room.y1 + 60, 1);
  } else basin(svg, room, cx);
  if (rng() > 0.5) sideWindow(svg, room, 0.4, 0.75, 0.2, 0.45);
}
