# Two commands for a fresh machine: `make demo` and `make test`.
# the lowest Python supported (requires-python): python3.11 where it exists
PYTHON ?= $(shell command -v python3.11 || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest-xdist: a module's tests on one worker, so its module fixtures are built once
XDIST ?= --dist loadscope

.PHONY: demo test test-rapido lint bench clean template golden wasm docs docs-tables \
	docs-pictures

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/risiko-xl demo demo

# the whole suite on every core (pytest-xdist); what CI runs. Pyodide and its wheels are
# prepared first where npm exists (without, the WebAssembly tests skip; under CI=true they fail)
test: $(STAMP)
	@if command -v npm >/dev/null; then $(MAKE) --no-print-directory wasm; \
	else echo "npm assente: i test WebAssembly (Pyodide) saltano"; fi
	$(BIN)/ruff check risiko_xl tests benchmarks tools
	$(BIN)/lint-imports --no-cache  # the import contract in pyproject.toml: the core imports no face
	$(BIN)/mypy  # strict on every module (pyproject.toml)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet  # the guide: links, anchors, nav
	$(BIN)/python -m pytest -n auto $(XDIST)

# the fast tier: no LibreOffice, no Chromium, nothing marked slow
test-rapido: $(STAMP)
	$(BIN)/ruff check risiko_xl tests benchmarks tools
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet
	$(BIN)/python -m pytest -q -n auto $(XDIST) -m "not libreoffice and not chromium and not lento"

template: $(STAMP)  # the shipped workbooks, rebuilt byte for byte (macros/ regenerated too)
	$(BIN)/risiko-xl new workbook/torneo.xlsx --formula master --forza
	rm -rf workbook/torneo.bak.xlsx workbook/torneo.xlsx.versioni
	$(BIN)/python -m risiko_xl.workbooks.xlsm  # from a template with the live formulas
	$(BIN)/python -m risiko_xl.workbooks.lite  # torneo-lite.xlsx: xlwings Lite, its code, the package

# the organisers' guide (docs/, mkdocs.yml) into build/site/: first the parts generated from
# the code (the reference of the formula's rules, from the rule table; the table of words in
# docs/ARCHITECTURE.md), then the pictures from `risiko-xl demo` (Debian's chromium and
# pdftoppm; committed, so `make test` builds the site without a browser)
docs: docs-tables docs-pictures
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-tables: $(STAMP)
	$(BIN)/python tools/docs_tables.py

docs-pictures: $(STAMP)
	$(BIN)/python tools/docs_pictures.py

golden: $(STAMP)  # deliberately rewrite the posts' golden files; review the diff after
	RISIKO_RIGENERA_GOLDEN=1 $(BIN)/python -m pytest -q tests/publish/test_golden_posts.py

# Pyodide under Node.js and the wheels it installs, for tests/lite/test_wasm.py and
# benchmarks/wasm_draw.py (they skip without, fail under CI=true): npm and PyPI are asked
# here, never while a test runs; a second run only rebuilds our wheel when a source changed
WASM_WHEELS := build/wasm/wheels/.built
LITE_WHEELS := build/wasm/lite-wheels/.built
wasm: tools/wasm/node_modules/.package-lock.json $(WASM_WHEELS) $(LITE_WHEELS)

tools/wasm/node_modules/.package-lock.json: tools/wasm/package.json tools/wasm/package-lock.json
	cd tools/wasm && npm ci --no-audit --no-fund --loglevel=error

$(WASM_WHEELS): $(STAMP) tools/wasm/wheels.py $(shell find risiko_xl templates -type f -not -path '*/__pycache__/*')
	$(BIN)/python tools/wasm/wheels.py build/wasm/wheels
	touch $@

# what xlwings Lite installs for torneo-lite.xlsx (its requirements.txt; not our wheel: the
# workbook's main.py carries the package), for tests/lite/test_lite_wasm.py
$(LITE_WHEELS): $(STAMP) tools/wasm/wheels.py workbook/torneo-lite.xlsx
	$(BIN)/python tools/wasm/wheels.py build/wasm/lite-wheels --lite workbook/torneo-lite.xlsx
	touch $@

bench: $(STAMP)
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) demo .pytest_cache .hypothesis .mypy_cache
