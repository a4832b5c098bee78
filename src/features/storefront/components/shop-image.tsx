// A product's image in a square box that holds its place before it loads (no layout shift); a
// missing or broken image leaves the neutral box. Only the first cards load at once (LCP).
import { useEffect, useRef, useState } from 'react';

export function ShopImage({
  src,
  alt,
  eager = false,
  first = false,
}: {
  src: string | null;
  alt: string;
  eager?: boolean;
  /** The page's first image, its largest paint on a phone: fetched before the others. */
  first?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened: look once.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && !image.naturalWidth) setBroken(true);
  }, []);
  if (!src || broken) return <div className="shop-img" role="img" aria-label={alt} />;
  return (
    <div className="shop-img">
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={320}
        height={320}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={first ? 'high' : undefined}
        onError={() => setBroken(true)}
      />
    </div>
  );
}
