# The two commands of the README: `make run` (serve with demo data) and `make test` (everything).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py
# Local commands run in dev mode; only `check --deploy` runs with production settings.
DEV := DJANGO_DEBUG=1
# Every command here writes the bytecode of what it imports, whatever PYTHONDONTWRITEBYTECODE
# says: the first compiles Django and the project once, and no later command, server or test
# worker compiles them again (compiling all of .venv as it is installed took 11 s more).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run serve test lint check-django pytest chromium messages requirements clean

$(BIN)/python:
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
	  else echo "Python's venv is missing: sudo apt-get install python3-venv"; exit 1; fi; }
	$(PYTHON) -m venv $(VENV)

# uv installs the pinned, hashed requirements (pip would take minutes on a new machine).
UV := $(BIN)/uv pip install --quiet --python $(BIN)/python --require-hashes
$(BIN)/uv: requirements/uv.txt | $(BIN)/python
	$(BIN)/python -m pip install -q --require-hashes -r requirements/uv.txt
	touch $@

# Serving needs only requirements/base.txt; the tests, linters and benchmarks need the rest.
$(VENV)/.served: requirements/base.txt | $(BIN)/uv
	$(UV) -r requirements/base.txt
	touch $@

$(VENV)/.installed: requirements/base.txt requirements/test.txt | $(BIN)/uv
	$(UV) -r requirements/test.txt
	touch $@ $(VENV)/.served

# The port both serve on: `make run PORT=8080`.
PORT ?= 8000

# migrate runs Django's checks; the server starts without running them again.
run: $(VENV)/.served
	$(DEV) $(MANAGE) migrate --noinput
	$(DEV) $(MANAGE) load_demo
	$(DEV) $(MANAGE) runserver --skip-checks 127.0.0.1:$(PORT)

# A club night on this computer: the production stack on the local network (docs/deployment.md).
serve: $(VENV)/.served
	$(BIN)/python -m scorekeeper.serve --port $(PORT)

# The linters and Django's checks run beside the tests (which leave the cores idle while they
# wait on browsers and servers); a failure in any of the three fails the run once all end.
test:
	@$(MAKE) --no-print-directory -j3 lint check-django pytest

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(DEV) $(BIN)/mypy --strict referee scorekeeper
	$(BIN)/lint-imports

check-django: $(VENV)/.installed
	$(DEV) $(MANAGE) makemigrations --check --dry-run
	$(DEV) $(MANAGE) spectacular --validate --fail-on-warn > /dev/null
	env -u DJANGO_ALLOW_ASYNC_UNSAFE DJANGO_DEBUG=0 ALLOWED_HOSTS=scores.example.org \
	  SECRET_KEY="$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" \
	  $(MANAGE) check --deploy --fail-level WARNING

# The browser tests drive Debian's Chromium (never a browser Playwright downloads), mostly as
# its headless shell, which costs the tests less CPU.
chromium:
	@{ command -v chromium && command -v chromium-headless-shell; } >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      chromium chromium-headless-shell; \
	  else echo "The browser tests need Chromium: sudo apt-get install chromium chromium-headless-shell"; \
	    exit 1; fi; }

# pytest exits 5 when it collected nothing: that is a failure here, not a pass. The tests run
# on TEST_WORKERS processes (pytest-xdist), each taking the next test as it finishes one:
# four on CI's two cores, since a browser or server test spends part of its time waiting
# (pytest on the two-core machine, the suite of 4,650 tests on clean clones: three workers
# 620-642 s, four 562-566 s).
TEST_WORKERS ?= 4
pytest: $(VENV)/.installed chromium
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal tests/ || { rc=$$?; [ $$rc -ne 5 ] || echo "pytest collected no tests"; exit $$rc; }

# Pin every package with its hashes (pip-tools) from what requirements/base.in and test.in ask
# for; uv then installs nothing it cannot check.
COMPILE := ../$(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
  --no-emit-find-links --no-emit-index-url
requirements: $(VENV)/.installed
	cd requirements && $(COMPILE) -o base.txt base.in && $(COMPILE) -o test.txt test.in \
	  && $(COMPILE) -o uv.txt uv.in

# Gather the pages' and messages' translatable strings into the Korean catalogue, then compile it
# (GNU gettext: apt-get install gettext). Every new msgid needs its msgstr before the tests pass.
messages: $(VENV)/.installed
	cd scorekeeper && $(DEV) ../$(BIN)/python ../manage.py makemessages -l ko --no-location --no-wrap --no-obsolete
	cd scorekeeper && $(DEV) ../$(BIN)/python ../manage.py compilemessages -l ko

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache
