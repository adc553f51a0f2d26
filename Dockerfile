# syntax=docker/dockerfile:1
# The product as one image: the API (apps/admin-api) serving the prerendered site (apps/web) on :8080.
#   docker build -t kilima-site .        (or: docker compose up --build)
# The build steps live in scripts/docker-build.sh, which tooling/ops's tests also run outside Docker.
#
# Node 22 (LTS): every locked package's `engines` allows it (better-sqlite3 12 supports 20-26,
# firebase-admin 13 >= 18, eslint 10 ^22.13, msw's @inquirer/* ^22.22), while Node 20 left LTS in April
# 2026. The development machines and CI run Node 20.19+, which the same lockfile also supports; pass
# --build-arg NODE_IMAGE=node:20-bookworm-slim to build on exactly what they test.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded: it needs these.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The repo's .npmrc points node-gyp at /usr (Debian's Node); the official image keeps its headers in /usr/local.
ENV CI=true \
    TURBO_TELEMETRY_DISABLED=1 \
    npm_config_nodedir=/usr/local
# Public values baked into the prerendered pages at build time (see docs/configuration.md).
ARG VITE_SITE_URL=""
ARG VITE_API_BASE_URL=""
ENV VITE_SITE_URL=${VITE_SITE_URL} \
    VITE_API_BASE_URL=${VITE_API_BASE_URL}
WORKDIR /repo

# Packages first, from the lockfile alone (and the patches it names, which pnpm applies as it builds them):
# this layer is rebuilt only when dependencies change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY patches patches
COPY scripts/docker-build.sh scripts/docker-build.sh
RUN sh scripts/docker-build.sh fetch

COPY . .
RUN sh scripts/docker-build.sh install
RUN sh scripts/docker-build.sh build
RUN sh scripts/docker-build.sh assemble /out

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    SITE_DIR=/app/site \
    DATA_DIR=/app/var/data \
    MAIL_DIR=/app/var/mail
WORKDIR /app
# Code owned by root and read-only to the app user; only /app/var (the volume) is writable.
COPY --from=build /out /app
RUN mkdir -p /app/var/data /app/var/mail && chown -R node:node /app/var
USER node
# SQLite database (var/data, with its -wal and -shm files) and .eml mail when no SMTP_URL is set.
VOLUME ["/app/var"]
EXPOSE 8080
# The slim image has no curl: Node's own fetch asks the API whether it is alive.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and gets SIGTERM directly: the API stops accepting, drains, stops the worker, closes the store.
# Operator commands run beside it from the same dist/ (docs/operations.md):
#   docker compose exec site node dist/cli/outbox.js stats
#   docker compose exec site node dist/cli/sqlite-backup.js /app/var/backups/site.db
CMD ["node", "dist/main.js"]
