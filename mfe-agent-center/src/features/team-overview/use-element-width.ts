import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element in CSS pixels, followed as it resizes, so that an SVG can be laid out
 * at its real size (text stays legible on a phone instead of shrinking with a viewBox).
 * `fallback` until measured, and where nothing can measure (no ResizeObserver, no layout).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
