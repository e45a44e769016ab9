# One image for both processes of the service: the API (default) and the Temporal worker
# (`node --import tsx worker/main.ts`, with the heap setting and workflow bundle docker-compose.yml gives it).
# TypeScript runs directly with tsx, as in development.

# The dashboard (/app/) is built with the dev dependencies (Vite, React) in a stage of its own; the image keeps only
# its static files.
FROM node:20-bookworm-slim AS dashboard
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY dashboard ./dashboard
RUN npx vite build dashboard

FROM node:20-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/var/lib/voice-agent-calling

# Live voice: local text-to-speech (flite, espeak-ng) and speech-to-text (pocketsphinx and its US English model).
RUN apt-get update \
    && apt-get install -y --no-install-recommends flite espeak-ng pocketsphinx pocketsphinx-en-us \
    && rm -rf /var/lib/apt/lists/*

COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p "$DATA_DIR" && chown node:node "$DATA_DIR"

COPY --chown=node:node . .
COPY --from=dashboard --chown=node:node /build/dashboard/dist ./dashboard/dist
# The worker's workflow bundle, built once here (WORKFLOW_BUNDLE_PATH in docker-compose.yml): a worker that bundled
# at start would wait for webpack and peak ~170 MB above its working size.
RUN node --import tsx worker/bundle-workflows.ts /app/workflow-bundle.js

USER node
EXPOSE 8000
# Liveness (/api/v1/livez): the API listens only after its migrations, so healthy still means migrated for compose's
# depends_on, and a Temporal or storage outage does not mark it unhealthy (readiness is /api/v1/readyz).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/api/v1/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "api/server.ts"]
