// npx tsx bench/profile.ts FILE.cpuprofile [TOP]: where a V8 CPU profile's time went,
// by source and by function (self and total), for any profile (node --cpu-prof).
import fs from 'node:fs';
import { formatProfile, summarizeProfile, type CpuProfile } from './lib/profile.js';

const [file, top] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile.ts FILE.cpuprofile [TOP]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
console.log(formatProfile(file, summarizeProfile(profile), Number(top ?? 30)));
