import type { Palette } from './palettes';
import type { Dice } from './seededRandom';

/**
 * One painter per look, each drawing on a 1000 × 1000 canvas. Shapes are big and few so a cover
 * still reads at 56 px; texture comes from the grain added after rasterising, not from fine lines.
 */
export type Painter = (dice: Dice, palette: Palette) => { defs?: string; body: string };

const point = (x: number, y: number) => `${x.toFixed(1)},${y.toFixed(1)}`;
const polar = (cx: number, cy: number, radius: number, degrees: number) => {
  const angle = (degrees * Math.PI) / 180;
  return point(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
};
const shuffled = <T>(dice: Dice, items: readonly T[]): T[] => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = dice.int(0, index);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
};

/** Trap: hard shards radiating from one point. */
const shards: Painter = (dice, { shapes, accent }) => {
  const cx = dice.between(380, 620);
  const cy = dice.between(380, 620);
  const start = dice.between(0, 360);
  const colours = shuffled(dice, [...shapes, accent]);
  const body = Array.from({ length: dice.int(4, 6) }, (_, index) => {
    const angle = start + index * dice.between(55, 80);
    const spread = dice.between(14, 30);
    return `<polygon points="${point(cx, cy)} ${polar(cx, cy, 1100, angle - spread)} ${polar(cx, cy, 1100, angle + spread)}" fill="${colours[index % colours.length]}" opacity="0.92"/>`;
  }).join('');
  return { body: `${body}<circle cx="${cx}" cy="${cy}" r="${dice.between(40, 80)}" fill="${accent}"/>` };
};

/** Hip hop: a disc of bold horizontal stripes, tilted. */
const stripedDisc: Painter = (dice, { shapes, accent }) => {
  const radius = dice.between(330, 400);
  const cx = 500 + dice.between(-60, 60);
  const cy = 500 + dice.between(-60, 60);
  let y = cy - radius;
  const stripes: string[] = [];
  for (let index = 0; y < cy + radius; index++) {
    const height = dice.between(50, 120);
    stripes.push(`<rect x="0" y="${y.toFixed(1)}" width="1000" height="${(height + 1).toFixed(1)}" fill="${[...shapes, accent][index % 4]}"/>`);
    y += height;
  }
  const tilt = dice.pick([-20, -10, 0, 10, 20]);
  return {
    defs: `<clipPath id="disc"><circle cx="${cx}" cy="${cy}" r="${radius}"/></clipPath>`,
    body:
      `<rect x="0" y="${dice.between(760, 860)}" width="1000" height="240" fill="${shapes[2]}" opacity="0.35"/>` +
      `<g clip-path="url(#disc)"><g transform="rotate(${tilt} ${cx} ${cy})">${stripes.join('')}</g></g>`,
  };
};

/** R&B: soft glowing orbs and one ring. */
const glowOrbs: Painter = (dice, { shapes, accent }) => {
  const colours = shuffled(dice, [...shapes, accent]);
  const defs = colours
    .map((colour, index) => `<radialGradient id="orb${index}"><stop offset="0" stop-color="${colour}"/><stop offset="0.55" stop-color="${colour}" stop-opacity="0.6"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`)
    .join('');
  const orbs = colours
    .map((_, index) => `<circle cx="${dice.between(150, 850).toFixed(1)}" cy="${dice.between(150, 850).toFixed(1)}" r="${dice.between(280, 480).toFixed(1)}" fill="url(#orb${index})"/>`)
    .join('');
  return { defs, body: `${orbs}<circle cx="500" cy="500" r="${dice.between(220, 300)}" fill="none" stroke="${accent}" stroke-width="26" opacity="0.85"/>` };
};

/** Drill: a cold grid of diamonds, filled or outlined. */
const diamondGrid: Painter = (dice, { shapes, accent }) => {
  const cells: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      const cx = 200 + column * 300;
      const cy = 200 + row * 300;
      const style = dice.between(0, 1);
      const colour = row === 1 && column === 1 ? accent : dice.pick(shapes);
      const diamond = `${point(cx, cy - 150)} ${point(cx + 150, cy)} ${point(cx, cy + 150)} ${point(cx - 150, cy)}`;
      if (style < 0.25) cells.push(`<polygon points="${diamond}" fill="none" stroke="${colour}" stroke-width="34" stroke-linejoin="round"/>`);
      else if (style < 0.85 || colour === accent) cells.push(`<polygon points="${diamond}" fill="${colour}"/>`);
    }
  }
  return { body: `<g transform="rotate(${dice.pick([0, 0, 45])} 500 500)">${cells.join('')}</g>` };
};

/** Lo-fi: a striped sun setting behind two hills. */
const sunset: Painter = (dice, { background, shapes, accent }) => {
  const cy = dice.between(470, 560);
  const radius = dice.between(230, 300);
  const gaps = Array.from({ length: 5 }, (_, index) => {
    const y = cy + index * (radius / 5);
    return `<rect x="0" y="${y.toFixed(1)}" width="1000" height="${(6 + index * 7).toFixed(1)}" fill="black"/>`;
  }).join('');
  const hill = (top: number, colour: string) => {
    const peak = dice.between(200, 800);
    return `<path d="M0,${(top + dice.between(-40, 40)).toFixed(1)} Q${peak.toFixed(1)},${(top - dice.between(120, 220)).toFixed(1)} 1000,${(top + dice.between(-40, 40)).toFixed(1)} L1000,1000 L0,1000 Z" fill="${colour}"/>`;
  };
  return {
    defs:
      `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${shapes[2]}"/></linearGradient>` +
      `<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="${shapes[0]}"/></linearGradient>` +
      `<mask id="sunStripes"><rect width="1000" height="1000" fill="white"/>${gaps}</mask>`,
    body:
      `<rect width="1000" height="1000" fill="url(#sky)"/>` +
      `<circle cx="500" cy="${cy.toFixed(1)}" r="${radius.toFixed(1)}" fill="url(#sun)" mask="url(#sunStripes)"/>` +
      hill(760, shapes[1]) +
      hill(860, background),
  };
};

/** Afrobeat: bold concentric rings and a zigzag band. */
const ringsAndZigzag: Painter = (dice, { shapes, accent, background }) => {
  const cx = dice.between(300, 700);
  const cy = dice.between(280, 560);
  const colours = [...shapes, accent];
  const rings = Array.from({ length: 6 }, (_, index) => `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${460 - index * 75}" fill="${index === 5 ? background : colours[index % 4]}"/>`).join('');
  const bandTop = dice.between(720, 800);
  const teeth = Array.from({ length: 11 }, (_, index) => `${point(index * 100, bandTop + 80)} ${point(index * 100 + 50, bandTop)}`).join(' ');
  return { body: `${rings}<polygon points="0,1000 ${teeth} 1000,${bandTop + 80} 1000,1000" fill="${dice.pick(shapes)}"/>` };
};

/** Pop: bubbles of every size. */
const bubbles: Painter = (dice, { shapes, accent }) => {
  const colours = [...shapes, accent];
  const circles = Array.from({ length: dice.int(6, 9) }, (_, index) => {
    const radius = index === 0 ? dice.between(280, 360) : dice.between(70, 240);
    return `<circle cx="${dice.between(100, 900).toFixed(1)}" cy="${dice.between(100, 900).toFixed(1)}" r="${radius.toFixed(1)}" fill="${colours[index % 4]}" opacity="${index === 0 ? 1 : 0.9}"/>`;
  }).join('');
  return { body: circles };
};

/** EDM: a sunburst with a pulsing centre. */
const sunburst: Painter = (dice, { shapes, accent }) => {
  const cx = dice.between(380, 620);
  const cy = dice.between(380, 620);
  const count = dice.pick([12, 16, 20]);
  const step = 360 / count;
  const rays = Array.from({ length: count / 2 }, (_, index) => {
    const angle = index * 2 * step;
    return `<polygon points="${point(cx, cy)} ${polar(cx, cy, 1200, angle)} ${polar(cx, cy, 1200, angle + step)}" fill="${shapes[0]}"/>`;
  }).join('');
  return {
    body:
      rays +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${dice.between(230, 290).toFixed(1)}" fill="${shapes[1]}"/>` +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${dice.between(120, 170).toFixed(1)}" fill="${accent}"/>` +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${dice.between(40, 70).toFixed(1)}" fill="${shapes[2]}"/>`,
  };
};

/** Reggaeton: thick waves rolling down the cover. */
const waves: Painter = (dice, { shapes, accent }) => {
  const colours = [...shapes, accent];
  const period = dice.between(350, 600);
  const amplitude = dice.between(40, 80);
  const phase = dice.between(0, period);
  const bands = Array.from({ length: 6 }, (_, index) => {
    const top = 60 + index * 160;
    const crests = Array.from({ length: 21 }, (_, step) => {
      const x = step * 50;
      return point(x, top + amplitude * Math.sin(((x + phase + index * 60) / period) * 2 * Math.PI));
    });
    return `<path d="M${crests.join(' L')} L1000,1000 L0,1000 Z" fill="${colours[index % 4]}"/>`;
  }).join('');
  return { body: bands };
};

/** Boom bap: a record sliding out of a bold sleeve. */
const vinyl: Painter = (dice, { shapes, accent, background }) => {
  const cx = dice.between(520, 600);
  const cy = dice.between(460, 540);
  const grooves = Array.from({ length: 5 }, (_, index) => `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${360 - index * 36}" fill="none" stroke="#2a2a2a" stroke-width="8"/>`).join('');
  const sleeveColour = dice.pick(shapes);
  return {
    body:
      `<rect x="${dice.between(40, 90).toFixed(1)}" y="${dice.between(120, 200).toFixed(1)}" width="560" height="700" fill="${sleeveColour}"/>` +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="400" fill="#111111"/>` +
      grooves +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="150" fill="${accent}"/>` +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="75" fill="${shapes.find((colour) => colour !== sleeveColour)}"/>` +
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="16" fill="${background}"/>` +
      `<polygon points="${point(cx, cy)} ${polar(cx, cy, 400, 200)} ${polar(cx, cy, 400, 240)}" fill="#ffffff" opacity="0.07"/>`,
  };
};

/** Sample packs: a drum machine's pads, some lit. */
export const pads: Painter = (dice, { shapes, accent }) => {
  const lit = [...shapes, accent];
  const cells: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 4; column++) {
      const fill = dice.chance(0.45) ? dice.pick(lit) : '#ffffff';
      const opacity = fill === '#ffffff' ? 0.1 : 1;
      cells.push(`<rect x="${90 + column * 210}" y="${90 + row * 210}" width="190" height="190" rx="26" fill="${fill}" opacity="${opacity}"/>`);
    }
  }
  return { body: `<rect x="50" y="50" width="900" height="900" rx="48" fill="#000000" opacity="0.35"/>${cells.join('')}` };
};

/** The EDM contacts list: an envelope with a signal. */
export const envelope: Painter = (_dice, { shapes, accent }) => ({
  body:
    `<circle cx="500" cy="500" r="420" fill="${shapes[2]}" opacity="0.18"/>` +
    `<rect x="170" y="300" width="660" height="440" rx="36" fill="${shapes[0]}"/>` +
    `<polygon points="170,330 500,580 830,330 830,300 170,300" fill="${shapes[1]}"/>` +
    `<circle cx="800" cy="300" r="90" fill="${accent}"/>`,
});

/** The PRO membership: a star in a badge. */
export const badge: Painter = (_dice, { shapes, accent }) => {
  const star = Array.from({ length: 10 }, (_, index) => polar(500, 520, index % 2 === 0 ? 300 : 130, -90 + index * 36)).join(' ');
  return {
    body:
      `<circle cx="500" cy="500" r="420" fill="${shapes[0]}"/>` +
      `<circle cx="500" cy="500" r="360" fill="none" stroke="${shapes[1]}" stroke-width="28"/>` +
      `<polygon points="${star}" fill="${accent}"/>`,
  };
};

/** Genre ids (shared GENRES) to their look; a genre with none gets the bubbles. */
export const GENRE_PAINTERS: Record<number, Painter> = {
  1: shards,
  2: stripedDisc,
  3: glowOrbs,
  4: diamondGrid,
  5: sunset,
  6: ringsAndZigzag,
  7: bubbles,
  8: sunburst,
  9: waves,
  10: vinyl,
};
export const DEFAULT_PAINTER = bubbles;
