interface BrandMarkProps {
  size?: number;
}

/** The HackClass shield-and-flag mark (same drawing as public/favicon.svg); decorative. */
export function BrandMark({ size = 28 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 1.5 3.5 6.2v8.6c0 7.6 5.2 13.5 12.5 15.9 7.3-2.4 12.5-8.3 12.5-15.9V6.2Z"
        fill="#15803d"
      />
      <path
        d="M16 4.3 6.2 8v6.8c0 6.2 4 11.1 9.8 13.3 5.8-2.2 9.8-7.1 9.8-13.3V8Z"
        fill="#16a34a"
      />
      <path d="M12.2 9.2v13.6" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M13.3 9.4h8.9l-2.3 3.3 2.3 3.3h-8.9Z" fill="#fff" />
    </svg>
  );
}
