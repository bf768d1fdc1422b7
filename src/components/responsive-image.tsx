interface Props {
  /** Image path without the `-<width>.webp` suffix, e.g. /images/places/goa-1 */
  src: string;
  alt: string;
  widths: number[];
  sizes: string;
  /** Intrinsic ratio, so the browser reserves the space (no layout shift). */
  width: number;
  height: number;
  /** The largest image of the first screen loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  className?: string;
}

export function ResponsiveImage({ src, alt, widths, sizes, width, height, priority, className }: Props) {
  const srcSet = widths.map((w) => `${src}-${w}.webp ${w}w`).join(', ');
  return (
    <img
      className={className}
      src={`${src}-${widths[0]}.webp`}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
