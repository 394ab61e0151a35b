import { costPer, meterCpu } from '../lib/cpu-meter.js';
import { listFiles, register, shareWith, uploadMultipart } from '../lib/http.js';
import { percentile, timed } from '../lib/measure.js';
import { ms } from '../lib/report.js';
import { seedFiles } from '../lib/seed.js';
import type { BenchServer } from '../lib/server.js';
import type { AddRow } from './dedup-timing.js';

const REQUESTS = 100;

/** Files whose texts are long, as a PDF's can be, each holding the searched word deep inside: one page of snippets. */
const LONG_TEXTS = 20;
const HALF_A_LONG_TEXT = 'The minutes of the meeting, read again and filed. '.repeat(3000);

/** The lists of one user holding `count` files: the default page, searches, a filter, a sort and a deep page. */
export async function listing(server: BenchServer, pgDatabase: string | undefined, count: number, row: AddRow, afterBulkLoad: (url: string) => Promise<void>) {
  console.log(`\nlisting ${count.toLocaleString()} files`);
  const lister = await register(server.url, 'lister');
  await seedFiles({ url: pgDatabase, dataDir: server.dataDir, userIds: [lister.user.id], count });
  if (pgDatabase) await afterBulkLoad(pgDatabase);
  const queries: [string, string, number][] = [
    ['default page', '', 50],
    ['name search', 'search=budget', 25],
    ['content search', 'search=lisbon', 25],
    ['tag filter', 'tags=invoice', 50],
    ['size sort', 'sort_by=file_size&sort_order=desc', 50],
    ['page 500', 'page=500', 50],
  ];
  const measure = async (label: string, token: string, query: string, target: number) => {
    for (let i = 0; i < 5; i++) await listFiles(server.url, token, query);
    const times: number[] = [];
    const meter = await meterCpu(server.pid, pgDatabase);
    for (let i = 0; i < REQUESTS; i++) times.push((await timed(() => listFiles(server.url, token, query))).s * 1000);
    // CPU per request depends least on what else runs on the machine.
    const cpu = costPer(await meter.stop(), REQUESTS, 'request');
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    row(label, `p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)}`, cpu.join(', '), `p99 < ${target} ms`, p99 < target);
  };
  for (const [label, query, target] of queries) await measure(`List ${count.toLocaleString()} files: ${label}`, lister.token, query, target);

  // One file shared with the lister: their listings now cover their own files and the shared ones.
  const giver = await register(server.url, 'giver');
  const given = await uploadMultipart(server.url, giver.token, { name: 'given.txt', file: Buffer.from('a file shared with the lister') });
  await shareWith(server.url, giver.token, given.files[0]!.id, lister.user.username);
  for (const [label, query, target] of [
    ['name sort', 'sort_by=original_name&sort_order=asc', 50],
    ['name search', 'search=budget', 25],
    ['tag filter', 'tags=invoice', 50],
  ] as const) {
    await measure(`List ${count.toLocaleString()} files and one shared: ${label}`, lister.token, query, target);
  }

  const reader = await register(server.url, 'reader');
  const longText = (i: number) => `${HALF_A_LONG_TEXT} The Lisbon figures, item ${i}. ${HALF_A_LONG_TEXT}`;
  await seedFiles({ url: pgDatabase, dataDir: server.dataDir, userIds: [reader.user.id], count: LONG_TEXTS, text: longText });
  const chars = longText(0).length.toLocaleString();
  await measure(`Content search, a page of ${LONG_TEXTS} texts of ${chars} characters (the word in the middle)`, reader.token, 'search=lisbon', 25);
}
