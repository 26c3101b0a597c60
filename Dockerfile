# syntax=docker/dockerfile:1
# The reference server and the built app in one image. Two stages: the builder installs every dependency
# (better-sqlite3 compiles its native module there, against the runtime's own Node and glibc), builds the app and
# compiles the server, then drops the development dependencies; the runtime copies only what runs.
#
#   docker build -t mon-espace-mobile .
#   docker run -p 8080:8080 -v mobile-data:/data mon-espace-mobile
# or: docker compose up --build

# Node 24, the Active LTS (supported until April 2028): Node 20 reached its end of life in April 2026. The code
# still runs on 20.19 and later (package.json `engines`), the oldest release its tools accept.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS builder
# Tool chain for native modules when no prebuilt binary fits (better-sqlite3).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: the lockfile may lack other platforms' optional packages (README).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=builder /app/package.json ./
COPY --from=builder /app/node_modules ./node_modules
COPY --from=builder /app/dist ./dist
COPY --from=builder /app/dist-server ./dist-server
# The database lives in a volume, owned by the unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Ready = the server answers and its database answers a query (GET /api/public/ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "dist-server/healthcheck.js"]
# Node as PID 1 receives SIGTERM directly: the server finishes its requests in flight, closes the database, exits.
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
