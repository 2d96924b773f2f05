// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { readableLabelRotation, segmentCenterAngle } from '../wheel-geometry.ts';
import { PrizeWheel } from './prize-wheel.tsx';

const prizes = ['เครดิต 10 บาท', 'ไม่ได้รางวัล', 'เครดิต 20 บาท', 'เครดิต 50 บาท', 'เครดิต 100 บาท', 'เครดิต 500 บาท'].map((label, index) => ({
  id: index + 1,
  label,
  kind: label.startsWith('เครดิต') ? ('credit' as const) : ('nothing' as const),
  Amount: 0,
  sortOrder: index,
}));

describe('PrizeWheel (issue 14 §4)', () => {
  it('writes every label whole (never cut with …) and marks the segment it came to rest on', () => {
    render(<PrizeWheel prizes={prizes} rotation={0} isWaiting={false} onLanded={() => undefined} highlightedIndex={4} />);
    const segments = screen.getAllByTestId('wheel-segment');
    expect(segments.map((segment) => [...segment.querySelectorAll('tspan')].map((line) => line.textContent).join(' '))).toEqual(prizes.map((prize) => prize.label));
    expect(segments.map((segment) => segment.getAttribute('data-highlighted'))).toEqual(['false', 'false', 'false', 'false', 'true', 'false']);
    expect(screen.getByTestId('prize-wheel').textContent).not.toContain('…');
  });

  it('writes the winning label level under the pointer (upright on screen), the others along their radius', () => {
    // Segment 4 of 6 (centre 270°) under the pointer at the top: the wheel rests at 90° (+ 3 turns).
    render(<PrizeWheel prizes={prizes} rotation={1_170} isWaiting={false} onLanded={() => undefined} highlightedIndex={4} />);
    const angles = screen.getAllByTestId('wheel-segment').map((segment) => Number(/rotate\((-?[\d.]+)/.exec(segment.querySelector('text')!.getAttribute('transform')!)![1]));
    const onScreen = (angle: number) => (((angle + 1_170) % 360) + 360) % 360;
    expect(onScreen(angles[4]!)).toBe(0);
    for (const [index, angle] of angles.entries()) if (index !== 4) expect(angle).toBe(readableLabelRotation(segmentCenterAngle(index, prizes.length), 1_170));
    const winner = screen.getAllByTestId('wheel-segment')[4]!;
    expect([...winner.querySelectorAll('tspan')].map((line) => line.textContent).join(' ')).toBe('เครดิต 100 บาท');
  });
});
