import type { Palette } from './palettes';
import type { Dice } from './seededRandom';

/**
 * Producers get Bauhaus tiles: a square of quarter circles, halves and rings. Four tiles make the
 * avatar (it reads as a face-sized emblem in a 24 px circle), a row of them the banner, so a
 * producer's page and their picture belong together.
 */
function tile(dice: Dice, palette: Palette, x: number, y: number, size: number): string {
  const colours = [...palette.shapes, palette.accent];
  const ground = dice.pick(colours);
  const figure = dice.pick(colours.filter((colour) => colour !== ground));
  const square = `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${ground}"/>`;
  const half = size / 2;
  switch (dice.int(0, 4)) {
    case 0: {
      // A quarter circle grown from one corner.
      const corner = dice.int(0, 3);
      const cornerX = x + (corner % 2) * size;
      const cornerY = y + Math.floor(corner / 2) * size;
      const sweepX = cornerX === x ? x + size : x;
      const sweepY = cornerY === y ? y + size : y;
      return `${square}<path d="M${cornerX},${cornerY} L${sweepX},${cornerY} A${size},${size} 0 0 ${corner === 0 || corner === 3 ? 1 : 0} ${cornerX},${sweepY} Z" fill="${figure}"/>`;
    }
    case 1:
      return `${square}<circle cx="${x + half}" cy="${y + half}" r="${size * 0.38}" fill="${figure}"/>`;
    case 2:
      return `${square}<circle cx="${x + half}" cy="${y + half}" r="${size * 0.32}" fill="none" stroke="${figure}" stroke-width="${size * 0.14}"/>`;
    case 3:
      // A half circle standing on one side.
      return dice.chance(0.5)
        ? `${square}<path d="M${x},${y + size} A${half},${half} 0 0 1 ${x + size},${y + size} Z" fill="${figure}"/>`
        : `${square}<path d="M${x},${y} A${half},${half} 0 0 0 ${x + size},${y} Z" fill="${figure}"/>`;
    default:
      return `${square}<polygon points="${x},${y} ${x + size},${y + size} ${dice.chance(0.5) ? `${x},${y + size}` : `${x + size},${y}`}" fill="${figure}"/>`;
  }
}

export function avatarBody(dice: Dice, palette: Palette, size: number): string {
  const half = size / 2;
  return [tile(dice, palette, 0, 0, half), tile(dice, palette, half, 0, half), tile(dice, palette, 0, half, half), tile(dice, palette, half, half, half)].join('');
}

export function bannerBody(dice: Dice, palette: Palette, width: number, height: number): string {
  const size = height / 2;
  const tiles: string[] = [];
  for (let row = 0; row < 2; row++) {
    for (let column = 0; column * size < width; column++) tiles.push(tile(dice, palette, column * size, row * size, size));
  }
  return tiles.join('');
}
