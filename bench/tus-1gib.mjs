// Ad-hoc measure: 1 GiB sent through tus (tus-js-client, default chunk size: one PATCH) to a running server,
// with the server's peak RSS read from /proc. Usage: node bench/tus-1gib.mjs <url> <server pid> <file>
import fs from 'node:fs';
import * as tus from 'tus-js-client';
const [url, pid, file] = process.argv.slice(2);
const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo123' }) });
const { token } = await res.json();
const size = fs.statSync(file).size;
const started = performance.now();
await new Promise((resolve, reject) => {
  const upload = new tus.Upload(fs.createReadStream(file), {
    endpoint: `${url}/api/uploads`,
    uploadSize: size,
    headers: { authorization: `Bearer ${token}` },
    metadata: { filename: `bench-${Date.now()}.txt` },
    onSuccess: resolve,
    onError: reject,
  });
  upload.start();
});
const seconds = (performance.now() - started) / 1000;
const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
console.log(JSON.stringify({ bytes: size, seconds: +seconds.toFixed(2), mibPerSecond: +(size / 1048576 / seconds).toFixed(1), serverPeakRss: status.match(/VmHWM:\s+(\d+ kB)/)[1] }));
