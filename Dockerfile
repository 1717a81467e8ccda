# syntax=docker/dockerfile:1
# Alcancía: the API, serving the built web app, on one port. Three stages: build everything,
# install only what the API needs at run time, then a small non-root image with those two.
# scripts/check-deploy.sh runs these same steps without a container runtime (CI).

# --- build: every dependency, then the web app and the API bundle ---------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- prune: production dependencies of the API workspace only -------------------------------
# The bundle (apps/api/dist/server.js) holds the workspace packages' code; their npm
# dependencies stay external and load from node_modules.
FROM node:20-bookworm-slim AS prune
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/sandbox/package.json apps/sandbox/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund

# --- run ------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=prune /src/node_modules node_modules
# what npm could not hoist for the API (pg-boss 10 and its own dependencies' versions)
COPY --from=prune /src/apps/api/node_modules apps/api/node_modules
COPY --from=prune /src/package.json package.json
# drizzle.config.ts marks the API's root (src/db/paths.ts); migrations are applied at boot.
COPY --from=build /src/apps/api/package.json /src/apps/api/drizzle.config.ts apps/api/
# The server's bundle only: dist/dev/ holds the local stand-ins, never loaded in production.
COPY --from=build /src/apps/api/dist/server.js /src/apps/api/dist/server.js.map /src/apps/api/dist/telemetry.js apps/api/dist/
COPY --from=build /src/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /src/apps/api/media apps/api/media
# The classes' transcripts and the materials' texts the demo seed and Aladina read (the catalogue is in the bundle).
COPY --from=build /src/apps/api/content apps/api/content
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR only matters for the embedded database and generated development keys; the compose
# file runs with DATABASE_URL and secrets. It stays writable for the non-root user anyway.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Liveness without curl: Node 20's fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The same heap cap as `npm start` (decision 33), the setting the bench and the soak measured.
CMD ["node", "--max-old-space-size=192", "apps/api/dist/server.js"]
