import type { ImgHTMLAttributes } from 'react';

export interface ImageSet {
  /** WebP files by width */
  webp: { src: string; width: number }[];
  /** The original (JPEG) files by width, the fallback for browsers without WebP */
  fallback: { src: string; width: number }[];
  width: number;
  height: number;
}

const srcSet = (files: { src: string; width: number }[]) => files.map((f) => `${f.src} ${f.width}w`).join(', ');

/**
 * A responsive <picture>: the WebP variant first, the original as the fallback, with explicit intrinsic
 * dimensions so the layout never shifts while it loads.
 */
export function Picture({
  image,
  alt,
  sizes,
  className,
  imgClassName,
  ...rest
}: { image: ImageSet; alt: string; sizes: string; className?: string; imgClassName?: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'alt' | 'sizes' | 'className'
>) {
  const largest = image.fallback[image.fallback.length - 1];
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />
      <img
        src={largest.src}
        srcSet={srcSet(image.fallback)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        className={imgClassName}
        {...rest}
      />
    </picture>
  );
}
