import { ROUTES } from '@liftguard/contract/routes';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.tsx';

describe('page map', () => {
  it('has a page for every route of the contract and for the sign-in and error pages', () => {
    const missing = [...ROUTES.map((r) => r.name), 'login', 'm_login', 'forbidden', 'server_error', 'network_error', 'not_found'].filter(
      (n) => !(n in PAGES),
    );
    expect(missing).toEqual([]);
  });
});
