# syntax=docker/dockerfile:1
# The Orders Portal API, identity provider and web app in one image (docs/operations.md, "Deployment").
#   docker build -t orders-portal:0.1.0 .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e DATABASE_OWNER_URL=… -e PUBLIC_URL=https://… orders-portal:0.1.0
# Node 22 LTS: Node 20 reached its end of life in April 2026 and oidc-provider 9 supports LTS releases from 22 on
# only (it warns on 20). The portal runs on both (package.json engines >=20.19): --build-arg NODE_VERSION=20 stays on 20.
ARG NODE_VERSION=22

# ---------- build: every dependency, the web app (Vite) and the API (tsc) ----------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# Behind a TLS-inspecting proxy, give Node (corepack, pnpm) the proxy's CA for the build only, e.g. with buildah:
#   --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt -v /etc/ssl/certs:/etc/ssl/certs:ro
# Unset by default; the runtime stage starts from a fresh base and never sees it.
ARG NODE_EXTRA_CA_CERTS
RUN corepack enable
# The manifests first, so the dependency layer is cached until the lockfile changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY api/package.json api/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile
COPY . .
# generated/ is committed (pnpm check:drift keeps it equal to spec/): the build does not run the TypeSpec chain.
RUN pnpm build

# ---------- production dependencies of the API only ----------
# `pnpm deploy` installs the API package's production dependencies alone (no dev dependencies, none of the web
# app's: 189 MB, of which 59 MB is the embedded PostgreSQL the API falls back to without DATABASE_URL). A filtered
# `pnpm install --prod` is no good here: with nodeLinker hoisted it installs every workspace package's.
FROM build AS deps
# `pnpm deploy` asks the registry again (an ARG ends with its stage).
ARG NODE_EXTRA_CA_CERTS
# It copies the package's files too: the TypeScript sources are not needed at run time (dist comes from build).
RUN pnpm --filter @orders-portal/api deploy --prod --legacy /deploy/api && rm -rf /deploy/api/src /deploy/api/tsconfig*.json

# ---------- runtime ----------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# NODE_OPTIONS: a heap limit, also where the host has far more memory. V8 lets the old space grow to up to 4 times what
# survived its last full collection when the limit is large (the default is a quarter of the host's memory): 400-600 MB
# resident at full scale for 56-70 MB live. At 768 MB it grows by about 1.5 times, still ten times the live heap of the
# heaviest answers; semi-spaces of 8 MB (not 16) keep the young generation's garbage smaller too (docs/operations.md,
# "Memory of a replica"). deploy/k8s gives the same.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS="--max-old-space-size=768 --max-semi-space-size=8"
WORKDIR /app
# What `node api/dist/server.js` reads: its code, its packages, the contract (generated/openapi.json and .yaml, served
# at /api/openapi.*, and the routes are built from it) and the built web app (../../web/dist from api/dist).
COPY --from=deps --chown=root:root /deploy/api ./api
COPY --from=build --chown=root:root /src/api/dist ./api/dist
COPY --from=build --chown=root:root /src/web/dist ./web/dist
COPY --from=build --chown=root:root /src/generated/openapi.json /src/generated/openapi.yaml ./generated/
# The code is root's and read-only to the process; DATA_DIR (the file outbox without SMTP) is the only place it
# writes. In Kubernetes mount a volume there (the manifests mount an emptyDir; readOnlyRootFilesystem).
RUN mkdir -p /data && chown node:node /data
# The image's `node` user (uid 1000), never root.
USER 1000:1000
EXPOSE 3000
# /healthz: the process answers; /readyz: and its database does (the orchestrator's readiness probe). The slim
# image has no curl: Node's fetch does the request.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (close-with-grace: stop accepting, finish the requests in flight, close
# the pool), within Kubernetes' 30 s grace period.
CMD ["node", "api/dist/server.js"]
