/** The header badge caps at 99+ (SPEC.md §9): 99 or more shows "99+". */
export function faultBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  return count >= 99 ? '99+' : String(Math.floor(count));
}
