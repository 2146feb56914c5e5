# syntax=docker/dockerfile:1
# The image wraps the tested production start (docs/deploy.md): the build of `npm run build`, only
# the server's production dependencies, `node apps/server/dist/main.js` as a non-root user.

# Node 20 on Debian bookworm, as the machines the tests run on
# The workspaces' manifests alone, so a change of the code alone reuses the installed dependencies
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY tools/lint/package.json tools/lint/

FROM manifests AS build
# no dependency's install script runs, as under the npm 11 the project is tested with (package.json's
# allowScripts approves none); the image's npm is older and would run them
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies alone: no web toolchain, no test tools, no linter.
FROM manifests AS dependencies
RUN npm ci --omit=dev --workspace=apps/server --ignore-scripts --no-audit --no-fund

FROM node:20-bookworm-slim
# ffmpeg converts WhatsApp voice notes; the PostgreSQL client is what `npm run backup` and
# `npm run restore` call (bookworm's is 15: pg_dump must be at least the server's version)
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# the manifests and every node_modules folder npm made (a workspace may hold its own versions)
COPY --from=dependencies /app ./
COPY packages/shared packages/shared
# src beside dist: the migrations, and the backup and restore commands that run with tsx
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# /ready: the database answers, the migrations are applied, Redis answers when configured
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
