/** Only web addresses may be opened: anything else (javascript:, data:, garbage) is refused. */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
