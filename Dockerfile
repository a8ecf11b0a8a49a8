# syntax=docker/dockerfile:1
# Targets: `app` (default: any service, chosen by its command) and `static` (nginx with the
# marketing pages and the members app). See infra/README.md.

FROM node:24-bookworm-slim AS manifests
WORKDIR /src
COPY . .
# Only the package manifests, so the `npm ci` layer is reused until a dependency changes.
RUN mkdir /manifests && cp package-lock.json /manifests/ \
    && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY . .
# Public settings baked into the static builds (compose passes them as build arguments).
ARG PUBLIC_APP_URL CHECKOUT_URL UPGRADE_CHECKOUT_URL SUPPORT_EMAIL SALE_ENDS_AT
# A route table change without a re-rendered nginx config fails the build instead of shipping.
RUN node scripts/render-nginx.ts --check && npm run build

# nginx's current stable line (1.30): it re-resolves upstream names itself (`server … resolve`).
FROM nginx:1.30-alpine AS static
COPY infra/nginx/nginx.conf infra/nginx/routes.conf infra/nginx/static-headers.conf /etc/nginx/
# upstreams.conf (each service's name resolved once: a Kubernetes Service's address) by default;
# docker-compose.yml picks upstreams-dynamic.conf, which asks Docker's DNS again for scaled replicas.
ARG NGINX_UPSTREAMS=upstreams.conf
COPY infra/nginx/${NGINX_UPSTREAMS} /etc/nginx/upstreams.conf
COPY --from=build /app/marketing/dist /srv/marketing
COPY --from=build /app/members-app/dist /srv/members-app

# The services and the migration: production dependencies of the service workspaces only (the static
# builds live in the nginx image), and Node runs their TypeScript itself. Each process is its own
# `node` (PID 1 under `init: true`/Kubernetes), never npm. docs/production-image.md measures the install.
FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts \
      --workspace @sleep-ritual/auth --workspace @sleep-ritual/catalog --workspace @sleep-ritual/progress \
      --workspace @sleep-ritual/webhooks --workspace @sleep-ritual/worker \
    && npm cache clean --force
COPY services/ services/
COPY scripts/migrate.ts scripts/
# var/media exists owned by node, so a fresh named volume mounted there takes that owner.
RUN mkdir -p var/media && chown -R node:node var
USER node
EXPOSE 4101 4102 4103 4104 4105
CMD ["node", "-e", "console.error('Give a command, e.g. node --import @sleep-ritual/platform/tracing services/auth/src/server.ts'); process.exit(64)"]
