import type { ReactNode } from 'react';
import layout from './agent-page.module.css';

export interface FigureCardProps {
  label: string;
  value: string;
  /** The card's data-testid; its value's is `${testId}-value`. */
  testId: string;
  /** A second line under the value (a count beside an amount). */
  detail?: ReactNode;
  /** Set apart: on a raised surface, or as the sum of the others across the whole row. */
  variant?: 'raised' | 'total';
  /** The value's own class besides the card's (a result's colour). */
  valueClassName?: string;
}

/** One figure of a card grid (a `<dl>` with the `cards` class): its label, its value, and a second line. */
export function FigureCard({ label, value, testId, detail, variant, valueClassName }: FigureCardProps) {
  return (
    <div className={variant ? `${layout.figure} ${layout[variant]}` : layout.figure} data-testid={testId}>
      <dt className={layout.figureLabel}>{label}</dt>
      <dd className={valueClassName ? `${layout.figureValue} ${valueClassName}` : layout.figureValue} data-testid={`${testId}-value`}>
        {value}
      </dd>
      {detail && <dd className={layout.figureDetail}>{detail}</dd>}
    </div>
  );
}
