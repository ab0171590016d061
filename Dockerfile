# syntax=docker/dockerfile:1
# One image for every role: PROCESS_ROLE=all (npm start), api (npm run start:api) or worker (npm run start:worker).
# docs/deploy.md describes the stages, the volumes and what was run on the build machine.

# Node 22 and 24 are the versions the tests run on (README, "Test"); package.json's engines asks for >=22.12.
ARG NODE_VERSION=22
FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app

# Every dependency, for the web build and the model conversion.
FROM base AS deps
# onnxruntime-node's install script would download CUDA files; the CPU runtime ships in the package
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build:web
# The shipped networks converted to ONNX once, here, instead of on every container's first job. The int8 forms are
# made when the build machine's CPU runs them without loss; a worker on another CPU makes what it lacks on first use.
RUN DATA_DIR=/opt/renderlift npm run models

# Only what the server runs: no test runners, bundlers or browsers.
FROM base AS runtime-deps
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM base AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    MODEL_CACHE_DIR=/opt/renderlift/models \
    PROCESS_ROLE=all \
    PORT=3000
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json package-lock.json .npmrc tsconfig.json aliases.ts ./
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY src ./src
# after the sources, so the start's web-build check finds the build newer than they are
COPY --from=build /app/dist ./dist
COPY --from=build --chown=node:node /opt/renderlift/models /opt/renderlift/models
# the data folder belongs to the server's account alone, as the server expects (README, DATA_DIR)
RUN install -d -m 0700 -o node -g node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# exec: npm is the container's first process and forwards SIGTERM to the server, which stops gracefully
CMD ["sh", "-c", "case \"$PROCESS_ROLE\" in api) exec npm run start:api ;; worker) exec npm run start:worker ;; *) exec npm start ;; esac"]
