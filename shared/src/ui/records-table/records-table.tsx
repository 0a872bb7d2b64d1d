import { Button, type CallState, EmptyState, formatMoney, type PagedList, Pagination, Spinner, useT } from '@platform/shared';
import type { Key, ReactNode } from 'react';
import { classNames } from '../class-names';
import styles from './records-table.module.css';

export type ColumnAlign = 'start' | 'center' | 'end';

/** An amount as `formatMoney` takes it. */
export type MoneyAmount = Parameters<typeof formatMoney>[0];

interface ColumnBase {
  /** Unique among the columns. */
  id: string;
  /** The header's translation key, in the table's `namespace`. */
  headerKey: string;
  /** `start` by default; `end` for money. */
  align?: ColumnAlign;
}

export interface TextColumn<Row, Footer = never> extends ColumnBase {
  render: (row: Row) => ReactNode;
  /** This column's cell in the totals row. */
  total?: (footer: Footer) => ReactNode;
  money?: never;
}

/** An amount per row, shown as money (2 decimals, thousands separators, currency symbol). */
export interface MoneyColumn<Row, Footer = never> extends ColumnBase {
  money: (row: Row) => MoneyAmount;
  /** This column's amount in the totals row. */
  total?: (footer: Footer) => MoneyAmount;
  render?: never;
}

export type RecordsColumn<Row, Footer = never> = TextColumn<Row, Footer> | MoneyColumn<Row, Footer>;

/** What the table shows: a `usePagedList` result, or anything shaped like one. */
export type RecordsSource<Row, Footer = never> = CallState<PagedList<Row, Footer>> & {
  page: number;
  setPage: (page: number) => void;
  refresh: () => void;
};

export interface RecordsTableProps<Row, Footer = never> {
  records: RecordsSource<Row, Footer>;
  columns: readonly RecordsColumn<Row, Footer>[];
  rowKey: (row: Row, index: number) => Key;
  /** Names the table for screen readers (already translated). */
  label: string;
  /** The i18n namespace of the columns' `headerKey`s: the page's app. */
  namespace?: string;
  /** Filter controls above the table: a `PeriodSelect`, the page's own selects. */
  filters?: ReactNode;
  /** Shown for an empty list; "No records found" by default. */
  emptyTitle?: ReactNode;
  className?: string;
}

const ALIGN_CLASS: Record<ColumnAlign, string | undefined> = {
  start: undefined,
  center: styles.alignCenter,
  end: styles.alignEnd,
};

const isMoneyColumn = <Row, Footer>(column: RecordsColumn<Row, Footer>): column is MoneyColumn<Row, Footer> =>
  column.money !== undefined;

function cellClass<Row, Footer>(column: RecordsColumn<Row, Footer>): string | undefined {
  const money = isMoneyColumn(column);
  return classNames(ALIGN_CLASS[column.align ?? (money ? 'end' : 'start')], money && styles.money);
}

function cellOf<Row, Footer>(column: RecordsColumn<Row, Footer>, row: Row): ReactNode {
  return isMoneyColumn(column) ? formatMoney(column.money(row)) : column.render(row);
}

function totalOf<Row, Footer>(column: RecordsColumn<Row, Footer>, footer: Footer): ReactNode {
  if (!column.total) return null;
  return isMoneyColumn(column) ? formatMoney(column.total(footer)) : column.total(footer);
}

/**
 * A records page's table: filters, rows, a totals row from the list's `footer`,
 * pagination, and its loading, error and empty states. Wide boxes show a table that scrolls
 * inside its own box; narrow ones (phones) show each row as a card of label–value lines.
 * The explicit table roles keep it a table for screen readers when the cards restyle it.
 */
export function RecordsTable<Row, Footer = never>({
  records,
  columns,
  rowKey,
  label,
  namespace,
  filters,
  emptyTitle,
  className,
}: RecordsTableProps<Row, Footer>) {
  const { t } = useT();
  const { t: translateLabel } = useT(namespace);
  const shown = records.status === 'success' ? records.data : records.status === 'loading' ? records.staleData : undefined;
  const refreshing = records.status === 'loading' && shown !== undefined;
  const labels = columns.map((column) => translateLabel(column.headerKey));
  // The totals row: the answer's footer, when a column shows a total.
  const footer = columns.some((column) => column.total) ? shown?.footer : undefined;

  let body: ReactNode = null;
  if (records.status === 'error') {
    body = (
      <EmptyState
        title={t('records.load_failed')}
        description={records.error.message}
        action={
          <Button variant="secondary" size="sm" onClick={records.refresh}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (records.status === 'loading' && shown === undefined) {
    body = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else if (shown && shown.list.length === 0) {
    body = <EmptyState title={emptyTitle ?? t('no_records')} />;
  } else if (shown) {
    body = (
      <div className={styles.scroller}>
        <table role="table" className={classNames(styles.table, refreshing && styles.stale)} aria-label={label}>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column, index) => (
                <th key={column.id} scope="col" role="columnheader" className={cellClass(column)}>
                  {labels[index]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {shown.list.map((row, rowIndex) => (
              <tr key={rowKey(row, rowIndex)} role="row">
                {columns.map((column, index) => (
                  <td key={column.id} role="cell" className={cellClass(column)} data-label={labels[index]}>
                    {cellOf(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer !== undefined && (
            <tfoot role="rowgroup">
              <tr role="row" className={styles.totals}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.id} scope="row" role="rowheader" className={classNames(cellClass(column), styles.totalsLabel)}>
                      {t('records.total')}
                      {column.total && <> {totalOf(column, footer)}</>}
                    </th>
                  ) : (
                    <td
                      key={column.id}
                      role="cell"
                      className={classNames(cellClass(column), !column.total && styles.noTotal)}
                      data-label={labels[index]}
                    >
                      {totalOf(column, footer)}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    );
  }

  return (
    <section className={classNames(styles.records, className)} aria-label={label} aria-busy={records.status === 'loading'}>
      {filters && (
        <div className={styles.filterBar} role="group" aria-label={t('records.filters')}>
          {filters}
        </div>
      )}
      <div className={styles.body}>
        {body}
        {refreshing && (
          <span className={styles.refreshing}>
            <Spinner size="sm" />
          </span>
        )}
      </div>
      {shown && shown.totalPages > 1 && (
        <Pagination page={records.page} totalPages={shown.totalPages} onChange={records.setPage} className={styles.pagination} />
      )}
    </section>
  );
}
