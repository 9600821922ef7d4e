/** The Baalda mark (the same drawing as public/icon.svg), inline so it needs no request and follows the theme. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 512 512" width={24} height={24} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#2f5d4e" />
      <path
        d="M168 128h120a80 80 0 0 1 45 146 84 84 0 0 1-41 158H168z"
        fill="none"
        stroke="#f4f1ea"
        strokeWidth="40"
        strokeLinejoin="round"
      />
      <path d="M168 272h128" stroke="#f4f1ea" strokeWidth="40" strokeLinecap="round" />
    </svg>
  );
}
