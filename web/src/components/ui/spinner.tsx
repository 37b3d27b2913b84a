import { BRAND_GREEN } from '../../config/palette';

/**
 * The loading spinner: the one index.html draws before the code arrives, styled by the base
 * styles' `.spinner` (config/base-styles.ts). No MUI: it shows on first screens, while a phone's
 * main thread is busiest. Without a label it is decoration (a busy button says so itself).
 */
export function Spinner({
  label,
  size = 40,
  color = BRAND_GREEN,
}: {
  label?: string;
  size?: number;
  color?: string;
}) {
  return (
    <svg
      className="spinner"
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
      width={size}
      height={size}
      viewBox="22 22 44 44"
    >
      <circle
        cx="44"
        cy="44"
        r="20.2"
        fill="none"
        stroke={color}
        strokeWidth="3.6"
        strokeDasharray="80 200"
        strokeLinecap="round"
      />
    </svg>
  );
}
