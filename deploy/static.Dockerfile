# One static web service: the shell, or one remote with all its versioned folders.
FROM nginx:1.29-alpine
ARG SITE_DIR
COPY deploy/nginx/static.conf /etc/nginx/conf.d/default.conf
COPY ${SITE_DIR} /usr/share/nginx/html
EXPOSE 8080
