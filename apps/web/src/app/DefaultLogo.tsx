/** The LiftGuard mark and word, drawn to fit the 207 × 40 logo slot (SPEC.md §9). */
export function DefaultLogo({ inverse = false, title }: { inverse?: boolean; title: string }) {
  const ink = inverse ? '#ffffff' : '#1f5fbf';
  const text = inverse ? '#ffffff' : '#0f2a4f';
  return (
    <svg width="207" height="40" viewBox="0 0 207 40" role="img" aria-label={title}>
      <title>{title}</title>
      <rect x="2" y="2" width="36" height="36" rx="8" fill={ink} />
      <rect x="11" y="8" width="18" height="24" rx="2" fill="none" stroke={inverse ? '#1f5fbf' : '#fff'} strokeWidth="2.2" />
      <path d="M20 8v24" stroke={inverse ? '#1f5fbf' : '#fff'} strokeWidth="1.6" />
      <path d="M15.5 17.5l-2.2 3h4.4zM24.5 22.5l2.2-3h-4.4z" fill={inverse ? '#1f5fbf' : '#fff'} />
      <text
        x="48"
        y="27"
        fontFamily="'Segoe UI','PingFang SC','Helvetica Neue',Arial,sans-serif"
        fontSize="20"
        fontWeight="700"
        fill={text}
        letterSpacing="0.3"
      >
        Lift<tspan fill={inverse ? '#cfe0ff' : ink}>Guard</tspan>
      </text>
    </svg>
  );
}
