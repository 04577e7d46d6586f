import type { SVGProps } from 'react';

/** The frame of every stroke icon: 24×24, drawn in currentColor, decorative (always aria-hidden). */
export function StrokeIcon({ className = 'size-5', strokeWidth = 1.8, children, ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={strokeWidth} aria-hidden="true" {...rest}>
      {children}
    </svg>
  );
}

export function EyeIcon() {
  return (
    <StrokeIcon>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

export function EyeOffIcon() {
  return (
    <StrokeIcon>
      <path d="M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.5 7.6C3.8 9.4 2 12 2 12s3.5 6 10 6a9.4 9.4 0 0 0 4.4-1.1" />
      <path d="M9.9 10a3 3 0 0 0 4.1 4.1" />
    </StrokeIcon>
  );
}

export function PencilIcon() {
  return (
    <StrokeIcon strokeLinejoin="round">
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4 11.5-11.5Z" />
    </StrokeIcon>
  );
}

export function CloseIcon() {
  return (
    <StrokeIcon strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </StrokeIcon>
  );
}
