const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function toDate(time: number | string | Date | null | undefined): Date | null {
  if (time === null || time === undefined || time === '') return null;
  const date = time instanceof Date ? time : new Date(typeof time === 'string' && /^\d+$/.test(time) ? Number(time) : time);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'yyyy-MM-dd', local time. Empty for a missing or invalid time. */
export function formatDate(time: number | string | Date | null | undefined): string {
  const date = toDate(time);
  if (!date) return '';
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'yyyy-MM-dd HH:mm:ss', local time, 24-hour. Empty for a missing or invalid time. */
export function formatDateTime(time: number | string | Date | null | undefined): string {
  const date = toDate(time);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
