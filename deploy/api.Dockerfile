# The API server alone: built from the repository, runs server/dist/main.js against DATABASE_URL.
# Production (NODE_ENV below) refuses to start without SECRETS_KEY (see docker-compose.yml).
FROM node:20-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY shared/package.json shared/
RUN npm install --workspace server --include-workspace-root=false --no-audit --no-fund
COPY tsconfig.base.json ./
COPY shared/tsconfig.contract.json shared/
COPY shared/src/types shared/src/types
COPY shared/src/contract shared/src/contract
COPY server server
RUN npm run build --workspace server

FROM node:20-alpine
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/server server
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
