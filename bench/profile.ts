// npx tsx bench/profile.ts FILE.cpuprofile [--top=N] [--window=LABEL] [--grep=TEXT]:
// where a V8 CPU profile's time went, by source and by function (self and total).
// --window keeps the samples of one labelled phase, from the windows.json that
// `npm run bench -- --profile` writes beside the profile; --grep lists only the
// functions whose name (with its file) contains TEXT.
import fs from 'node:fs';
import path from 'node:path';
import { formatProfile, summarizeProfile, type CpuProfile, type TimeWindow } from './lib/profile.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: tsx bench/profile.ts FILE.cpuprofile [--top=N] [--window=LABEL] [--grep=TEXT]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const label = option('window');
let windows: TimeWindow[] | undefined;
if (label) {
  const all = JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'windows.json'), 'utf8')) as Record<string, TimeWindow[]>;
  windows = all[label];
  if (!windows) throw new Error(`no window "${label}"; there are: ${Object.keys(all).join(', ')}`);
}
const summary = summarizeProfile(profile, windows);
const grep = option('grep');
if (grep) {
  const pct = (ms: number) => `${((ms / summary.wallMs) * 100).toFixed(1)}%`;
  for (const e of summary.byFunction.filter((f) => f.name.includes(grep))) console.log(`${pct(e.selfMs)} self, ${pct(e.totalMs)} total  ${e.name}`);
} else {
  console.log(formatProfile(label ? `${file} (${label})` : file, summary, Number(option('top') ?? 30)));
}
