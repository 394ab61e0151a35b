# Vault: one image for the embedded setup (SQLite + disk under /data) and for
# instances of the scaled-out setup (DATABASE_URL, S3_*, REDIS_URL).

# The base image: the official one by default; scripts/container-base.sh builds
# a stand-in (localhost/node:20-slim) on machines that cannot reach Docker Hub.
ARG NODE_IMAGE=node:20-slim

# Build: every workspace's dependencies, then the contract, the server and the web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 and argon2 compile from source when no prebuilt binary fits,
# against the image's own Node.js headers (no download from nodejs.org).
ENV npm_config_nodedir=/usr/local
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY contract contract
COPY server server
COPY web web
RUN node scripts/build.mjs

# What the last stage copies: the runtime dependencies only (the server's and
# the contract's, without dev tools) and an empty data directory. When
# better-sqlite3 was compiled here (no prebuilt binary fitted), only its addon
# is kept: its SQLite sources and object files are a build's leftovers.
FROM build AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund -w @vault/server -w @vault/contract \
  && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target \
    node_modules/better-sqlite3/build/Release/test_extension.node \
  && mkdir /data

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
# glibc keeps a freed block up to 32 MiB for the next allocation of its thread
# once one such block was freed: every thread-pool thread that hashed a
# password (argon2id, 19 MiB) then kept 19 MiB resident for good (80 MB after
# 100 registrations). A fixed threshold maps blocks of 4 MiB and more afresh
# and returns them when freed.
ENV MALLOC_MMAP_THRESHOLD_=4194304
# Each thread that allocates (the event loop, the reading threads, libuv's
# pool, V8's helpers) otherwise gets an arena of its own, up to 8 per core,
# and returns what it frees to the system, only to fault it in again at its
# next large allocation. With two, threads reuse what others freed: the mixed
# load ran 698 to 743 requests/s instead of 591 to 636, in less memory.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/contract/dist contract/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/bin server/bin
COPY --from=build /app/web/dist web/dist
# The node image's unprivileged user owns only the data directory, copied in
# with its owner: this stage runs no command, so nothing a build step or its
# mounts leave behind ends up in the image.
COPY --from=runtime-deps --chown=node:node /data /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
