# Two entry points (see README): `make run` and `make test`. Both set everything up first.
PY ?= python3
VENV := .venv
PHONE_VENV := .venv-phone
BIN := $(VENV)/bin
ARGS ?=

.PHONY: run test setup test-main test-phone-vision chromium clean

$(BIN)/.stamp: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $@

setup: $(BIN)/.stamp

run: setup
	$(BIN)/python -m companion $(ARGS)

# Debian's Chromium for the real-browser tests (Playwright never downloads a browser here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium fonts-dejavu-core; \
	fi

# The phone build only gets OpenCV 4.10.0.84 and numpy 2.1: prove the scanner works there too.
$(PHONE_VENV)/bin/.stamp: pyproject.toml
	$(PY) -m venv $(PHONE_VENV)
	$(PHONE_VENV)/bin/pip install -q --upgrade pip
	$(PHONE_VENV)/bin/pip install -q 'opencv-python-headless==4.10.0.84' 'numpy==2.1.*' pytest pytest-timeout pytest-rerunfailures hypothesis
	touch $@

test-main: setup chromium
	$(BIN)/python -m pytest -q $(ARGS)

test-phone-vision: $(PHONE_VENV)/bin/.stamp
	$(PHONE_VENV)/bin/python -m pytest -q -m vision -p no:cacheprovider tests/vision

test: test-main test-phone-vision

clean:
	rm -rf $(VENV) $(PHONE_VENV) .pytest_cache .hypothesis
