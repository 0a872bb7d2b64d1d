// @platform/shared/records: the records table of the member and agent centres (paged, with money
// columns and a period select). An entry point of its own and a page-wide singleton, fetched by
// the apps that show records. Its files reach the rest of the package only through
// '@platform/shared' (tools/dependency-check: kits-through-shared). (Since 5.0.0.)
export {
  RecordsTable,
  type ColumnAlign,
  type MoneyAmount,
  type MoneyColumn,
  type RecordsColumn,
  type RecordsSource,
  type RecordsTableProps,
  type TextColumn,
} from './records-table';
export { PeriodSelect, type PeriodSelectProps } from './period-select';
export {
  DEFAULT_RECORDS_PERIOD,
  periodRange,
  RECORDS_PERIODS,
  type PeriodRange,
  type RecordsPeriod,
} from './records-period';
