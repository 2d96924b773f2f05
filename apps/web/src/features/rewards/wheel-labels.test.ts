import { describe, expect, it } from 'vitest';
import { labelLayout, readableLabelRotation, visibleLength } from './wheel-geometry.ts';

/** The label's direction on screen, degrees clockwise from "left to right" (0 = upright). */
const onScreen = (centerAngle: number, wheelRotation: number) => (((readableLabelRotation(centerAngle, wheelRotation) + wheelRotation) % 360) + 360) % 360;

describe('wheel labels read the right way up (issue 14 §4)', () => {
  it.each([30, 90, 150, 210, 270, 330])('the segment at %i° of a wheel at rest is never upside down', (center) => {
    const angle = onScreen(center, 0);
    expect(angle <= 90 || angle >= 270).toBe(true);
  });

  it.each([[30, 1_950], [210, 1_830], [270, 3_705]])('nor where the wheel comes to rest (segment %i°, wheel at %i°)', (center, rotation) => {
    const angle = onScreen(center, rotation);
    expect(angle <= 90 || angle >= 270).toBe(true);
  });

  it('keeps a whole label on one line when it fits, and splits a long one at a space rather than shrink it', () => {
    expect(labelLayout('ไม่ได้รางวัล', { bandLength: 70, baseSize: 14, allowTwoLines: true })).toEqual({ lines: ['ไม่ได้รางวัล'], fontSize: expect.any(Number) });
    const long = labelLayout('เครดิต 500 บาท', { bandLength: 70, baseSize: 14, allowTwoLines: true });
    expect(long.lines).toEqual(['เครดิต', '500 บาท']);
    expect(long.fontSize).toBe(14);
  });

  it('never cuts a label: with no room for two lines the font shrinks, not the text', () => {
    const layout = labelLayout('เครดิต 500 บาท', { bandLength: 70, baseSize: 10, allowTwoLines: false });
    expect(layout.lines).toEqual(['เครดิต 500 บาท']);
    expect(layout.fontSize).toBeLessThanOrEqual(10);
    expect(layout.fontSize).toBeGreaterThanOrEqual(8);
  });

  it('counts Thai vowel and tone marks as no width', () => {
    expect(visibleLength('เครดิต')).toBe(5);
    expect(visibleLength('ไม่ได้')).toBe(4);
  });
});
