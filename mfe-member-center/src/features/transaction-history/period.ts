import { formatDateTime } from '@platform/shared';
import type { RecordsPeriod } from '@platform/shared/records';

/**
 * The periods the logs offer: those within the 29 days one records request may span
 * (RECORDS_MAX_RANGE_MS); this month and last month can be longer.
 */
export const LOG_PERIODS: readonly RecordsPeriod[] = ['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek'];

/** A time as the logs show it, in the member's (the browser's) time zone: MM-DD HH:mm:ss. */
export const logTime = (timeMs: number | null): string => (timeMs === null ? '-' : formatDateTime(timeMs).slice(5));
