import { usePagedList, type PagedList } from '@platform/shared';
import { DEFAULT_RECORDS_PERIOD, PeriodSelect, periodRange, RecordsTable, type PeriodRange, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import type { Key, ReactNode } from 'react';

const PAGE_SIZE = 10;

/** One page of a kind's records in a period, with the period's totals. */
export type PeriodRecordsLoader<Row, Footer> = (query: { range: PeriodRange; page: number; size: number }, signal: AbortSignal) => Promise<PagedList<Row, Footer>>;

export interface PeriodRecordsProps<Row, Footer> {
  load: PeriodRecordsLoader<Row, Footer>;
  columns: readonly RecordsColumn<Row, Footer>[];
  rowKey: (row: Row, index: number) => Key;
  /** Names the table (already translated). */
  label: string;
  /** The i18n namespace of the columns' header keys. */
  namespace: string;
  emptyTitle: ReactNode;
  /** The period the select opens on: today unless the kind's periods are longer than a day. */
  initialPeriod?: RecordsPeriod;
}

/**
 * A contract page's records: a period select (today by default, as every records page), the
 * rows of the chosen period ten a page, and the period's totals from the answer's footer.
 */
export function PeriodRecords<Row, Footer>({ load, columns, rowKey, label, namespace, emptyTitle, initialPeriod = DEFAULT_RECORDS_PERIOD }: PeriodRecordsProps<Row, Footer>) {
  const records = usePagedList<Row, { period: RecordsPeriod }, Footer>(
    ({ filters, page, pageSize }, signal) => load({ range: periodRange(filters.period), page, size: pageSize }, signal),
    { filters: { period: initialPeriod }, pageSize: PAGE_SIZE, requiresSession: true },
  );
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row, index) => `${records.page}:${String(rowKey(row, index))}`}
      label={label}
      namespace={namespace}
      emptyTitle={emptyTitle}
      filters={<PeriodSelect value={records.filters.period} onChange={(period) => records.setFilter('period', period)} />}
    />
  );
}
