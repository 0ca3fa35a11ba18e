# taintgate API image: build with the dev toolchain, ship only production dependencies.

# --- build: install everything, compile TypeScript to dist/ -----------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app

# Manifests first, so the dependency layer is reused while only sources change. The workspaces'
# own manifests too (package.json "workspaces": the kubectl plugin): without them `npm ci` leaves a
# workspace out, neither checked against the lockfile nor linked into node_modules.
COPY package.json package-lock.json ./
COPY apps/kubectl-plugin/package.json ./apps/kubectl-plugin/
# No install scripts, as on the development machines: none of the dependencies needs one
# (swc, esbuild and rollup ship their binaries as optional dependencies).
RUN npm ci --ignore-scripts

COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY prisma ./prisma
# The build compiles every app: the image ships the plugin's compiled files beside the service's,
# unused (kubectl-taintgate runs on a user's machine, from a checkout).
COPY apps ./apps
COPY libs ./libs
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts

# --- runtime: node, production node_modules and the compiled output ---------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# Two malloc arenas, as `npm run serve` sets them (docs/operations.md, Memory).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app

COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Migrations are applied at start, from prisma/migrations.
COPY --from=build /app/prisma ./prisma

# The image's unprivileged user; the service needs no root.
USER node
EXPOSE 3000
# node itself as PID 1's command (not npm), so SIGTERM reaches the app's shutdown hooks; the heap
# `npm run serve` gives (8 GiB): a cluster of 300,000 pods takes about 360 MiB of snapshot, and
# its import a few GiB more while it runs, more than Node's default heap leaves room for
# (docs/operations.md, Configuration).
CMD ["node", "--max-old-space-size=8192", "dist/apps/api/src/main.js"]
