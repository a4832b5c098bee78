# Catalyst's container image: the one build, started as `web`, `worker` or `all` (PROCESS_ROLE; see
# docs/deployment.md for the environment, PostgreSQL, the bucket and how many of each to run).
# The build stage makes what `npm run build` makes (SPA, landing pages, server renderer, server
# bundle); the final stage holds those and the production dependencies alone, runs as the
# unprivileged `node` user and starts the server bundle with the flags and malloc settings of
# scripts/build-server.ts (SERVER_NODE_FLAGS, SERVER_ENV). scripts/check-production-install.ts
# proves the same steps here, where no container runtime runs (`npm test`, on PostgreSQL).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PROCESS_ROLE=all \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/dist-server ./dist-server
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=512", "--expose-gc", "dist-server/main.js"]
