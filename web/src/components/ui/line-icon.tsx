import type { SVGProps } from 'react';

type LineIconProps = { d: string; size: number } & Pick<
  SVGProps<SVGPathElement>,
  'strokeWidth' | 'strokeLinecap' | 'strokeLinejoin'
>;

/** A one-path line icon on a 24-unit grid, drawn in the text colour; decorative (the button names it). */
export function LineIcon({ d, size, ...stroke }: LineIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path d={d} stroke="currentColor" {...stroke} />
    </svg>
  );
}
