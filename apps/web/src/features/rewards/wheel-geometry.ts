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

const mod = (value: number, by: number) => ((value % by) + by) % by;
const round = (value: number) => Math.round(value * 1000) / 1000;
