# One image, three targets: api, worker, web. Build with --target.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json nest-cli.json ./
COPY shared shared
COPY api api
COPY worker worker
COPY frontend frontend
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production
# pg_dump for the admin backups.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared shared
COPY --from=build /app/api api
EXPOSE 3000
# main.js migrates under an advisory lock; the seed is idempotent, so every replica may run both.
CMD ["sh", "-c", "node api/dist/database/migrate.js && node api/dist/database/seed.js && exec node api/dist/main.js"]

FROM node:20-bookworm-slim AS worker
WORKDIR /app
ENV NODE_ENV=production
# OCR of scanned CDAs needs poppler (pdftoppm) and Tesseract with Portuguese data.
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr tesseract-ocr-por tesseract-ocr-osd \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared shared
COPY --from=build /app/worker worker
EXPOSE 9464
CMD ["node", "worker/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
