/**
 * A catalogue picture (schematic SVG served by /catalog-images); decorative when `alt` is empty.
 * `priority` for pictures in the first screen: loaded at once instead of lazily, as the page's
 * largest paint is usually one of them.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src?: string | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  if (!src)
    return (
      <div className={`aspect-[16/9] rounded-md bg-surface-muted ${className ?? ''}`} aria-hidden="true" />
    );
  let path = src;
  try {
    // The platform stores absolute URLs of the storefront; serve them from this origin.
    const url = new URL(src);
    if (url.pathname.startsWith('/catalog-images/')) path = `${url.pathname}${url.search}`;
  } catch {
    // relative already
  }
  return (
    // biome-ignore lint/performance/noImgElement: small local SVGs, nothing for next/image to optimize
    <img
      src={path}
      alt={alt}
      width={320}
      height={180}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={`h-auto w-full rounded-md ${className ?? ''}`}
    />
  );
}
