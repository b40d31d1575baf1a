import { describe, expect, it } from 'vitest';
import { faultBadgeText } from './fault-badge.ts';

describe('fault badge', () => {
  it('shows the count below 99 and 99+ from 99 on', () => {
    expect(faultBadgeText(0)).toBe('0');
    expect(faultBadgeText(7)).toBe('7');
    expect(faultBadgeText(98)).toBe('98');
    expect(faultBadgeText(99)).toBe('99+');
    expect(faultBadgeText(1500)).toBe('99+');
  });
});
