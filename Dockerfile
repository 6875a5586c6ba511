# The API as a container image (issue 13): production dependencies only, run as a non-root user,
# the static site served elsewhere (a CDN: SERVE_SITE=0). See README "Deploying the API".
# scripts/checkProductionInstall.ts installs this file's COPY sources the same way in `npm test`.

# Node 24, as package.json's engines require: the image brings it, so the `node` package (a
# development dependency) is not installed.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` with the lock file, not `npm ci`: the lock, written where the registry mirror lacks
# other platforms' optional packages, does not list them all, and `npm ci` refuses such a lock (see
# .ci/run). The lock still fixes the version of every package installed. No production dependency has
# an install script: none may run.
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SERVE_SITE=0 \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and read-only to the server's user; only DATA_DIR is writable.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY src/server ./src/server
COPY src/lib ./src/lib
COPY content/site.json content/holidays.json ./content/
COPY scripts/ops.ts scripts/smsSender.ts scripts/jobs.ts ./scripts/
COPY scripts/lib/workerProcess.ts ./scripts/lib/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# No curl in slim images: Node's own fetch asks /Api/health.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/Api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking connections and lets running requests finish (15 s at most):
# give it more than that before SIGKILL (docker stop -t 20, Kubernetes' default 30 s).
STOPSIGNAL SIGTERM
CMD ["node", "src/server/app/main.ts"]
