/**
 * The width of an element as drawn, followed as the window or a panel resizes it (null until the
 * element is in the page). Returns a callback ref to attach to the element.
 */
import { useCallback, useRef, useState } from 'react';

export function useElementWidth(): [(el: HTMLElement | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const attach = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [attach, width];
}
