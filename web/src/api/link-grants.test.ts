import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { storeLinkGrant } from '../test/link-grants';
import { useLinkAccess } from './link-grants';

const TOKEN = 'B'.repeat(43);
const MINUTE = 60_000;
const START = new Date('2026-12-02T10:00:00Z').getTime();
const at = (minutes: number) => new Date(START + minutes * MINUTE).toISOString();

function renewals(reply: MockReply) {
  const { calls } = mockFetch({ [`POST /api/r/${TOKEN}/grant`]: reply });
  return () => calls.filter((c) => c.path === `/api/r/${TOKEN}/grant`);
}

describe('useLinkAccess', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
  });
  afterEach(() => vi.useRealTimers());

  it('renews the grant a third of its lifetime before it runs out, keeps the new one, and renews that in turn', async () => {
    storeLinkGrant('r', TOKEN, 'first', 30);
    let issued = 0;
    const asked = renewals(() => ({ body: { grant: `renewed-${++issued}`, expires_at: at(30 + issued * 20) } }));
    const { result } = renderHook(() => useLinkAccess('r', TOKEN));
    expect(result.current.grant).toBe('first');

    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE - 1));
    expect(asked()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked().map((c) => c.headers.get('x-link-grant'))).toEqual(['first']);
    expect(result.current.grant).toBe('renewed-1');
    expect(result.current.latest()).toBe('renewed-1');
    expect(JSON.parse(sessionStorage.getItem(`vault-link-grant:r:${TOKEN}`)!)).toEqual({ grant: 'renewed-1', received_at: START + 20 * MINUTE });
    // A renewal is no unlock: nothing keyed by the unlocks reloads.
    expect(result.current.unlocks).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE));
    expect(asked().map((c) => c.headers.get('x-link-grant'))).toEqual(['first', 'renewed-1']);
    expect(result.current.grant).toBe('renewed-2');
  });

  it('counts a grant\'s lifetime on this device\'s clock: a server clock far behind neither hurries nor repeats a renewal', async () => {
    storeLinkGrant('r', TOKEN, 'first', 30);
    const asked = renewals({ body: { grant: 'renewed', expires_at: at(-120) } });
    renderHook(() => useLinkAccess('r', TOKEN));
    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE));
    expect(asked()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE - 1));
    expect(asked()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(asked()).toHaveLength(2);
  });

  it('leaves a grant the link refuses to renew to run out, asking no more', async () => {
    storeLinkGrant('r', TOKEN, 'first', 30);
    const asked = renewals({ status: 401, body: { error: 'This link is protected by a password.', link_refusal: 'password_required' } });
    const { result } = renderHook(() => useLinkAccess('r', TOKEN));
    await act(() => vi.advanceTimersByTimeAsync(40 * MINUTE));
    expect(asked()).toHaveLength(1);
    expect(result.current.grant).toBe('first');
  });

  it('tries a renewal that failed again each minute, while more than a minute of the grant is left', async () => {
    storeLinkGrant('r', TOKEN, 'first', 30);
    const asked = renewals(() => {
      throw new TypeError('Failed to fetch');
    });
    renderHook(() => useLinkAccess('r', TOKEN));
    await act(() => vi.advanceTimersByTimeAsync(40 * MINUTE));
    // At 20, 21, … 29 minutes: at 29 one minute is left, too little for another try.
    expect(asked()).toHaveLength(10);
  });

  it('renews at once a stored grant already near its end, and stores what the password earns', async () => {
    storeLinkGrant('r', TOKEN, 'old', 5);
    const asked = renewals({ body: { grant: 'renewed', expires_at: at(35) } });
    const { result } = renderHook(() => useLinkAccess('r', TOKEN));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(asked()).toHaveLength(1);
    expect(result.current.grant).toBe('renewed');

    act(() => result.current.unlocked({ grant: 'typed', expires_at: at(30) }));
    expect(result.current.grant).toBe('typed');
    expect(result.current.unlocks).toBe(1);
    expect(JSON.parse(sessionStorage.getItem(`vault-link-grant:r:${TOKEN}`)!).grant).toBe('typed');
  });
});
