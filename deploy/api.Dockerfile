# The API server: built from the repository, runs server/dist/main.js against DATABASE_URL.
# Production (NODE_ENV below) refuses to start without SECRETS_KEY (see docker-compose.yml).
# It also serves the game providers' own pages (apps.json kind "game": the in-house JL client at
# /jl/play/<game> and /jl/verify) with their page policy (this origin only, framed by the site
# only): build them first (`npm run build -- games-jl`); the image copies dist/games as it is.
FROM node:22-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY contract/package.json contract/
COPY inhouse-games/package.json inhouse-games/
COPY lottery-rules/package.json lottery-rules/
RUN npm install --workspace server --include-workspace-root=false --no-audit --no-fund
COPY tsconfig.base.json ./
# The wire contract (@platform/contract), the in-house games' math (@platform/inhouse-games) and
# the lottery's rules (@platform/lottery-rules), compiled with the server.
COPY contract/tsconfig.build.json contract/
COPY contract/src contract/src
COPY inhouse-games/tsconfig.build.json inhouse-games/
COPY inhouse-games/src inhouse-games/src
COPY lottery-rules/tsconfig.build.json lottery-rules/
COPY lottery-rules/src lottery-rules/src
COPY server server
RUN npm run build --workspace server

FROM node:22-alpine
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/server server
COPY --from=build /app/contract/package.json contract/
COPY --from=build /app/contract/dist contract/dist
COPY --from=build /app/inhouse-games/package.json inhouse-games/
COPY --from=build /app/inhouse-games/dist inhouse-games/dist
COPY --from=build /app/lottery-rules/package.json lottery-rules/
COPY --from=build /app/lottery-rules/dist lottery-rules/dist
# Only the game clients: the shell and the remotes are static services of their own.
COPY dist/games dist/games
ENV STATIC_ROOT=/app/dist
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
