// A line's numbers as the player reads them (the slip, today's orders): each row's values as its
// buttons show them (named values translated), rows labelled when a play has several.
import { useT } from '@platform/shared';
import type { PlayDefinition } from '@platform/lottery-rules';
import { valueText } from './picker';
import { NAMESPACE } from './translations';

type Translate = ReturnType<typeof useT>['t'];

/** A stored bet's rows ("1,2_3": rows by "_", values by ","). */
export function rowsOfContent(betContent: string): number[][] {
  return betContent.split('_').map((row) => (row === '' ? [] : row.split(',').map(Number)));
}

export function describeRows(t: Translate, play: PlayDefinition, rows: readonly (readonly number[])[]): string {
  const parts = play.rows.flatMap((row, index) => {
    const values = rows[index] ?? [];
    if (values.length === 0) return [];
    const text = values
      .map((value) => {
        if (row.display !== 'key') return valueText(row, value);
        const at = row.values.indexOf(value);
        return t(row.valueKeys?.[at] ?? String(value));
      })
      .join(',');
    return [play.rows.length > 1 ? `${t(row.labelKey)}: ${text}` : text];
  });
  return parts.join(' | ');
}

export function BetContent({ play, rows, className }: { play: PlayDefinition; rows: readonly (readonly number[])[]; className?: string }) {
  const { t } = useT(NAMESPACE);
  return <span className={className}>{describeRows(t, play, rows)}</span>;
}
