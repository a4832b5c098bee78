import { useEffect, type RefObject } from 'react';

/** Calls `onNear` once, when the element comes within `margin` of the viewport. */
export function useNearViewport(ref: RefObject<Element | null>, onNear: () => void, margin = '600px') {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onNear, margin]);
}
