# Juwelier: a small image that runs `python -m bot` as a non-root user.
# Build:  docker build -t juwelier .
# Run:    docker run -d -e DISCORD_TOKEN=... -v juwelier-data:/data juwelier
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    JUWELIER_DB_PATH=/data/juwelier.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY data ./data
RUN pip install --no-compile -e . \
    && useradd --create-home --uid 10001 juwelier \
    && mkdir -p /data && chown juwelier /data

USER juwelier
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
