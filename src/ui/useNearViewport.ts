// Whether an element has come near the viewport (within `margin` below or above it), once: content far
// down a page can wait for the reader to get there before its code is loaded (docs/performance.md).
import { type RefObject, useEffect, useState } from 'react';

/** `already`: true when the content was shown before (its code is there): no wait for the observer. */
export function useNearViewport(ref: RefObject<Element | null>, already = false, margin = '50%'): boolean {
  const [near, setNear] = useState(already);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
