import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '@vault/contract';
import { formatDate } from '../../lib/format';
import { shareLinkFacts } from './link-facts';

const link = (expires_at: string): ShareLink =>
  ({ has_password: false, expires_at, max_downloads: null, downloads: 0, views: 0, last_used_at: null }) as ShareLink;

afterEach(() => vi.useRealTimers());

describe('shareLinkFacts', () => {
  it('says "Expires" before the end and "Expired" after it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00Z'), toFake: ['Date'] });
    const day = formatDate('2026-11-28T12:00:00Z');
    expect(day.replace(/\s/g, ' ')).toBe('Nov 28, 2026');
    expect(shareLinkFacts(link('2026-11-28T12:00:00Z'))).toContain(`Expires ${day}`);
    vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
    expect(shareLinkFacts(link('2026-11-28T12:00:00Z'))).toContain(`Expired ${day}`);
  });
});
