import { BRAND_ACCENT, BRAND_MARK } from '#contract/brand';

const { size, tile, letter, dot } = BRAND_MARK;

/**
 * The operator's mark (our own drawing, contract/brand.ts, which the invoice PDF draws too): an M on a soft tile, with
 * the signal dot, drawn in the header's text colour so that it follows the bar it sits on. Inline SVG with attributes
 * only (no style attribute: the CSP has no 'unsafe-inline'); decorative, the brand's name beside it is the text.
 */
export const BrandMark = () => (
  <svg className="brand__mark" viewBox={`0 0 ${size} ${size}`} width="28" height="28" aria-hidden="true" focusable="false">
    <rect x={tile.x} y={tile.y} width={tile.side} height={tile.side} rx={tile.radius} fill="currentColor" opacity="0.18" />
    <path d={letter.d} fill="none" stroke="currentColor" strokeWidth={letter.width} strokeLinecap="round" strokeLinejoin="round" />
    <circle cx={dot.cx} cy={dot.cy} r={dot.r} fill={BRAND_ACCENT} />
  </svg>
);
