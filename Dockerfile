# HackClass as one image: the all-in-one server (identity, API and web app on one port) and the
# operators' CLI. `docker compose up` builds it; see README "Run it with Docker Compose".
# The base is an argument so a build can use a mirror or a locally made Node 22 image.
ARG NODE_IMAGE=node:22-slim

# Only the package manifests, so the dependency layer below is rebuilt when they change and
# not on every change of a source file.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -exec rm -f {} +

FROM ${NODE_IMAGE} AS build
# The lock file is written by npm 11, and Node 22's own npm 10 refuses it in `npm ci`.
ARG NPM_VERSION=11.19.1
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root: the server's user reads the code and cannot change it.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps ./apps
# The data folder is the server user's alone; the server refuses one that others can open.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/bin/serve.js"]
