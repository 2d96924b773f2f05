import type { WheelPrize } from '../api/schemas.ts';
import { pointAt, segmentCenterAngle, segmentPath, segmentSweep } from '../wheel-geometry.ts';

const SIZE = 300;
const CENTER = SIZE / 2;
const RADIUS = 140;
/** How long the wheel takes to come to rest on the drawn segment. */
export const LANDING_DURATION_MS = 4_500;

/**
 * The prize wheel as an SVG: one pie slice per prize in wheel order, clockwise from the top, the
 * label written along the radius. `rotation` turns the wheel (CSS transform, eased); while
 * `isWaiting` the wheel spins freely until the server's draw is known.
 */
export function PrizeWheel({
  prizes,
  rotation,
  isWaiting,
  onLanded,
}: {
  prizes: WheelPrize[];
  rotation: number;
  isWaiting: boolean;
  onLanded: () => void;
}) {
  const count = prizes.length;
  const labelSize = count > 10 ? 10 : count > 6 ? 12 : 14;
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
              const label = pointAt(CENTER, CENTER, RADIUS * 0.6, center);
              return (
                <g key={prize.id} data-testid="wheel-segment">
                  <path
                    d={segmentPath(CENTER, CENTER, RADIUS, index, count)}
                    fill={index % 2 === 0 ? 'var(--sabai-secondary)' : 'var(--sabai-background)'}
                    stroke="var(--sabai-primary)"
                    strokeWidth={1.5}
                  />
                  <text
                    x={label.x}
                    y={label.y}
                    transform={`rotate(${center - 90} ${label.x} ${label.y})`}
                    textAnchor="middle"
                    dominantBaseline="middle"
                    fontSize={labelSize}
                    fontWeight={700}
                    fill="white"
                  >
                    {shorten(prize.label)}
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
      {/* The pointer stays still at the top. */}
      <svg viewBox="0 0 40 40" className="absolute left-1/2 top-0 size-10 -translate-x-1/2 -translate-y-2 drop-shadow" aria-hidden="true">
        <path d="M20 38 L6 8 Q20 0 34 8 Z" fill="white" stroke="var(--sabai-primary)" strokeWidth={3} strokeLinejoin="round" />
      </svg>
    </div>
  );
}

const MAX_LABEL = 14;
const shorten = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);
