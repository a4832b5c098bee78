// A product's image in a square box that holds its place before it loads (no layout shift); a
// missing or broken image leaves the neutral box. Only the first cards load at once (LCP). The
// browser picks the size it needs among the store CDN's resized copies (../image-sizes.ts).
import { useEffect, useRef, useState } from 'react';
import { SHOP_IMAGE_SIZES, shopImageSrcSet } from '../image-sizes';

export function ShopImage({
  src,
  alt,
  eager = false,
  first = false,
  place = 'card',
}: {
  src: string | null;
  alt: string;
  eager?: boolean;
  /** Where it is drawn, which sets the size the browser asks for. */
  place?: keyof typeof SHOP_IMAGE_SIZES;
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
  const srcSet = shopImageSrcSet(src);
  return (
    <div className="shop-img">
      <img
        ref={ref}
        // sizes and srcset before src: an image made in the browser is then fetched once, at its size.
        sizes={srcSet ? SHOP_IMAGE_SIZES[place] : undefined}
        srcSet={srcSet ?? undefined}
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
