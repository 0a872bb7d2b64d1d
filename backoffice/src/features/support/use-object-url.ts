import { useEffect, useState } from 'react';
import { blobOfDataUrl } from './chat-model';

/**
 * An image the API answered as a data URL, shown from an object URL (a long conversation keeps
 * no megabytes of text in the page), revoked when it is no longer shown. Where the browser has
 * no object URLs the data URL itself is shown.
 */
export function useObjectUrl(dataUrl: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!dataUrl) {
      setUrl(null);
      return undefined;
    }
    const blob = typeof URL.createObjectURL === 'function' ? blobOfDataUrl(dataUrl) : null;
    if (!blob) {
      setUrl(dataUrl);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [dataUrl]);
  return url;
}
