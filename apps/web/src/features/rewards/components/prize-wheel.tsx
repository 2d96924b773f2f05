import type { WheelPrize } from '../api/schemas.ts';
import { labelLayout, pointAt, readableLabelRotation, segmentCenterAngle, segmentPath, segmentSweep, uprightLabelRotation } from '../wheel-geometry.ts';

const SIZE = 300;
const CENTER = SIZE / 2;
const RADIUS = 140;
/** How long the wheel takes to come to rest on the drawn segment. */
export const LANDING_DURATION_MS = 4_500;

/** Labels sit between these fractions of the radius: clear of the hub and of the pointer's tip (0.9). */
const LABEL_INNER = 0.3;
const LABEL_OUTER = 0.8;

/**
 * The prize wheel as an SVG: one pie slice per prize in wheel order, clockwise from the top, the
 * label written along the radius so it reads left to right on both halves (never upside down),
 * in a band the pointer does not cover; the winning label (`highlightedIndex`, under the pointer
 * at the top) is written level instead. `rotation` turns the wheel (CSS transform, eased); while
 * `isWaiting` the wheel spins freely until the server's draw is known; `highlightedIndex` marks
 * the segment it came to rest on.
 */
export function PrizeWheel({
  prizes,
  rotation,
  isWaiting,
  onLanded,
  highlightedIndex = null,
}: {
  prizes: WheelPrize[];
  rotation: number;
  isWaiting: boolean;
  onLanded: () => void;
  highlightedIndex?: number | null;
}) {
  const count = prizes.length;
  const baseSize = count > 10 ? 10 : count > 6 ? 12 : 14;
  const bandLength = RADIUS * (LABEL_OUTER - LABEL_INNER);
  const labelRadius = RADIUS * ((LABEL_INNER + LABEL_OUTER) / 2);
  // A level label spans its segment's width at the label's radius (a little inside the edges), at most the radial band.
  const uprightBand = Math.min(bandLength, 2 * labelRadius * Math.sin((Math.min(segmentSweep(count), 180) * Math.PI) / 360) * 0.9);
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[320px]" data-testid="prize-wheel">
      <div
        className="absolute inset-0"
        style={{ transform: `rotate(${rotation}deg)`, transition: `transform ${LANDING_DURATION_MS}ms cubic-bezier(0.15, 0.7, 0.1, 1)` }}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget) onLanded();
        }}
        data-testid="prize-wheel-rotor"
        data-rotation={rotation}
      >
        <div className={`size-full ${isWaiting ? 'animate-spin [animation-duration:600ms]' : ''}`}>
          <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="size-full drop-shadow-xl" role="img" aria-label={prizes.map((prize) => prize.label).join(', ')}>
            <circle cx={CENTER} cy={CENTER} r={RADIUS + 6} fill="var(--sabai-primary)" />
            {prizes.map((prize, index) => {
              const center = segmentCenterAngle(index, count);
              const label = pointAt(CENTER, CENTER, labelRadius, center);
              const isHighlighted = index === highlightedIndex;
              // The winning label, under the pointer, is written level (not standing on its end) across its segment.
              const layout = isHighlighted
                ? labelLayout(prize.label, { bandLength: uprightBand, baseSize, allowTwoLines: true })
                : labelLayout(prize.label, { bandLength, baseSize, allowTwoLines: count <= 8 });
              return (
                <g key={prize.id} data-testid="wheel-segment" data-highlighted={isHighlighted}>
                  <path
                    d={segmentPath(CENTER, CENTER, RADIUS, index, count)}
                    fill={isHighlighted ? 'var(--sabai-primary)' : index % 2 === 0 ? 'var(--sabai-secondary)' : 'var(--sabai-background)'}
                    stroke={isHighlighted ? 'white' : 'var(--sabai-primary)'}
                    strokeWidth={isHighlighted ? 3 : 1.5}
                  />
                  <text
                    transform={`rotate(${isHighlighted ? uprightLabelRotation(rotation) : readableLabelRotation(center, rotation)} ${label.x} ${label.y})`}
                    textAnchor="middle"
                    fontSize={layout.fontSize}
                    fontWeight={700}
                    fill={isHighlighted ? 'var(--sabai-background)' : 'white'}
                  >
                    {layout.lines.map((line, lineIndex) => (
                      <tspan key={lineIndex} x={label.x} y={label.y + (lineIndex - (layout.lines.length - 1) / 2) * layout.fontSize * 1.2} dominantBaseline="middle">
                        {line}
                      </tspan>
                    ))}
                  </text>
                </g>
              );
            })}
            {count > 1 &&
              prizes.map((prize, index) => {
                const dot = pointAt(CENTER, CENTER, RADIUS + 3, index * segmentSweep(count));
                return <circle key={`dot-${prize.id}`} cx={dot.x} cy={dot.y} r={2.5} fill="white" />;
              })}
            <circle cx={CENTER} cy={CENTER} r={22} fill="var(--sabai-primary)" stroke="white" strokeWidth={3} />
          </svg>
        </div>
      </div>
      {/* The pointer stays still at the top; its tip ends outside the label band. */}
      <svg viewBox="0 0 40 40" className="absolute left-1/2 top-0 size-9 -translate-x-1/2 -translate-y-3 drop-shadow" aria-hidden="true" data-testid="wheel-pointer">
        <path d="M20 38 L6 8 Q20 0 34 8 Z" fill="white" stroke="var(--sabai-primary)" strokeWidth={3} strokeLinejoin="round" />
      </svg>
    </div>
  );
}
