# One image for every service of docker-compose.yml: web (gunicorn), Celery worker and beat,
# and the one-shot migrate. Dependencies come from uv.lock, without the dev group.

FROM python:3.12-slim AS build
ENV UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv
RUN pip install --no-cache-dir "uv>=0.9"
WORKDIR /app
COPY pyproject.toml uv.lock .python-version ./
RUN uv sync --locked --no-dev --no-install-project

FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH="/app/.venv/bin:$PATH" \
    DJANGO_SETTINGS_MODULE=unoservice.settings \
    UNO_MODE=production \
    UNO_DATA_DIR=/data
RUN groupadd --system uno \
    && useradd --system --gid uno --home-dir /app --no-create-home uno \
    && mkdir -p /data /keys \
    && chown uno:uno /data /keys \
    && chmod 0700 /data /keys
WORKDIR /app
COPY --from=build /app/.venv /app/.venv
COPY . .
# Static files (admin, Swagger UI, Redoc) are gathered once, at build; ServeStatic serves
# them. The key and database here exist only for this command and are not kept.
RUN SECRET_KEY=collectstatic-only \
    UNO_SIGNING_KEY_FILE=/tmp/collectstatic/unused.pem \
    DATABASE_URL=sqlite:////tmp/collectstatic.sqlite3 \
    UNO_DATA_DIR=/tmp/collectstatic \
    python manage.py collectstatic --noinput \
    && rm -rf /tmp/collectstatic /tmp/collectstatic.sqlite3
# The code stays owned by root: the service can read it, not change it.
USER uno
EXPOSE 8000
CMD ["gunicorn", "unoservice.asgi:application", "--config=python:unoservice.gunicorn_conf"]
