import { useCallback, useLayoutEffect, useState } from 'react';

const contentWidth = (element: HTMLElement) => {
  const style = getComputedStyle(element);
  return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
};

// The width of an element's content box, kept current as it resizes: a container query in
// script, for layouts that change what they render, not only how it looks. Measured before the
// first paint, so the first frame already has the right layout.
export const useElementWidth = <T extends HTMLElement>() => {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(contentWidth(element));
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, width] as const;
};
