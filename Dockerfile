# The service image used by docker-compose.yml (Neo4j 5 as the store).
FROM python:3.11-slim
WORKDIR /srv/memsvc
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY app app
COPY models models
COPY pipelines pipelines
COPY graph graph
COPY cypher cypher
COPY bench bench
# CPU wheels of PyTorch keep the image small; set TORCH_INDEX to a CUDA index for GPU hosts.
ARG TORCH_INDEX=https://download.pytorch.org/whl/cpu
RUN pip install --no-cache-dir torch --index-url "$TORCH_INDEX" && pip install --no-cache-dir .
ENV MEMSVC_HOST=0.0.0.0 MEMSVC_PORT=8080
EXPOSE 8080
CMD ["memsvc", "serve", "--host", "0.0.0.0", "--port", "8080"]
