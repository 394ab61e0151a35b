import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventBus } from '../events/bus.js';
import type { Observer } from './observer.js';

/** Seconds: from a fast JSON answer to a long transfer. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricSources {
  /** Websockets open on this instance. */
  openSockets: () => number;
  events: EventBus;
  /** PostgreSQL's connection pool; SQLite has a single connection and no pool. */
  pgPool: pg.Pool | undefined;
}

export interface Metrics {
  registry: Registry;
  observer: Observer;
  /** One answered request: its route template (not the URL, so ids do not multiply series), status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Stops listening to the event bus. */
  close(): void;
}

/**
 * The instance's Prometheus metrics, in a registry of its own (several
 * servers may share a process in tests). Names follow Prometheus' own
 * conventions: base units, `_total` for counters.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vault_' });
  const registers = [registry];

  const requests = new Counter({ name: 'vault_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers });
  const latency = new Histogram({
    name: 'vault_http_request_duration_seconds',
    help: 'Time from request to response sent, by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const uploadBytes = new Counter({ name: 'vault_upload_bytes_total', help: 'Bytes of files uploaded and stored', registers });
  const uploadDuration = new Histogram({ name: 'vault_upload_duration_seconds', help: "Time taken to receive one file's bytes", buckets: LATENCY_BUCKETS, registers });
  const downloadBytes = new Counter({ name: 'vault_download_bytes_total', help: 'Bytes of files sent', registers });
  const downloadDuration = new Histogram({ name: 'vault_download_duration_seconds', help: 'Time taken to send one download', buckets: LATENCY_BUCKETS, registers });
  const dedupHits = new Counter({ name: 'vault_dedup_hits_total', help: 'Uploads whose content was already stored', registers });
  const dedupSaved = new Counter({ name: 'vault_dedup_bytes_saved_total', help: 'Bytes not stored again thanks to deduplication', registers });
  const gcRuns = new Counter({ name: 'vault_gc_runs_total', help: 'Maintenance rounds run by this instance', registers });
  const gcObjects = new Counter({ name: 'vault_gc_objects_collected_total', help: 'Objects removed by maintenance (emptied blobs and strays)', registers });
  const busLag = new Histogram({ name: 'vault_event_bus_lag_seconds', help: 'Time from an event being published to this instance receiving it', buckets: LAG_BUCKETS, registers });
  new Gauge({
    name: 'vault_websockets_open',
    help: 'Websockets open on this instance',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  const pool = sources.pgPool;
  if (pool) {
    new Gauge({
      name: 'vault_db_pool_connections',
      help: 'PostgreSQL pool connections by state; max is DATABASE_POOL_SIZE',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max);
      },
    });
  }

  const unsubscribe = sources.events.subscribe(({ event }) => {
    const published = Date.parse(event.at);
    if (Number.isFinite(published)) busLag.observe(Math.max(0, Date.now() - published) / 1000);
  });

  return {
    registry,
    observer: {
      uploaded(bytes, seconds) {
        uploadBytes.inc(bytes);
        uploadDuration.observe(seconds);
      },
      deduplicated(bytesSaved) {
        dedupHits.inc();
        dedupSaved.inc(bytesSaved);
      },
      downloaded(bytes, seconds) {
        downloadBytes.inc(bytes);
        downloadDuration.observe(seconds);
      },
      collected(objects) {
        gcRuns.inc();
        gcObjects.inc(objects);
      },
    },
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    close: unsubscribe,
  };
}
