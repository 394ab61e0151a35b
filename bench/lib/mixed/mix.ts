// The mixed load: what the clients do, in which proportions, and which
// websocket events each of their changes must produce.
import { TAGS, WORDS } from '../vocabulary.js';

export type Op = 'list' | 'search' | 'download' | 'stats' | 'upload' | 'share' | 'rename' | 'delete';

export interface MixEntry {
  op: Op;
  /** Share of the requests, in percent of the mixed phase. */
  weight: number;
  /** Part of the read-only phase (downloads still count and log on the server). */
  readOnly: boolean;
}

/**
 * Each client loops: pick an operation by weight, send it, wait for the answer.
 * list: GET /api/files with one of LIST_QUERIES; search: by a name word;
 * download: half the user's own files, half other users' public files, a third
 * of them a Range from the middle (not counted, no event); stats: the storage
 * statistics; upload: one 4 KiB text file, a quarter of them content other users
 * (or the same user) already uploaded; share: the next sharing state of an own
 * file (private, shared with a neighbour, public); rename and delete: an own file.
 */
export const MIX: MixEntry[] = [
  { op: 'list', weight: 30, readOnly: true },
  { op: 'search', weight: 15, readOnly: true },
  { op: 'download', weight: 20, readOnly: true },
  { op: 'stats', weight: 7, readOnly: true },
  { op: 'upload', weight: 10, readOnly: false },
  { op: 'share', weight: 6, readOnly: false },
  { op: 'rename', weight: 7, readOnly: false },
  { op: 'delete', weight: 5, readOnly: false },
];

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The filters a listing client uses, as a browser sends them. */
export const LIST_QUERIES: string[] = [
  '',
  'page=3',
  'mime_type=application/pdf',
  `tags=${TAGS[0]}`,
  'sort_by=file_size&sort_order=desc',
  'sort_by=original_name&sort_order=asc',
  'min_size=1000000&max_size=20000000',
  `start_date=${daysAgo(90)}`,
];

export const SEARCH_QUERIES: string[] = WORDS.map((word) => `search=${word}`);

/** Picks an operation from a uniform number in [0, 1), in proportion to the weights. */
export function chooser(entries: MixEntry[]): (r: number) => Op {
  const total = entries.reduce((sum, e) => sum + e.weight, 0);
  return (r) => {
    let at = r * total;
    for (const entry of entries) {
      if (at < entry.weight) return entry.op;
      at -= entry.weight;
    }
    return entries[entries.length - 1]!.op;
  };
}

/** A small seeded generator (mulberry32): the same seed gives the same run of choices. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How an own file is shared: a share update moves it to the next state. */
export type Sharing = 'private' | 'shared' | 'public';

export function nextSharing(sharing: Sharing): Sharing {
  return sharing === 'private' ? 'shared' : sharing === 'shared' ? 'public' : 'private';
}

/** Who receives an event: every socket when public, otherwise the sockets of these users (by index). */
export interface Audience {
  public: boolean;
  users: number[];
}

/** The audience of a change to a file of `owner`, shared (when 'shared') with `neighbour`. */
export function audienceOf(owner: number, neighbour: number, sharing: Sharing): Audience {
  return { public: sharing === 'public', users: sharing === 'shared' ? [owner, neighbour] : [owner] };
}

export function mergeAudiences(a: Audience, b: Audience): Audience {
  return { public: a.public || b.public, users: [...new Set([...a.users, ...b.users])] };
}

/** The events each user's sockets must have received, from the changes that succeeded. */
export class EventLedger {
  private publicEvents = 0;
  private readonly perUser: number[];

  constructor(users: number) {
    this.perUser = new Array<number>(users).fill(0);
  }

  expect(audience: Audience): void {
    if (audience.public) this.publicEvents += 1;
    else for (const user of new Set(audience.users)) this.perUser[user]! += 1;
  }

  expectedFor(user: number): number {
    return this.publicEvents + this.perUser[user]!;
  }
}

/** Events missing and events too many, summed over sockets. */
export function deliveryGaps(expected: number[], received: number[]): { lost: number; unexpected: number } {
  let lost = 0;
  let unexpected = 0;
  expected.forEach((want, i) => {
    const got = received[i] ?? 0;
    if (got < want) lost += want - got;
    else unexpected += got - want;
  });
  return { lost, unexpected };
}
