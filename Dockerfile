# Vault: one image for the embedded setup (SQLite + disk under /data) and for
# instances of the scaled-out setup (DATABASE_URL, S3_*, REDIS_URL).

# Build: every workspace's dependencies, then the contract, the server and the web app.
FROM node:20-slim AS build
WORKDIR /app
# better-sqlite3 and argon2 compile from source when no prebuilt binary fits.
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

# Runtime dependencies only: the server's and the contract's, without dev tools.
FROM build AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund -w @vault/server -w @vault/contract

FROM node:20-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/contract/dist contract/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/bin server/bin
COPY --from=build /app/web/dist web/dist
# The node image's unprivileged user owns only the data directory.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
