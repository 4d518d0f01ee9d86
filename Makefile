# Guild Bank: `make run` serves the app, `make test` runs every test. Both install what is missing.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
FRONTEND := frontend
HAS_FRONTEND := $(wildcard $(FRONTEND)/package.json)
CHROMIUM := /usr/bin/chromium

.PHONY: run serve balance test lint api-types test-python test-frontend test-e2e bench python node bundle chromium nginx haproxy wrk clean

## Python: a venv on Python >= 3.12 with the pinned requirements
python: $(VENV)/.installed
$(VENV)/.installed: requirements.txt requirements-no-deps.txt scripts/find-python
	@interpreter=$$(scripts/find-python) || exit 1; \
	if [ -x $(PY) ] && ! $(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)'; then \
		echo "Replacing $(VENV): it was made with an older Python"; rm -rf $(VENV); fi; \
	if [ ! -x $(PY) ]; then echo "Creating $(VENV) with $$interpreter"; "$$interpreter" -m venv $(VENV); fi
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps -r requirements-no-deps.txt
	@touch $@

## Frontend: npm packages from the committed lockfile, then the production bundle
node: $(if $(HAS_FRONTEND),$(FRONTEND)/node_modules/.installed)
$(FRONTEND)/node_modules/.installed: $(FRONTEND)/package.json $(FRONTEND)/package-lock.json
	cd $(FRONTEND) && npm install --no-audit --no-fund --loglevel=error
	@touch $@

FRONTEND_SOURCES := $(if $(HAS_FRONTEND),$(shell find $(FRONTEND)/src $(FRONTEND)/scripts -type f 2>/dev/null) $(wildcard $(FRONTEND)/*.js $(FRONTEND)/*.mjs $(FRONTEND)/*.json))
bundle: $(if $(HAS_FRONTEND),$(FRONTEND)/webpack-stats.json)
$(FRONTEND)/webpack-stats.json: $(FRONTEND)/node_modules/.installed $(filter-out $(FRONTEND)/webpack-stats.json,$(FRONTEND_SOURCES))
	cd $(FRONTEND) && npm run build
	@touch $@

## Debian's Chromium for the browser tests (Playwright's own download does not work here)
chromium: $(CHROMIUM)
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium

## Debian's nginx, the front proxy of `make serve` (deploy/nginx.conf); the layout's tests start it too
NGINX := /usr/sbin/nginx
nginx: $(NGINX)
$(NGINX):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx

## Debian's HAProxy, the balancer in front of several machines (deploy/haproxy.cfg, `make balance`);
## the two-machine test starts it too
HAPROXY := /usr/sbin/haproxy
haproxy: $(HAPROXY)
$(HAPROXY):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq haproxy

## wrk for the HTTP benchmark (Debian's package)
wrk: /usr/bin/wrk
/usr/bin/wrk:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq wrk

## Every bench script on scratch databases (SQLite files in /tmp; PostgreSQL and Redis for the live one),
## one table at the end (bench/results/latest.md). BENCH_ARGS=--quick for a small smoke run.
bench: python bundle wrk nginx
	$(PY) bench/run_all.py $(BENCH_ARGS)

## The production layout on one machine: nginx on PORT in front of HTTP_WORKERS gunicorn workers (HTTP),
## SOCKET_WORKERS daphne processes (WebSockets) and TASK_WORKERS task workers, under supervisor
## (deploy/serve, deploy/supervisord.conf). Settings come from the environment: README.md, "Production on one machine".
HTTP_WORKERS ?= 4
SOCKET_WORKERS ?= 2
TASK_WORKERS ?= 1
serve: python bundle nginx
	@export DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-config.settings.production}; \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py ensure_admin && \
	PORT=$(PORT) HTTP_WORKERS=$(HTTP_WORKERS) SOCKET_WORKERS=$(SOCKET_WORKERS) TASK_WORKERS=$(TASK_WORKERS) deploy/serve

## Several machines: HAProxy on PORT in front of the machines named in MACHINES ("10.0.0.2:8000 10.0.0.3:8000"),
## each running `make serve` (deploy/balance, deploy/haproxy.cfg; README.md, "Several machines")
balance: python haproxy
	PORT=$(PORT) deploy/balance

run: python bundle
	$(PY) manage.py migrate --noinput
	$(PY) manage.py ensure_admin
	$(PY) manage.py seed_demo --if-empty
	@echo "Guild Bank on http://127.0.0.1:$(PORT)"
	$(PY) -m config.server -b 127.0.0.1 -p $(PORT) config.asgi:application

test: lint test-python test-frontend test-e2e

## ruff (lint and format check), import-linter (the layers' arrows point down), vulture (no dead Python),
## mypy (types, with the Django and DRF stubs; what it checks: pyproject.toml, [tool.mypy]; the browser
## tests in a run of their own, with their own cache: e2e's conftest is a second module `conftest`),
## knip (no dead TypeScript files, exports or dependencies: frontend/knip.jsonc),
## and ESLint (typescript-eslint, react-hooks): fix what they find
lint: python $(if $(HAS_FRONTEND),node)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/vulture
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --cache-dir .mypy_cache/e2e e2e
ifneq ($(HAS_FRONTEND),)
	scripts/api-types --check
	cd $(FRONTEND) && npm run lint
endif

## The frontend's API types from the server's OpenAPI schema (frontend/src/lib/api-schema.d.ts):
## run after changing a serializer or a view's schema, and commit the file; `make lint` fails when it is stale
api-types: python node
	scripts/api-types

## PYTEST_WORKERS: pytest-xdist workers (each with its own test database); auto = one per CPU
PYTEST_WORKERS ?= auto
test-python: python nginx haproxy
	$(PY) -m pytest -q -n $(PYTEST_WORKERS)

test-frontend: $(if $(HAS_FRONTEND),node bundle)
ifneq ($(HAS_FRONTEND),)
	cd $(FRONTEND) && npm run typecheck && npm test
endif

## E2E_WORKERS: browser-test workers, each with its own daphne servers, database and Chromium; the tests
## of one screen walk (a theme at one width, test_accessibility.py) share a worker and its sign-ins
E2E_WORKERS ?= 2
test-e2e: python bundle chromium
ifneq ($(wildcard e2e/conftest.py),)
	$(PY) -m pytest e2e -q -p no:asyncio -p no:django -n $(E2E_WORKERS) --dist loadgroup
endif

clean:
	rm -rf run $(VENV) $(FRONTEND)/node_modules $(FRONTEND)/dist $(FRONTEND)/webpack-stats.json .test-db*.sqlite3*
