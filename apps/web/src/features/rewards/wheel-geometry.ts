/**
 * Geometry of the prize wheel. Segments run clockwise from the top in wheel order, each
 * 360 / count degrees wide; the pointer sits at the top. Rotations are clockwise degrees.
 */
export const segmentSweep = (count: number): number => (count > 0 ? 360 / count : 360);

/** The angle (clockwise from the top) of the middle of segment `index`. */
export const segmentCenterAngle = (index: number, count: number): number => (index + 0.5) * segmentSweep(count);

/**
 * The wheel rotation that stops with segment `index` under the top pointer, at least `turns` full
 * turns beyond `currentRotation` so the wheel visibly spins forward. Always greater than
 * `currentRotation`; `targetRotation % 360` puts the segment's middle at the top.
 */
export function targetRotation(currentRotation: number, index: number, count: number, turns = 5): number {
  const resting = mod(360 - segmentCenterAngle(index, count), 360);
  const base = currentRotation - mod(currentRotation, 360);
  let target = base + resting + turns * 360;
  while (target - currentRotation < turns * 360) target += 360;
  return target;
}

/** Which segment is under the top pointer for a rotation (the inverse of targetRotation). */
export function segmentAtPointer(rotation: number, count: number): number {
  if (count <= 0) return -1;
  return Math.floor(mod(360 - mod(rotation, 360), 360) / segmentSweep(count)) % count;
}

/** A point on the circle of `radius` around (cx, cy) at `angle` degrees clockwise from the top. */
export function pointAt(cx: number, cy: number, radius: number, angle: number): { x: number; y: number } {
  const radians = ((angle - 90) * Math.PI) / 180;
  return { x: cx + radius * Math.cos(radians), y: cy + radius * Math.sin(radians) };
}

/** SVG path of segment `index` of `count` as a pie slice. */
export function segmentPath(cx: number, cy: number, radius: number, index: number, count: number): string {
  const sweep = segmentSweep(count);
  if (count <= 1) return `M ${cx - radius} ${cy} a ${radius} ${radius} 0 1 0 ${radius * 2} 0 a ${radius} ${radius} 0 1 0 ${-radius * 2} 0 Z`;
  const start = pointAt(cx, cy, radius, index * sweep);
  const end = pointAt(cx, cy, radius, (index + 1) * sweep);
  const largeArc = sweep > 180 ? 1 : 0;
  return `M ${cx} ${cy} L ${round(start.x)} ${round(start.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${round(end.x)} ${round(end.y)} Z`;
}

/**
 * The rotation (degrees, SVG, in the wheel's own frame) of a label written along the radius of the
 * segment whose middle is at `centerAngle`, for a wheel that rests at `wheelRotation`: on the
 * screen's right half it reads from the hub outwards, on the left half from the rim inwards, so no
 * label is upside down where the wheel comes to rest (the labels take the final orientation as
 * the spin starts, unseen at that speed).
 */
export function readableLabelRotation(centerAngle: number, wheelRotation = 0): number {
  const onScreen = mod(centerAngle + wheelRotation, 360);
  return onScreen > 180 ? centerAngle + 90 : centerAngle - 90;
}

/**
 * The rotation (degrees, SVG, in the wheel's own frame) that writes a label level on screen, left
 * to right, for a wheel resting at `wheelRotation`: the winning label, under the pointer at the
 * top, where a label along the radius would stand on its end (issue 26 §3).
 */
export function uprightLabelRotation(wheelRotation: number): number {
  const upright = -mod(wheelRotation, 360);
  return upright === 0 ? 0 : upright; // never -0
}

/** Thai vowel and tone marks drawn above or below a letter: they take no width of their own. */
const THAI_COMBINING_MARKS = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g;
/** A rough width of one Thai letter or digit, in ems, for fitting a label into its band. */
const CHARACTER_WIDTH_EM = 0.58;
const MIN_LABEL_SIZE = 8;

/** How many letters wide a label is, marks not counted. */
export const visibleLength = (text: string): number => text.replace(THAI_COMBINING_MARKS, '').length;

/**
 * How a prize label fits its band along the radius: one line, or two split at the space nearest
 * the middle when it is long and the segments are wide enough; the font shrinks until the longest
 * line fits (never below 8). The whole label is always shown, never cut with an ellipsis.
 */
export function labelLayout(label: string, options: { bandLength: number; baseSize: number; allowTwoLines: boolean }): { lines: string[]; fontSize: number } {
  const text = label.trim();
  const fits = (lines: string[]) => Math.min(options.baseSize, options.bandLength / (Math.max(...lines.map(visibleLength)) * CHARACTER_WIDTH_EM));
  const single = [text];
  let lines = single;
  if (options.allowTwoLines && fits(single) < options.baseSize) {
    const split = splitNearMiddle(text);
    if (split && fits(split) > fits(single)) lines = split;
  }
  return { lines, fontSize: Math.max(MIN_LABEL_SIZE, Math.floor(fits(lines) * 10) / 10) };
}

function splitNearMiddle(text: string): [string, string] | null {
  const middle = text.length / 2;
  let best = -1;
  for (let index = text.indexOf(' '); index !== -1; index = text.indexOf(' ', index + 1)) {
    if (best === -1 || Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return best === -1 ? null : [text.slice(0, best).trim(), text.slice(best + 1).trim()];
}

const mod = (value: number, by: number) => ((value % by) + by) % by;
const round = (value: number) => Math.round(value * 1000) / 1000;
