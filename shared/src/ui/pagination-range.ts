export type PaginationItem = number | 'ellipsis';

export const DEFAULT_PAGE_RANGE = 3;
export const DEFAULT_MARGIN_PAGES = 1;

/**
 * The pages a pagination bar shows (a range of 3 pages around the current one, 1 margin
 * page at each end): `1 … 4 5 6 … 10`. A gap of a single page shows that page, not an ellipsis.
 */
export function paginationItems(
  page: number,
  totalPages: number,
  pageRange: number = DEFAULT_PAGE_RANGE,
  marginPages: number = DEFAULT_MARGIN_PAGES,
): PaginationItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const shown = new Set<number>();
  for (let index = 1; index <= Math.min(marginPages, totalPages); index += 1) shown.add(index);
  for (let index = Math.max(1, totalPages - marginPages + 1); index <= totalPages; index += 1) shown.add(index);

  const span = Math.max(1, Math.min(pageRange, totalPages));
  let start = current - Math.floor((span - 1) / 2);
  start = Math.min(Math.max(1, start), totalPages - span + 1);
  for (let index = start; index < start + span; index += 1) shown.add(index);

  const items: PaginationItem[] = [];
  let previous = 0;
  for (const pageNumber of [...shown].sort((a, b) => a - b)) {
    if (pageNumber - previous === 2) items.push(previous + 1);
    else if (pageNumber - previous > 2) items.push('ellipsis');
    items.push(pageNumber);
    previous = pageNumber;
  }
  return items;
}
