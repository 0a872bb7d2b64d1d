import type { AuditRow } from './operator.queries';

// The audit trail as a spreadsheet file (GET /ops/v1/audit.csv): RFC 4180 CSV, one row per entry,
// newest first. Members' and operators' words end up in it (a reason, a name tried at the login),
// so two things are guarded: a cell holding a comma, a quote or a line break is quoted (quotes
// doubled), and a cell a spreadsheet would read as a formula (starting with =, +, -, @, or a tab
// or carriage return that some programs skip first) gets a leading ' and stays text.

/** At most this many entries in one file: narrow the period for older ones. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

export const AUDIT_CSV_COLUMNS = [
  'id', 'time', 'operator', 'action', 'outcome', 'errorCode', 'targetType', 'targetId', 'reason', 'clientIp', 'requestId', 'detail',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised if a spreadsheet would compute it, quoted if CSV needs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const cellsOf = (row: AuditRow): (string | number | null)[] => [
  row.id,
  new Date(row.createdAt).toISOString(),
  // A failed login has no operator: the name tried is in the detail.
  row.operator,
  row.action,
  row.outcome,
  row.errorCode,
  row.targetType,
  row.targetId,
  // The reason an operator wrote, in a column of its own: what a reader of the file looks for.
  typeof row.detail.reason === 'string' ? row.detail.reason : null,
  row.clientIp,
  row.requestId,
  Object.keys(row.detail).length === 0 ? null : JSON.stringify(row.detail),
];

/**
 * The file: a byte order mark (spreadsheet programs then read UTF-8, for names in Bengali or
 * Chinese), the header row, then one line per entry, CRLF line ends.
 */
export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(','), ...rows.map((row) => cellsOf(row).map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
