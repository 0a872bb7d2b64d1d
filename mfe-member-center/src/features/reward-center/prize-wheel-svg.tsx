import type { PrizeWheelSegment } from '@platform/contract';
import styles from './reward-center.module.css';

// The wheel: equal slices clockwise from the top, segment 0 first, each with its label along its
// radius; the pointer and the picture's square stay put while the disc inside turns
// (reward-model.ts, rotationFor). The
// slices take four of the theme's colours in turn, so they change with the theme.

const SIZE = 200;
const CENTRE = SIZE / 2;
const RADIUS = 96;
/** Longer labels are cut on the wheel (the legend beside it has them whole). */
const LABEL_CHARS = 12;
const TONES = ['toneA', 'toneB', 'toneC', 'toneD'] as const;

const point = (degrees: number, radius: number) => {
  const radians = (degrees * Math.PI) / 180;
  return `${(CENTRE + radius * Math.sin(radians)).toFixed(3)} ${(CENTRE - radius * Math.cos(radians)).toFixed(3)}`;
};

function slicePath(index: number, count: number): string {
  const slice = 360 / count;
  const start = index * slice;
  const end = start + slice;
  return `M ${CENTRE} ${CENTRE} L ${point(start, RADIUS)} A ${RADIUS} ${RADIUS} 0 ${slice > 180 ? 1 : 0} 1 ${point(end, RADIUS)} Z`;
}

const shortLabel = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

export interface PrizeWheelSvgProps {
  segments: readonly PrizeWheelSegment[];
  /** Degrees, clockwise. */
  rotation: number;
  /** Names the picture for screen readers. */
  label: string;
  /** The segment that won, once the wheel has stopped. */
  landed: number | null;
  onTransitionEnd?: () => void;
}

export function PrizeWheelSvg({ segments, rotation, label, landed, onTransitionEnd }: PrizeWheelSvgProps) {
  const count = segments.length;
  const slice = 360 / count;
  // Three colours in turn when four would put one colour on both sides of the first slice.
  const tones = count % TONES.length === 1 ? TONES.slice(0, 3) : TONES;
  return (
    <div className={styles.wheelBox}>
      <span className={styles.pointer} aria-hidden="true" />
      <svg
        className={styles.wheel}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={label}
        data-testid="prize-wheel"
        data-rotation={rotation}
      >
        <circle className={styles.wheelRim} cx={CENTRE} cy={CENTRE} r={RADIUS + 3} />
        <g
          className={styles.disc}
          style={{ transform: `rotate(${rotation}deg)` }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget) onTransitionEnd?.();
          }}
          data-testid="prize-wheel-disc"
        >
          {segments.map((segment, index) => {
            const middle = index * slice + slice / 2;
            return (
              <g key={segment.index} className={styles[tones[index % tones.length]]} data-testid="wheel-segment" data-landed={landed === index || undefined}>
                <title>{segment.label}</title>
                {count === 1 ? (
                  <circle cx={CENTRE} cy={CENTRE} r={RADIUS} />
                ) : (
                  <path d={slicePath(index, count)} />
                )}
                {/* Along the slice's radius, from near the hub outwards. */}
                <text
                  className={styles.wheelLabel}
                  x={CENTRE + RADIUS * 0.58}
                  y={CENTRE}
                  textAnchor="middle"
                  dominantBaseline="central"
                  transform={`rotate(${middle - 90} ${CENTRE} ${CENTRE})`}
                >
                  {shortLabel(segment.label)}
                </text>
              </g>
            );
          })}
        </g>
        <circle className={styles.wheelHub} cx={CENTRE} cy={CENTRE} r={14} />
      </svg>
    </div>
  );
}
