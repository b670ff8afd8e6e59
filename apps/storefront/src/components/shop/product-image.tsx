/** A catalogue picture (schematic SVG served by /catalog-images); decorative when `alt` is empty. */
export function ProductImage({
  src,
  alt,
  className,
}: {
  src?: string | undefined;
  alt: string;
  className?: string;
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
      loading="lazy"
      className={`h-auto w-full rounded-md ${className ?? ''}`}
    />
  );
}
