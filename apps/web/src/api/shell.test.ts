import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFaultCount, readTask } from './shell.ts';

describe('shell calls', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('reads the fault count of GET /api/indextree', async () => {
    vi.stubGlobal('fetch', answer(200, { data: { faultCount: 123, onlineCount: 4 } }));
    await expect(fetchFaultCount()).resolves.toBe(123);
  });

  it('shows 0 when the statistics route does not answer', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 4040, msg: 'No such API route' }));
    await expect(fetchFaultCount()).resolves.toBe(0);
  });

  it('reads a signature-approval task for the modal', () => {
    expect(
      readTask({
        id: 5,
        topic: 'SIGNATURE_APPROVE',
        content: { id: 9, tip: 'ACME' },
        j_sender: { realname: 'Li Lei', company_name: 'ACME Lifts' },
        insert_time: '2026-11-22T03:00:00.000Z',
      }),
    ).toEqual({
      id: 5,
      topic: 'SIGNATURE_APPROVE',
      subjectId: 9,
      applicant: 'Li Lei',
      time: '2026-11-22T03:00:00.000Z',
      company: 'ACME Lifts',
      signature: 'ACME',
    });
  });
});
