// Reads a V8 CPU profile (node --cpu-prof) and says where the main thread's time
// went: self and total time by function and by source (package, Node module,
// server file), optionally within time windows.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  /** Microseconds on the monotonic clock, as process.hrtime.bigint() / 1000 in any process of the machine. */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time on the profile's clock, in microseconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** Time windows of a process's work, by label, marked on the same clock as its CPU profile. */
export class ProfileWindows {
  readonly byLabel = new Map<string, TimeWindow[]>();

  async mark<T>(label: string, fn: () => Promise<T>): Promise<T> {
    const start = Number(process.hrtime.bigint() / 1000n);
    try {
      return await fn();
    } finally {
      this.add(label, [{ start, end: Number(process.hrtime.bigint() / 1000n) }]);
    }
  }

  add(label: string, windows: TimeWindow[]): void {
    this.byLabel.set(label, [...(this.byLabel.get(label) ?? []), ...windows]);
  }
}

export interface ProfileEntry {
  name: string;
  /** Time in this function (or source) itself. */
  selfMs: number;
  /** Time with this function (or source) anywhere on the stack. */
  totalMs: number;
}

export interface ProfileSummary {
  /** Sampled time within the windows, idle included. */
  wallMs: number;
  /** Time the main thread waited for work (I/O, timers, the thread pool). */
  idleMs: number;
  byFunction: ProfileEntry[];
  bySource: ProfileEntry[];
}

/** V8's pseudo-frames, kept under their own names. */
const PSEUDO = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** Where a frame's code lives: an npm package, a Node module, a server file, or native code. */
export function sourceOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (PSEUDO.has(functionName)) return functionName;
  if (url === '') return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(server|contract)\/(?:dist|src)\/(.+)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url.replace(/^file:\/\//, '');
}

function functionOf(frame: CallFrame): string {
  const source = sourceOf(frame);
  const name = frame.functionName || '(anonymous)';
  if (PSEUDO.has(frame.functionName)) return name;
  return source === '(native)' ? `${name} (native)` : `${name} ${source}:${frame.lineNumber + 1}`;
}

/** How long each sample stands for: until the next one (the last, until the profile ends). */
function sampleTimes(profile: CpuProfile): { at: number; ms: number }[] {
  const at: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) at.push((t += delta));
  return at.map((time, i) => ({ at: time, ms: Math.max(0, (at[i + 1] ?? profile.endTime) - time) / 1000 }));
}

function ranked(map: Map<string, ProfileEntry>): ProfileEntry[] {
  return [...map.values()].sort((a, b) => b.selfMs - a.selfMs || b.totalMs - a.totalMs);
}

export function summarizeProfile(profile: CpuProfile, windows?: TimeWindow[]): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  // The distinct functions and sources on each node's stack, computed once per node.
  const stacks = new Map<number, { functions: string[]; sources: string[] }>();
  const stackOf = (id: number) => {
    let stack = stacks.get(id);
    if (stack) return stack;
    const functions = new Set<string>();
    const sources = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      functions.add(functionOf(frame));
      sources.add(sourceOf(frame));
    }
    stack = { functions: [...functions], sources: [...sources] };
    stacks.set(id, stack);
    return stack;
  };

  const byFunction = new Map<string, ProfileEntry>();
  const bySource = new Map<string, ProfileEntry>();
  const add = (map: Map<string, ProfileEntry>, name: string, ms: number, self: boolean) => {
    const entry = map.get(name) ?? { name, selfMs: 0, totalMs: 0 };
    entry.totalMs += ms;
    if (self) entry.selfMs += ms;
    map.set(name, entry);
  };

  let wallMs = 0;
  let idleMs = 0;
  const times = sampleTimes(profile);
  profile.samples.forEach((id, i) => {
    const { at, ms } = times[i]!;
    if (windows && !windows.some((w) => at >= w.start && at < w.end)) return;
    wallMs += ms;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    const own = { fn: functionOf(frame), source: sourceOf(frame) };
    const stack = stackOf(id);
    for (const fn of stack.functions) add(byFunction, fn, ms, fn === own.fn);
    for (const source of stack.sources) add(bySource, source, ms, source === own.source);
  });
  return { wallMs, idleMs, byFunction: ranked(byFunction), bySource: ranked(bySource) };
}

const pct = (ms: number, of: number) => `${of > 0 ? ((ms / of) * 100).toFixed(1) : '0.0'}%`;

/** A readable report: busy and idle shares, then the top entries by self time with their total time. */
export function formatProfile(title: string, summary: ProfileSummary, top = 25): string {
  const { wallMs, idleMs } = summary;
  const table = (label: string, entries: ProfileEntry[]) =>
    [
      `| ${label} | self | total |`,
      '|---|---|---|',
      ...entries.slice(0, top).map((e) => `| ${e.name.replaceAll('|', '\\|')} | ${pct(e.selfMs, wallMs)} | ${pct(e.totalMs, wallMs)} |`),
    ].join('\n');
  return [
    `### ${title}`,
    '',
    `${(wallMs / 1000).toFixed(1)} s sampled: main thread busy ${pct(wallMs - idleMs, wallMs)}, idle ${pct(idleMs, wallMs)}. Shares are of the sampled time.`,
    '',
    table('Source', summary.bySource),
    '',
    table('Function', summary.byFunction),
    '',
  ].join('\n');
}
