/**
 * The operator's mark (our own drawing): an M on a soft tile, with the signal dot, drawn in the header's text colour so
 * that it follows the bar it sits on. Inline SVG with attributes only (no style attribute: the CSP has no
 * 'unsafe-inline'); decorative, the brand's name beside it is the text.
 */
export const BrandMark = () => (
  <svg className="brand__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="30" height="30" rx="9" fill="currentColor" opacity="0.18" />
    <path
      d="M8.5 23V10.5l7.5 7 7.5-7V23"
      fill="none"
      stroke="currentColor"
      strokeWidth="3.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="24.5" cy="6.5" r="2.4" fill="#ffd166" />
  </svg>
);
